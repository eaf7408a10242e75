import { AssetAssignment, AssetKindCode, AssetSortingKey } from '@equip/domain/assets';
import type { WithSlice } from '@reduxjs/toolkit';
import { optionsFilter, textFilter } from '@/lib/list-state/filter-fields';
import { defineList, type FiltersByView } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/**
 * The assets list (SPEC §2, the assets screen): filtered by text, assignment and kind, sorted by name
 * until a header is clicked. In the URL: `?q=dell&assignment=unassigned&kind=monitor&sort=assignedTo.asc&page=2`.
 * The selected definition narrows it too; it is the address's own segment (`lib/asset-url.ts`).
 */
export const assetsList = defineList({
  name: 'assetsListFilters',
  views: {
    all: {
      filters: {
        textSearchQuery: textFilter('q'),
        assignmentTypes: optionsFilter('assignment', AssetAssignment.options),
        kinds: optionsFilter('kind', AssetKindCode.options),
      },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: AssetSortingKey.options,
});

type Views = typeof assetsList.views;

export type AssetsFilters = FiltersByView<Views>['all'];

/** The assets list's filters, sorting and selection. */
export const assetsListSlice = createListSlice(assetsList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof assetsListSlice> {}
}

export const selectAssetsList = assetsListSlice.injectInto(rootReducer).selectors.selectListState;

export const assetsListBinding: ListBinding<'assetsListFilters', Views, AssetSortingKey> = {
  list: assetsList,
  slice: assetsListSlice,
  select: selectAssetsList,
};
