import type { EmployeeSortingKey, EmployeeTableFilters } from '@equip/domain/employees';
import { EMPLOYEE_SORTING_KEYS } from '@equip/domain/employees-rules';
import { EMPLOYEE_STATUSES, USER_SOURCES, USER_TYPES } from '@equip/domain/identity-rules';
import type { WithSlice } from '@reduxjs/toolkit';
import { flagFilter, optionsFilter, textFilter } from '@/lib/list-state/filter-fields';
import { defineList, type FiltersByView as ListFiltersByView } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
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
        userType: optionsFilter('userType', USER_TYPES),
        employeeStatus: optionsFilter('status', EMPLOYEE_STATUSES),
        userSources: optionsFilter('source', USER_SOURCES),
        onlyWithoutAssignedBundle: flagFilter('withoutBundle'),
        withInactiveUsers: flagFilter('inactive'),
      },
      sorting: { key: null, direction: null },
    },
    onboarding: { filters: search, sorting: { key: 'startDate', direction: 'asc' } },
    offboarding: { filters: search, sorting: { key: 'lastDate', direction: 'asc' } },
  },
  sortKeys: EMPLOYEE_SORTING_KEYS,
  viewQueryParam: 'view',
});

type Views = typeof employeesTableList.views;

/** Each view's filters, as the domain names the all view's (the list's filter fields hold exactly these). */
export type FiltersByView = ListFiltersByView<Views> & { all: EmployeeTableFilters };

/** The `employeesTable` client-state area (SPEC §3): per view its filters, sorting and selection. */
export const employeesTableSlice = createListSlice(employeesTableList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof employeesTableSlice> {}
}

export const selectEmployeesTable = employeesTableSlice.injectInto(rootReducer).selectors.selectListState;

/** What the list hooks (`useListTable`) need of the employees table. */
export const employeesTable: ListBinding<'employeesTable', Views, EmployeeSortingKey> = {
  list: employeesTableList,
  slice: employeesTableSlice,
  select: selectEmployeesTable,
};
