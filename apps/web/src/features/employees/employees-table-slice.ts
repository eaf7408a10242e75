import type { SortingDirection } from '@equip/domain/common';
import type { EmployeeSortingKey, EmployeeTableFilters, EmployeeTableView } from '@equip/domain/employees';
import { toggleId } from '@equip/domain/selection';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/lib/store';

/** Sorting of a view: key plus direction; both null when the table is unsorted (SPEC §3). */
export interface EmployeeSorting {
  key: EmployeeSortingKey | null;
  direction: SortingDirection | null;
}

/** The onboarding and offboarding views only search by text (SPEC §2). */
export interface TextSearchFilters {
  textSearchQuery: string;
}

export interface FiltersByView {
  all: EmployeeTableFilters;
  onboarding: TextSearchFilters;
  offboarding: TextSearchFilters;
}

export interface EmployeesTableViewState<F> {
  filters: F;
  sorting: EmployeeSorting;
  /** Row selection: the ids of the selected rows, across pages. */
  selectedIds: string[];
  /** "Select all N matching": every row the current filters match, also those on other pages. */
  allMatchingSelected: boolean;
}

export type EmployeesTableState = {
  [V in EmployeeTableView]: EmployeesTableViewState<FiltersByView[V]>;
};

export const DEFAULT_ALL_FILTERS: EmployeeTableFilters = {
  textSearchQuery: '',
  userType: [],
  employeeStatus: [],
  userSources: [],
  onlyWithoutAssignedBundle: false,
  withInactiveUsers: false,
};

export function defaultFilters<V extends EmployeeTableView>(view: V): FiltersByView[V] {
  return (view === 'all' ? { ...DEFAULT_ALL_FILTERS } : { textSearchQuery: '' }) as FiltersByView[V];
}

/** SPEC §4: onboarding starts sorted by start date, offboarding by last date, the all view unsorted. */
export const INITIAL_SORTING: Record<EmployeeTableView, EmployeeSorting> = {
  all: { key: null, direction: null },
  onboarding: { key: 'startDate', direction: 'asc' },
  offboarding: { key: 'lastDate', direction: 'asc' },
};

function initialView<V extends EmployeeTableView>(view: V): EmployeesTableViewState<FiltersByView[V]> {
  return {
    filters: defaultFilters(view),
    sorting: { ...INITIAL_SORTING[view] },
    selectedIds: [],
    allMatchingSelected: false,
  };
}

export function initialEmployeesTableState(): EmployeesTableState {
  return {
    all: initialView('all'),
    onboarding: initialView('onboarding'),
    offboarding: initialView('offboarding'),
  };
}

/** One filter of one view, typed by its key. */
export type SetFilterPayload = {
  [V in EmployeeTableView]: {
    [K in keyof FiltersByView[V]]: { view: V; key: K; value: FiltersByView[V][K] };
  }[keyof FiltersByView[V]];
}[EmployeeTableView];

export type SetFiltersPayload = {
  [V in EmployeeTableView]: { view: V; filters: FiltersByView[V] };
}[EmployeeTableView];

export const employeesTableSlice = createSlice({
  name: 'employeesTable',
  initialState: initialEmployeesTableState,
  reducers: {
    setFilter(state, action: PayloadAction<SetFilterPayload>) {
      const { view, key, value } = action.payload;
      (state[view].filters as unknown as Record<string, unknown>)[key] = value;
      // The matching set changed: "all matching" no longer means the same people.
      state[view].allMatchingSelected = false;
    },
    /** Replaces a view's filters at once (the URL's filters on load or on back/forward). */
    setFilters(state, action: PayloadAction<SetFiltersPayload>) {
      const { view, filters } = action.payload;
      state[view].filters = filters;
      state[view].allMatchingSelected = false;
    },
    resetFilters(state, action: PayloadAction<EmployeeTableView>) {
      const view = action.payload;
      state[view].filters = defaultFilters(view);
      state[view].allMatchingSelected = false;
    },
    setSorting(state, action: PayloadAction<{ view: EmployeeTableView; sorting: EmployeeSorting }>) {
      const { view, sorting } = action.payload;
      state[view].sorting =
        sorting.key && sorting.direction ? { ...sorting } : { key: null, direction: null };
    },
    toggleRowSelection(state, action: PayloadAction<{ view: EmployeeTableView; id: string }>) {
      const { view, id } = action.payload;
      state[view].selectedIds = toggleId(state[view].selectedIds, id);
      state[view].allMatchingSelected = false;
    },
    /** Adds the listed rows (e.g. the current page) to the selection. */
    selectAll(state, action: PayloadAction<{ view: EmployeeTableView; ids: readonly string[] }>) {
      const { view, ids } = action.payload;
      const selected = new Set(state[view].selectedIds);
      for (const id of ids) selected.add(id);
      state[view].selectedIds = [...selected];
    },
    /** Removes the listed rows from the selection; without ids, clears the view's selection. */
    deselectAll(state, action: PayloadAction<{ view: EmployeeTableView; ids?: readonly string[] }>) {
      const { view, ids } = action.payload;
      if (ids) {
        const remove = new Set(ids);
        state[view].selectedIds = state[view].selectedIds.filter((id) => !remove.has(id));
      } else {
        state[view].selectedIds = [];
      }
      state[view].allMatchingSelected = false;
    },
    /** Extends a full-page selection to every row the view's filters match. */
    selectAllMatching(state, action: PayloadAction<{ view: EmployeeTableView; pageIds: readonly string[] }>) {
      const { view, pageIds } = action.payload;
      const selected = new Set(state[view].selectedIds);
      for (const id of pageIds) selected.add(id);
      state[view].selectedIds = [...selected];
      state[view].allMatchingSelected = true;
    },
    /** Resets the whole table state: every view's filters, sorting and selection. */
    clearAll: () => initialEmployeesTableState(),
  },
  selectors: {
    selectEmployeesTable: (state) => state,
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof employeesTableSlice> {}
}

const injected = employeesTableSlice.injectInto(rootReducer);

export const {
  setFilter,
  setFilters,
  resetFilters,
  setSorting,
  toggleRowSelection,
  selectAll,
  deselectAll,
  selectAllMatching,
  clearAll,
} = employeesTableSlice.actions;
export const { selectEmployeesTable } = injected.selectors;

export function selectEmployeesTableView<V extends EmployeeTableView>(
  state: Parameters<typeof selectEmployeesTable>[0],
  view: V,
): EmployeesTableState[V] {
  return selectEmployeesTable(state)[view];
}

/** True when a view's filters equal their defaults. */
export function hasDefaultFilters(
  view: EmployeeTableView,
  filters: FiltersByView[EmployeeTableView],
): boolean {
  const defaults = defaultFilters(view) as unknown as Record<string, unknown>;
  return Object.entries(filters).every(([key, value]) => {
    const initial = defaults[key];
    return Array.isArray(value) ? value.length === 0 : value === initial;
  });
}
