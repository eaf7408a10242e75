import { selectionState } from '@equip/domain/selection';
import { useCallback, useLayoutEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type RootState, useAppDispatch, useAppSelector, useAppStore } from '@/lib/store';
import type { FiltersByView, ListDefinition, ListSorting, ViewDefinitions, ViewOf } from './list-definition';
import type { ListSlice, ListState, SetFilterPayload, SetFiltersPayload } from './list-slice';

/** A list's definition, its slice and the selector of its state once injected: what the hooks need. */
export interface ListBinding<N extends string, V extends ViewDefinitions<K>, K extends string> {
  list: ListDefinition<N, V, K>;
  slice: ListSlice<N, V, K>;
  select: (root: RootState) => ListState<V, K>;
}

/**
 * A view's list state, kept in the list's slice and in the URL at once.
 *
 * The URL is the source on load and on back/forward: a layout effect copies its filters and sorting
 * into the slice before the page paints. Changes made on the page dispatch the slice action and then
 * write the slice's new state into the URL (replacing the entry). What is fetched follows the URL
 * (`url`), so a change never fetches with half-updated state; controls show the slice (`state`), which
 * equals it. Selection lives in the slice only.
 */
export function useListState<
  N extends string,
  V extends ViewDefinitions<K>,
  K extends string,
  View extends ViewOf<V>,
>(binding: ListBinding<N, V, K>, view: View) {
  const { list, slice, select } = binding;
  const { actions } = slice;
  const [searchParams, setSearchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const state = useAppSelector((root) => select(root)[view]);
  const search = searchParams.toString();
  const url = useMemo(() => list.fromUrl(new URLSearchParams(search), view), [list, search, view]);

  useLayoutEffect(() => {
    const current = select(store.getState())[view];
    if (list.urlKey(view, current) === list.urlKey(view, url)) return;
    dispatch(actions.setFilters({ view, filters: url.filters } as SetFiltersPayload<V>));
    dispatch(actions.setSorting({ view, sorting: url.sorting }));
  }, [actions, dispatch, list, select, store, url, view]);

  /** Writes the slice's state of this view into the URL (paging starts over unless given). */
  const writeUrl = useCallback(
    (page = 0) => {
      const current = select(store.getState())[view];
      const next = list.toUrl(view, { ...current, page });
      // The list's own parameters are replaced; another list's and an open record's tab stay.
      setSearchParams(
        (previous) => {
          const merged = new URLSearchParams();
          for (const [key, value] of previous) if (!list.ownsUrlParam(key)) merged.append(key, value);
          for (const [key, value] of next) merged.append(key, value);
          return merged;
        },
        { replace: true },
      );
    },
    [list, select, setSearchParams, store, view],
  );

  return useMemo(() => {
    const viewState = () => select(store.getState())[view];
    return {
      state,
      url,
      setFilter<Key extends keyof FiltersByView<V>[View]>(key: Key, value: FiltersByView<V>[View][Key]) {
        dispatch(actions.setFilter({ view, key, value } as SetFilterPayload<V>));
        writeUrl();
      },
      resetFilters() {
        dispatch(actions.resetFilters(view));
        writeUrl();
      },
      /** Sorts by a key the API knows (others are ignored); no key or direction is unsorted. */
      setSorting(sorting: ListSorting<string>) {
        const key = list.isSortKey(sorting.key) ? sorting.key : null;
        dispatch(actions.setSorting({ view, sorting: { key, direction: key ? sorting.direction : null } }));
        writeUrl();
      },
      setPage(page: number) {
        writeUrl(page);
      },
      /** Clears the whole list state (every view's filters, sorting and selection). */
      clearAll() {
        dispatch(actions.clearAll());
        writeUrl();
      },
      /** Selects or deselects one row; leaving "all matching" keeps the rest of the page selected. */
      toggleRow(id: string, pageIds: readonly string[]) {
        if (viewState().allMatchingSelected) {
          dispatch(actions.deselectAll({ view }));
          dispatch(actions.selectAll({ view, ids: pageIds.filter((other) => other !== id) }));
        } else {
          dispatch(actions.toggleRowSelection({ view, id }));
        }
      },
      /** The header checkbox: selects the page, or deselects it when it is all selected. */
      togglePage(pageIds: readonly string[]) {
        const current = viewState();
        if (current.allMatchingSelected) dispatch(actions.deselectAll({ view }));
        else if (selectionState(pageIds, current.selectedIds) === 'All') {
          dispatch(actions.deselectAll({ view, ids: pageIds }));
        } else dispatch(actions.selectAll({ view, ids: pageIds }));
      },
      selectAllMatching(pageIds: readonly string[]) {
        dispatch(actions.selectAllMatching({ view, pageIds }));
      },
      clearSelection() {
        dispatch(actions.deselectAll({ view }));
      },
    };
  }, [actions, dispatch, list, select, state, store, url, view, writeUrl]);
}

export type ListStateApi<
  N extends string,
  V extends ViewDefinitions<K>,
  K extends string,
  View extends ViewOf<V>,
> = ReturnType<typeof useListState<N, V, K, View>>;
