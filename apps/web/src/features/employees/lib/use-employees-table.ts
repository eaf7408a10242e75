import type { EmployeeTableView } from '@equip/domain/employees';
import { useCallback, useLayoutEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector, useAppStore } from '@/lib/store';
import {
  clearAll,
  type EmployeeSorting,
  type FiltersByView,
  resetFilters,
  type SetFilterPayload,
  type SetFiltersPayload,
  selectEmployeesTableView,
  setFilter,
  setFilters,
  setSorting,
} from '../employees-table-slice';
import { parseTableUrl, serializeTableUrl, tableStateKey } from './table-url';

/**
 * A view's table state, kept in the `employeesTable` slice and in the URL at once.
 *
 * The URL is the source on load and on back/forward: a layout effect copies its filters and
 * sorting into the slice before the page paints. Changes made on the page dispatch the slice
 * action and then write the slice's new state into the URL (replacing the entry). What is fetched
 * follows the URL (`url`), so a change never fetches with half-updated state; controls show the
 * slice (`state`), which equals it.
 */
export function useEmployeesTable<V extends EmployeeTableView>(view: V) {
  const [searchParams, setSearchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const state = useAppSelector((root) => selectEmployeesTableView(root, view));
  const search = searchParams.toString();
  const url = useMemo(() => parseTableUrl(new URLSearchParams(search), view), [search, view]);

  useLayoutEffect(() => {
    const current = selectEmployeesTableView(store.getState(), view);
    if (tableStateKey(view, current) === tableStateKey(view, url)) return;
    dispatch(setFilters({ view, filters: url.filters } as SetFiltersPayload));
    dispatch(setSorting({ view, sorting: url.sorting }));
  }, [dispatch, store, url, view]);

  /** Writes the slice's state of this view into the URL (paging starts over unless given). */
  const writeUrl = useCallback(
    (page = 0) => {
      const current = selectEmployeesTableView(store.getState(), view);
      setSearchParams(serializeTableUrl(view, { ...current, page }), { replace: true });
    },
    [setSearchParams, store, view],
  );

  const actions = useMemo(
    () => ({
      setFilter<K extends keyof FiltersByView[V]>(key: K, value: FiltersByView[V][K]) {
        dispatch(setFilter({ view, key, value } as SetFilterPayload));
        writeUrl();
      },
      resetFilters() {
        dispatch(resetFilters(view));
        writeUrl();
      },
      setSorting(sorting: EmployeeSorting) {
        dispatch(setSorting({ view, sorting }));
        writeUrl();
      },
      setPage(page: number) {
        writeUrl(page);
      },
      /** Clears the whole table state (every view's filters, sorting and selection). */
      clearAll() {
        dispatch(clearAll());
        writeUrl();
      },
    }),
    [dispatch, view, writeUrl],
  );

  return { state, url, ...actions };
}
