import { describe, expect, it } from 'vitest';
import {
  clearAll,
  DEFAULT_ALL_FILTERS,
  deselectAll,
  employeesTableSlice,
  hasDefaultFilters,
  INITIAL_SORTING,
  initialEmployeesTableState,
  resetFilters,
  selectAll,
  selectAllMatching,
  setFilter,
  setFilters,
  setSorting,
  toggleRowSelection,
} from './employees-table-slice';

const reduce = employeesTableSlice.reducer;
const initial = initialEmployeesTableState();

describe('employeesTable slice (SPEC §4)', () => {
  it('starts sorted by start date (onboarding), last date (offboarding) and unsorted (all)', () => {
    expect(initial.onboarding.sorting).toEqual({ key: 'startDate', direction: 'asc' });
    expect(initial.offboarding.sorting).toEqual({ key: 'lastDate', direction: 'asc' });
    expect(initial.all.sorting).toEqual({ key: null, direction: null });
    expect(INITIAL_SORTING.all).toEqual({ key: null, direction: null });
  });

  it('has the all-view filters of SPEC §3 and only text search in the other views', () => {
    expect(initial.all.filters).toEqual({
      textSearchQuery: '',
      userType: [],
      employeeStatus: [],
      userSources: [],
      onlyWithoutAssignedBundle: false,
      withInactiveUsers: false,
    });
    expect(initial.onboarding.filters).toEqual({ textSearchQuery: '' });
    expect(initial.offboarding.filters).toEqual({ textSearchQuery: '' });
  });

  it('sets one filter of one view and leaves the others alone', () => {
    let state = reduce(
      initial,
      setFilter({ view: 'all', key: 'employeeStatus', value: ['ACTIVE', 'LEAVE'] }),
    );
    state = reduce(state, setFilter({ view: 'onboarding', key: 'textSearchQuery', value: 'anna' }));
    expect(state.all.filters.employeeStatus).toEqual(['ACTIVE', 'LEAVE']);
    expect(state.all.filters.textSearchQuery).toBe('');
    expect(state.onboarding.filters.textSearchQuery).toBe('anna');
    expect(state.offboarding).toEqual(initial.offboarding);
  });

  it('resets the filters of one view to their defaults', () => {
    let state = reduce(initial, setFilter({ view: 'all', key: 'withInactiveUsers', value: true }));
    state = reduce(state, setFilter({ view: 'all', key: 'textSearchQuery', value: 'x' }));
    state = reduce(state, setFilter({ view: 'offboarding', key: 'textSearchQuery', value: 'y' }));
    state = reduce(state, setSorting({ view: 'all', sorting: { key: 'name', direction: 'desc' } }));
    state = reduce(state, resetFilters('all'));
    expect(state.all.filters).toEqual(DEFAULT_ALL_FILTERS);
    expect(state.all.sorting).toEqual({ key: 'name', direction: 'desc' });
    expect(state.offboarding.filters.textSearchQuery).toBe('y');
  });

  it('replaces the filters at once (from the URL)', () => {
    const filters = { ...DEFAULT_ALL_FILTERS, userSources: ['hris' as const] };
    expect(reduce(initial, setFilters({ view: 'all', filters })).all.filters).toEqual(filters);
  });

  it('sets sorting; a key without direction means unsorted', () => {
    let state = reduce(
      initial,
      setSorting({ view: 'onboarding', sorting: { key: 'name', direction: 'desc' } }),
    );
    expect(state.onboarding.sorting).toEqual({ key: 'name', direction: 'desc' });
    state = reduce(state, setSorting({ view: 'onboarding', sorting: { key: 'name', direction: null } }));
    expect(state.onboarding.sorting).toEqual({ key: null, direction: null });
  });

  it('toggles a row id in the view’s selected list', () => {
    let state = reduce(initial, toggleRowSelection({ view: 'all', id: 'a' }));
    state = reduce(state, toggleRowSelection({ view: 'all', id: 'b' }));
    expect(state.all.selectedIds).toEqual(['a', 'b']);
    state = reduce(state, toggleRowSelection({ view: 'all', id: 'a' }));
    expect(state.all.selectedIds).toEqual(['b']);
    expect(state.onboarding.selectedIds).toEqual([]);
  });

  it('selects and deselects all (a page, or everything)', () => {
    let state = reduce(initial, toggleRowSelection({ view: 'all', id: 'x' }));
    state = reduce(state, selectAll({ view: 'all', ids: ['a', 'b', 'x'] }));
    expect(state.all.selectedIds).toEqual(['x', 'a', 'b']);
    state = reduce(state, deselectAll({ view: 'all', ids: ['a', 'b'] }));
    expect(state.all.selectedIds).toEqual(['x']);
    state = reduce(state, deselectAll({ view: 'all' }));
    expect(state.all.selectedIds).toEqual([]);
  });

  it('selects all matching rows and drops that when the matching set or selection changes', () => {
    const state = reduce(initial, selectAllMatching({ view: 'all', pageIds: ['a', 'b'] }));
    expect(state.all.allMatchingSelected).toBe(true);
    expect(state.all.selectedIds).toEqual(['a', 'b']);
    expect(
      reduce(state, setFilter({ view: 'all', key: 'textSearchQuery', value: 'q' })).all.allMatchingSelected,
    ).toBe(false);
    expect(reduce(state, toggleRowSelection({ view: 'all', id: 'a' })).all.allMatchingSelected).toBe(false);
    expect(reduce(state, deselectAll({ view: 'all' })).all.allMatchingSelected).toBe(false);
    expect(
      reduce(state, setSorting({ view: 'all', sorting: { key: 'name', direction: 'asc' } })).all
        .allMatchingSelected,
    ).toBe(true);
  });

  it('clears the whole table state', () => {
    let state = reduce(initial, setFilter({ view: 'all', key: 'userType', value: ['lightUser'] }));
    state = reduce(state, toggleRowSelection({ view: 'offboarding', id: 'a' }));
    state = reduce(state, setSorting({ view: 'onboarding', sorting: { key: null, direction: null } }));
    expect(reduce(state, clearAll())).toEqual(initial);
  });

  it('tells whether a view’s filters are the defaults', () => {
    expect(hasDefaultFilters('all', DEFAULT_ALL_FILTERS)).toBe(true);
    expect(hasDefaultFilters('all', { ...DEFAULT_ALL_FILTERS, onlyWithoutAssignedBundle: true })).toBe(false);
    expect(hasDefaultFilters('onboarding', { textSearchQuery: '' })).toBe(true);
    expect(hasDefaultFilters('onboarding', { textSearchQuery: 'a' })).toBe(false);
  });
});
