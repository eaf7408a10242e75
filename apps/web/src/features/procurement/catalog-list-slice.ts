import { DeviceOs, DeviceType } from '@equip/domain/devices';
import { CatalogSortingKey, type OrderPurchaseType } from '@equip/domain/procurement';
import type { WithSlice } from '@reduxjs/toolkit';
import type { z } from 'zod';
import type { FilterField } from '@/lib/list-state/filter-fields';
import { optionsFilter, textFilter } from '@/lib/list-state/filter-fields';
import { defineList, type FiltersByView } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/**
 * A price in whole currency units as typed (`?max=1500`), asked for in the minor unit the API counts
 * in (`maxPriceCents=150000`); anything that is not a whole amount is left out.
 */
export function amountFilter(param: string): FilterField<string> {
  const cents = (value: string) => {
    const amount = Number(value.trim());
    return value.trim() !== '' && Number.isInteger(amount) && amount >= 0 && amount <= 1_000_000
      ? amount * 100
      : undefined;
  };
  return {
    param,
    empty: '',
    isEmpty: (value) => value === '',
    fromUrl: (params) => params.get(param) ?? '',
    toUrl: (value) => value || undefined,
    toQuery: (value) => cents(value),
  };
}

type PurchaseType = z.infer<typeof OrderPurchaseType>;

/** One of the two ways to pay (`?pay=rent`): which price the filter and the price column read. */
function purchaseTypeFilter(param: string): FilterField<PurchaseType> {
  return {
    param,
    empty: 'one-time-purchase',
    isEmpty: (value) => value === 'one-time-purchase',
    fromUrl: (params) => (params.get(param) === 'rent' ? 'rent' : 'one-time-purchase'),
    toUrl: (value) => (value === 'rent' ? 'rent' : undefined),
    toQuery: (value) => value,
  };
}

/**
 * The hardware catalog (issue 31, item 1): searched, filtered by device type, operating system and a
 * price range on the one-time price or the monthly rent. In the URL:
 * `?q=macbook&type=COMPUTER&os=MACOS&pay=rent&max=100&sort=price.asc&page=2`.
 */
export const catalogList = defineList({
  name: 'procurementCatalogList',
  views: {
    all: {
      filters: {
        textSearchQuery: textFilter('q'),
        deviceTypes: optionsFilter('type', DeviceType.options),
        operatingSystems: optionsFilter('os', DeviceOs.options),
        purchaseType: purchaseTypeFilter('pay'),
        minPriceCents: amountFilter('min'),
        maxPriceCents: amountFilter('max'),
      },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: CatalogSortingKey.options,
});

type Views = typeof catalogList.views;
export type CatalogFilters = FiltersByView<Views>['all'];

export const catalogListSlice = createListSlice(catalogList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof catalogListSlice> {}
}

export const selectCatalogList = catalogListSlice.injectInto(rootReducer).selectors.selectListState;

export const catalogListBinding: ListBinding<'procurementCatalogList', Views, CatalogSortingKey> = {
  list: catalogList,
  slice: catalogListSlice,
  select: selectCatalogList,
};
