import type { EmployeeSortingKey, EmployeeTableFilters } from '@equip/domain/employees';
import type { WithSlice } from '@reduxjs/toolkit';
import type { FiltersByView as ListFiltersByView } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';
import { employeesTableList } from './employees-list';

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
