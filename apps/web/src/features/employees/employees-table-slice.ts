import {
  EmployeeSortingKey,
  type EmployeeTableFilters,
  type EmployeeTableView,
} from '@equip/domain/employees';
import { EmployeeStatus, UserSource, UserType } from '@equip/domain/identity';
import type { WithSlice } from '@reduxjs/toolkit';
import { flagFilter, optionsFilter, textFilter } from '@/lib/list-state/filter-fields';
import {
  defineList,
  type FiltersByView as ListFiltersByView,
  type ListSorting,
} from '@/lib/list-state/list-definition';
import { createListSlice, type ListViewState } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

const search = { textSearchQuery: textFilter('q') };

/**
 * The employees table (SPEC §2, §4): three views. All employees filters by type, status, source, bundle
 * and inactive people and starts unsorted; onboarding and offboarding only search by text and start
 * sorted by start date and last date. In the URL: `?view=onboarding&q=anna&status=ACTIVE&sort=name.desc`.
 */
export const employeesTableList = defineList({
  name: 'employeesTable',
  views: {
    all: {
      filters: {
        ...search,
        userType: optionsFilter('userType', UserType.options),
        employeeStatus: optionsFilter('status', EmployeeStatus.options),
        userSources: optionsFilter('source', UserSource.options),
        onlyWithoutAssignedBundle: flagFilter('withoutBundle'),
        withInactiveUsers: flagFilter('inactive'),
      },
      sorting: { key: null, direction: null },
    },
    onboarding: { filters: search, sorting: { key: 'startDate', direction: 'asc' } },
    offboarding: { filters: search, sorting: { key: 'lastDate', direction: 'asc' } },
  },
  sortKeys: EmployeeSortingKey.options,
  viewQueryParam: 'view',
});

type Views = typeof employeesTableList.views;

/** Sorting of a view: key plus direction; both null when the table is unsorted (SPEC §3). */
export type EmployeeSorting = ListSorting<EmployeeSortingKey>;

/** The onboarding and offboarding views only search by text (SPEC §2). */
export interface TextSearchFilters {
  textSearchQuery: string;
}

export type FiltersByView = ListFiltersByView<Views> & {
  all: EmployeeTableFilters;
  onboarding: TextSearchFilters;
  offboarding: TextSearchFilters;
};

export type EmployeesTableViewState<F> = ListViewState<F, EmployeeSortingKey>;

export const DEFAULT_ALL_FILTERS: EmployeeTableFilters = employeesTableList.defaultFilters('all');

export const defaultFilters = employeesTableList.defaultFilters;

/** SPEC §4: onboarding starts sorted by start date, offboarding by last date, the all view unsorted. */
export const INITIAL_SORTING = Object.fromEntries(
  employeesTableList.viewNames.map((view) => [view, employeesTableList.initialSorting(view)]),
) as Record<EmployeeTableView, EmployeeSorting>;

/** True when a view's filters equal their defaults. */
export const hasDefaultFilters = employeesTableList.hasDefaultFilters;

/** The `employeesTable` client-state area (SPEC §3): per view its filters, sorting and selection. */
export const employeesTableSlice = createListSlice(employeesTableList);

export const initialEmployeesTableState = employeesTableSlice.getInitialState;

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
export const selectEmployeesTable = injected.selectors.selectListState;

/** What the list hooks (`useListTable`) need of the employees table. */
export const employeesTable: ListBinding<'employeesTable', Views, EmployeeSortingKey> = {
  list: employeesTableList,
  slice: employeesTableSlice,
  select: selectEmployeesTable,
};
