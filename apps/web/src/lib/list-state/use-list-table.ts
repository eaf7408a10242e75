import { selectionState } from '@equip/domain/selection';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useAfterFirstPaint } from '@/lib/after-paint';
import type { ViewDefinitions, ViewOf } from './list-definition';
import { type ListPageQuery, listPageParams } from './list-page';
import { type ListBinding, useListState } from './use-list-state';

export interface ListTableOptions<T, Key extends QueryKey> extends ListPageQuery<T, Key> {
  getRowId: (row: T) => string;
}

/**
 * Runs one view of a list screen: its state in the slice and the URL (`useListState`), the page the
 * API answers for it (the next page prefetched, a page past the end falling back to the last one),
 * and the selection of rows as the table shows it. The area renders it with `DataTable`,
 * `FilterBar`, `ColumnMenu` and `SelectionBar` (`ui/data-table`). A devices list, with `devicesList`
 * from `defineList` and its slice from `createListSlice`:
 *
 * ```tsx
 * // features/devices/devices-list-slice.ts
 * export const devicesListBinding = { list: devicesList, slice: devicesListSlice, select: selectDevicesList };
 * // features/devices/api/get-devices.ts: GET /api/devices?…&skip&take → { items, total, nextCursor? }
 * export const getDevicesQueryOptions = (params: ListPageParams) =>
 *   queryOptions({ queryKey: deviceKeys.list(params), queryFn: …, placeholderData: keepPreviousData });
 * // features/devices/components/devices-table.tsx
 * const table = useListTable(devicesListBinding, 'all', {
 *   queryOptions: getDevicesQueryOptions,
 *   pageSize: DEVICES_PAGE_SIZE,
 *   getRowId: (device) => device.uuid,
 * });
 * const columns = useColumnPreferences('equip:devices_columns', OPTIONAL_DEVICE_COLUMNS);
 * <DataTable label="Devices" columns={DEVICE_COLUMNS} columnVisibility={columns.visibility} … />
 * ```
 *
 * `lib/list-state/use-list-table.test.tsx` is such a list, and `features/employees` the first user.
 */
export function useListTable<
  N extends string,
  V extends ViewDefinitions<K>,
  K extends string,
  View extends ViewOf<V>,
  T,
  Key extends QueryKey,
>(binding: ListBinding<N, V, K>, view: View, { queryOptions, pageSize, getRowId }: ListTableOptions<T, Key>) {
  const listState = useListState(binding, view);
  const { list } = binding;
  const { state, url, setPage } = listState;
  const queryClient = useQueryClient();

  const params = useMemo(() => listPageParams(list, view, url, pageSize), [list, pageSize, url, view]);
  const query = useQuery(queryOptions(params));
  const page = query.data;
  const rows = useMemo(() => page?.items ?? [], [page]);
  const total = page?.total ?? 0;

  // Prefetch the next page so paging forward is instant (once the first screen has painted).
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (!painted || !page || query.isPlaceholderData || params.skip + params.take >= page.total) return;
    void queryClient.prefetchQuery(queryOptions({ ...params, skip: params.skip + params.take }));
  }, [painted, page, params, query.isPlaceholderData, queryClient, queryOptions]);

  // A page past the end (rows were deleted, or a shared link is stale) falls back to the last one.
  useEffect(() => {
    if (page && !query.isPlaceholderData && page.total > 0 && params.skip >= page.total) {
      setPage(Math.max(0, Math.ceil(page.total / pageSize) - 1));
    }
  }, [page, pageSize, params.skip, query.isPlaceholderData, setPage]);

  const pageIds = useMemo(() => rows.map(getRowId), [getRowId, rows]);
  const selection = useMemo(() => {
    const selected = new Set(state.selectedIds);
    const header =
      state.allMatchingSelected && pageIds.length > 0 ? 'All' : selectionState(pageIds, selected);
    return {
      header,
      selectedIds: state.selectedIds,
      allMatchingSelected: state.allMatchingSelected,
      /** How many rows are selected ("all matching" counts every matching row). */
      count: state.allMatchingSelected ? total : state.selectedIds.length,
      /** The page is fully selected and more rows match than it shows. */
      canSelectAllMatching: header === 'All' && total > rows.length,
      isSelected: (id: string) => state.allMatchingSelected || selected.has(id),
      onToggleRow: (id: string) => listState.toggleRow(id, pageIds),
      onTogglePage: () => listState.togglePage(pageIds),
      onSelectAllMatching: () => listState.selectAllMatching(pageIds),
      onClear: () => listState.clearSelection(),
    };
  }, [listState, pageIds, rows.length, state.allMatchingSelected, state.selectedIds, total]);

  return {
    ...listState,
    /** The list request's query for the view's filters and sorting (exports, bulk actions). */
    filter: params.filter,
    params,
    query,
    rows,
    total,
    selection,
    /**
     * What `DataTable` shows of the list, ready to spread: rows, sorting, status, position, count and
     * paging. The area adds its label, columns, messages, selection labels and row opening.
     */
    tableProps: {
      rows,
      getRowId,
      sorting: state.sorting,
      onSortingChange: listState.setSorting,
      status: query,
      firstRowIndex: params.skip,
      total: query.data ? total : undefined,
      pagination: { page: url.page, pageSize, onPageChange: setPage },
    },
    /** True when the view's filters (as the URL has them) are the defaults. */
    hasDefaultFilters: list.hasDefaultFilters(view, url.filters),
  };
}
