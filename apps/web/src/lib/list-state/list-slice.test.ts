import { describe, expect, it } from 'vitest';
import { createStore, rootReducer } from '@/lib/store';
import { optionsFilter, textFilter } from './filter-fields';
import { defineList } from './list-definition';
import { createListSlice } from './list-slice';

const assets = defineList({
  name: 'assetsListTest',
  views: {
    all: {
      filters: {
        textSearchQuery: textFilter('q'),
        status: optionsFilter('status', ['in-use', 'in-stock'] as const),
      },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: ['name', 'serialNumber'] as const,
});
const slice = createListSlice(assets);
const actions = slice.actions;
const reduce = slice.reducer;
const initial = slice.getInitialState();

describe('list slice', () => {
  it('starts each view with its default filters, initial sorting and no selection', () => {
    expect(initial).toEqual({
      all: {
        filters: { textSearchQuery: '', status: [] },
        sorting: { key: null, direction: null },
        selectedIds: [],
        allMatchingSelected: false,
      },
    });
  });

  it('sets, replaces and resets filters; a new filter ends "all matching"', () => {
    let state = reduce(initial, actions.selectAllMatching({ view: 'all', pageIds: ['a'] }));
    state = reduce(state, actions.setFilter({ view: 'all', key: 'status', value: ['in-use'] }));
    expect(state.all.filters.status).toEqual(['in-use']);
    expect(state.all.allMatchingSelected).toBe(false);
    state = reduce(state, actions.setFilters({ view: 'all', filters: { textSearchQuery: 'x', status: [] } }));
    expect(state.all.filters).toEqual({ textSearchQuery: 'x', status: [] });
    expect(reduce(state, actions.resetFilters('all')).all.filters).toEqual({
      textSearchQuery: '',
      status: [],
    });
  });

  it('sorts; a key without a direction is unsorted', () => {
    let state = reduce(
      initial,
      actions.setSorting({ view: 'all', sorting: { key: 'name', direction: 'desc' } }),
    );
    expect(state.all.sorting).toEqual({ key: 'name', direction: 'desc' });
    state = reduce(state, actions.setSorting({ view: 'all', sorting: { key: 'name', direction: null } }));
    expect(state.all.sorting).toEqual({ key: null, direction: null });
  });

  it('selects rows, pages and all matching rows, and clears', () => {
    let state = reduce(initial, actions.toggleRowSelection({ view: 'all', id: 'x' }));
    state = reduce(state, actions.selectAll({ view: 'all', ids: ['a', 'x'] }));
    expect(state.all.selectedIds).toEqual(['x', 'a']);
    state = reduce(state, actions.deselectAll({ view: 'all', ids: ['x'] }));
    expect(state.all.selectedIds).toEqual(['a']);
    state = reduce(state, actions.selectAllMatching({ view: 'all', pageIds: ['b'] }));
    expect(state.all).toMatchObject({ selectedIds: ['a', 'b'], allMatchingSelected: true });
    expect(reduce(state, actions.toggleRowSelection({ view: 'all', id: 'a' })).all.allMatchingSelected).toBe(
      false,
    );
    expect(reduce(state, actions.clearAll())).toEqual(initial);
  });

  it('is injected into the store under its name', () => {
    slice.injectInto(rootReducer);
    const store = createStore();
    store.dispatch(actions.setFilter({ view: 'all', key: 'textSearchQuery', value: 'dock' }));
    expect(store.getState()).toMatchObject({
      assetsListTest: { all: { filters: { textSearchQuery: 'dock' } } },
    });
  });
});
