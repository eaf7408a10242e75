import { OrderPurchaseType, OrderSortingKey, OrderStatus } from '@equip/domain/procurement';
import type { WithSlice } from '@reduxjs/toolkit';
import { optionsFilter, textFilter } from '@/lib/list-state/filter-fields';
import { defineList, type FiltersByView } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/**
 * The orders list (`/dashboard/orders`, an addition to SPEC §2): searched by recipient or item, filtered
 * by status, purchase type and recipient, newest first. In the URL:
 * `?q=anna&status=in-progress,confirmed&pay=rent&recipient=<uuid>&page=2`.
 */
export const ordersList = defineList({
  name: 'procurementOrdersList',
  views: {
    all: {
      filters: {
        textSearchQuery: textFilter('q'),
        statuses: optionsFilter('status', OrderStatus.options),
        purchaseTypes: optionsFilter('pay', OrderPurchaseType.options),
        recipientUserUuids: textFilter('recipient'),
      },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: OrderSortingKey.options,
});

type Views = typeof ordersList.views;
export type OrdersFilters = FiltersByView<Views>['all'];

export const ordersListSlice = createListSlice(ordersList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof ordersListSlice> {}
}

export const selectOrdersList = ordersListSlice.injectInto(rootReducer).selectors.selectListState;

export const ordersListBinding: ListBinding<'procurementOrdersList', Views, OrderSortingKey> = {
  list: ordersList,
  slice: ordersListSlice,
  select: selectOrdersList,
};
