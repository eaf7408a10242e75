import { BundleSortingKey } from '@equip/domain/bundles';
import type { WithSlice } from '@reduxjs/toolkit';
import { textFilter } from '@/lib/list-state/filter-fields';
import { defineList, type FiltersByView } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/**
 * The bundles list (SPEC §2, the bundles screen): searched by name or description, sorted by name
 * until a header is clicked. In the URL: `?q=sales&sort=employeeCount.desc&page=2`.
 */
export const bundlesList = defineList({
  name: 'bundlesList',
  views: {
    all: {
      filters: { textSearchQuery: textFilter('q') },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: BundleSortingKey.options,
});

type Views = typeof bundlesList.views;

export type BundlesFilters = FiltersByView<Views>['all'];

export const bundlesListSlice = createListSlice(bundlesList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof bundlesListSlice> {}
}

export const selectBundlesList = bundlesListSlice.injectInto(rootReducer).selectors.selectListState;

export const bundlesListBinding: ListBinding<'bundlesList', Views, BundleSortingKey> = {
  list: bundlesList,
  slice: bundlesListSlice,
  select: selectBundlesList,
};
