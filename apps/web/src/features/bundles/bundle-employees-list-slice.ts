import { BundleEmployeeSortingKey } from '@equip/domain/bundles';
import type { WithSlice } from '@reduxjs/toolkit';
import { textFilter } from '@/lib/list-state/filter-fields';
import { defineList } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/**
 * A bundle's people on its employees tab: searched by name, sorted by name or when they joined. Its
 * URL parameters are its own, beside the bundles list's: `?peopleQ=anna&peopleSort=assignedAt.desc`.
 */
export const bundleEmployeesList = defineList({
  name: 'bundleEmployeesList',
  views: {
    all: {
      filters: { textSearchQuery: textFilter('peopleQ') },
      sorting: { key: 'name', direction: 'asc' },
    },
  },
  sortKeys: BundleEmployeeSortingKey.options,
  urlPrefix: 'people',
});

type Views = typeof bundleEmployeesList.views;

export const bundleEmployeesListSlice = createListSlice(bundleEmployeesList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof bundleEmployeesListSlice> {}
}

export const selectBundleEmployeesList =
  bundleEmployeesListSlice.injectInto(rootReducer).selectors.selectListState;

export const bundleEmployeesListBinding: ListBinding<'bundleEmployeesList', Views, BundleEmployeeSortingKey> =
  {
    list: bundleEmployeesList,
    slice: bundleEmployeesListSlice,
    select: selectBundleEmployeesList,
  };
