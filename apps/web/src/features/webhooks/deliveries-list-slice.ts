import { WebhookDeliverySortingKey, WebhookDeliveryStatus } from '@equip/domain/webhooks';
import type { WithSlice } from '@reduxjs/toolkit';
import { type FilterField, optionsFilter } from '@/lib/list-state/filter-fields';
import { defineList } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/**
 * Whose deliveries are open (`?deliveries=<endpoint uuid>`): where the list is shown, not a filter of
 * it. It never counts as a filter in use, and the request carries it in its path, not its query.
 */
const openEndpoint: FilterField<string> = {
  param: 'deliveries',
  empty: '',
  isEmpty: () => true,
  fromUrl: (params) => params.get('deliveries') ?? '',
  toUrl: (value) => value || undefined,
  toQuery: () => undefined,
};

/**
 * The deliveries of one webhook endpoint (`/dashboard/account/webhooks`): one endpoint's at a time,
 * filtered by status, newest first until the time header is clicked, paged by the server. In the URL:
 * `?deliveries=<uuid>&status=failed,retrying&sort=createdAt.asc&page=2`.
 */
export const deliveriesList = defineList({
  name: 'webhookDeliveriesList',
  views: {
    all: {
      filters: {
        endpoint: openEndpoint,
        status: optionsFilter('status', WebhookDeliveryStatus.options),
      },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: WebhookDeliverySortingKey.options,
});

type Views = typeof deliveriesList.views;

export const deliveriesListSlice = createListSlice(deliveriesList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof deliveriesListSlice> {}
}

const selectDeliveriesList = deliveriesListSlice.injectInto(rootReducer).selectors.selectListState;

/** What the list hooks (`useListState`, `useListTable`) need of the deliveries list. */
export const deliveriesListBinding: ListBinding<'webhookDeliveriesList', Views, WebhookDeliverySortingKey> = {
  list: deliveriesList,
  slice: deliveriesListSlice,
  select: selectDeliveriesList,
};
