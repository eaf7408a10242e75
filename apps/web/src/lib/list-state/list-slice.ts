import { toggleId } from '@equip/domain/selection';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FiltersByView, ListDefinition, ListSorting, ViewDefinitions, ViewOf } from './list-definition';

/** One view's state in a list's client-state area. */
export interface ListViewState<F, K extends string> {
  filters: F;
  sorting: ListSorting<K>;
  /** Row selection: the ids of the selected rows, across pages. */
  selectedIds: string[];
  /** "Select all N matching": every row the current filters match, also those on other pages. */
  allMatchingSelected: boolean;
}

export type ListState<V extends ViewDefinitions<K>, K extends string> = {
  [View in ViewOf<V>]: ListViewState<FiltersByView<V>[View], K>;
};

/** One filter of one view, typed by its key. */
export type SetFilterPayload<V extends ViewDefinitions> = {
  [View in ViewOf<V>]: {
    [Key in keyof FiltersByView<V>[View]]: { view: View; key: Key; value: FiltersByView<V>[View][Key] };
  }[keyof FiltersByView<V>[View]];
}[ViewOf<V>];

export type SetFiltersPayload<V extends ViewDefinitions> = {
  [View in ViewOf<V>]: { view: View; filters: FiltersByView<V>[View] };
}[ViewOf<V>];

type AnyViewState = ListViewState<Record<string, unknown>, string>;

/**
 * The client-state area of a list (`defineList`): per view its filters, sorting and row selection, with
 * the actions the list screens use. Inject it like any slice:
 *
 * ```ts
 * export const devicesListSlice = createListSlice(devicesList);
 * declare module '@/lib/store' {
 *   interface LazyLoadedSlices extends WithSlice<typeof devicesListSlice> {}
 * }
 * export const selectDevicesList = devicesListSlice.injectInto(rootReducer).selectors.selectListState;
 * ```
 */
export function createListSlice<N extends string, V extends ViewDefinitions<K>, K extends string>(
  list: ListDefinition<N, V, K>,
) {
  function initialState(): ListState<V, K> {
    const entries = list.viewNames.map((view) => [
      view,
      {
        filters: list.defaultFilters(view),
        sorting: list.initialSorting(view),
        selectedIds: [],
        allMatchingSelected: false,
      },
    ]);
    return Object.fromEntries(entries) as ListState<V, K>;
  }
  /** The reducers see every view alike; the payload types keep views and filters apart. */
  const viewOf = (state: unknown, view: string) => (state as Record<string, AnyViewState>)[view]!;

  return createSlice({
    name: list.name,
    initialState,
    reducers: {
      setFilter(state, action: PayloadAction<SetFilterPayload<V>>) {
        const { view, key, value } = action.payload;
        const target = viewOf(state, view);
        target.filters[key as string] = value;
        // The matching set changed: "all matching" no longer means the same rows.
        target.allMatchingSelected = false;
      },
      /** Replaces a view's filters at once (the URL's filters on load or on back/forward). */
      setFilters(state, action: PayloadAction<SetFiltersPayload<V>>) {
        const target = viewOf(state, action.payload.view);
        target.filters = action.payload.filters as Record<string, unknown>;
        target.allMatchingSelected = false;
      },
      resetFilters(state, action: PayloadAction<ViewOf<V>>) {
        const target = viewOf(state, action.payload);
        target.filters = list.defaultFilters(action.payload) as Record<string, unknown>;
        target.allMatchingSelected = false;
      },
      /** A key without a direction (or none) means unsorted. */
      setSorting(state, action: PayloadAction<{ view: ViewOf<V>; sorting: ListSorting<K> }>) {
        const { view, sorting } = action.payload;
        viewOf(state, view).sorting =
          sorting.key && sorting.direction ? { ...sorting } : { key: null, direction: null };
      },
      toggleRowSelection(state, action: PayloadAction<{ view: ViewOf<V>; id: string }>) {
        const target = viewOf(state, action.payload.view);
        target.selectedIds = toggleId(target.selectedIds, action.payload.id);
        target.allMatchingSelected = false;
      },
      /** Adds the listed rows (e.g. the current page) to the selection. */
      selectAll(state, action: PayloadAction<{ view: ViewOf<V>; ids: readonly string[] }>) {
        const target = viewOf(state, action.payload.view);
        target.selectedIds = [...new Set([...target.selectedIds, ...action.payload.ids])];
      },
      /** Removes the listed rows from the selection; without ids, clears the view's selection. */
      deselectAll(state, action: PayloadAction<{ view: ViewOf<V>; ids?: readonly string[] }>) {
        const { view, ids } = action.payload;
        const target = viewOf(state, view);
        if (ids) {
          const remove = new Set(ids);
          target.selectedIds = target.selectedIds.filter((id) => !remove.has(id));
        } else {
          target.selectedIds = [];
        }
        target.allMatchingSelected = false;
      },
      /** Extends a full-page selection to every row the view's filters match. */
      selectAllMatching(state, action: PayloadAction<{ view: ViewOf<V>; pageIds: readonly string[] }>) {
        const target = viewOf(state, action.payload.view);
        target.selectedIds = [...new Set([...target.selectedIds, ...action.payload.pageIds])];
        target.allMatchingSelected = true;
      },
      /** Resets the whole list state: every view's filters, sorting and selection. */
      clearAll: () => initialState(),
    },
    selectors: {
      selectListState: (state) => state as ListState<V, K>,
    },
  });
}

export type ListSlice<N extends string, V extends ViewDefinitions<K>, K extends string> = ReturnType<
  typeof createListSlice<N, V, K>
>;
