import { HardwareRequestSortingKey, HardwareRequestStatus } from '@equip/domain/hardware-requests';
import type { WithSlice } from '@reduxjs/toolkit';
import { optionsFilter } from '@/lib/list-state/filter-fields';
import { defineList, type FiltersByView } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/**
 * The organisation's hardware requests (the orders screen's Requests tab, decision 037): filtered by
 * status, newest first. In the URL beside the tab's `?view=requests`: `&requestStatus=requested&requestPage=2`
 * (names of its own, so the orders list's `status` and the requests' never mix).
 */
export const hardwareRequestsList = defineList({
  name: 'procurementHardwareRequestsList',
  views: {
    all: {
      filters: { statuses: optionsFilter('requestStatus', HardwareRequestStatus.options) },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: HardwareRequestSortingKey.options,
  // Beside the orders screen's `?view=requests`, which this list must not take for its own.
  urlPrefix: 'request',
});

type Views = typeof hardwareRequestsList.views;
export type HardwareRequestsFilters = FiltersByView<Views>['all'];

export const hardwareRequestsListSlice = createListSlice(hardwareRequestsList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof hardwareRequestsListSlice> {}
}

export const selectHardwareRequestsList =
  hardwareRequestsListSlice.injectInto(rootReducer).selectors.selectListState;

export const hardwareRequestsListBinding: ListBinding<
  'procurementHardwareRequestsList',
  Views,
  HardwareRequestSortingKey
> = {
  list: hardwareRequestsList,
  slice: hardwareRequestsListSlice,
  select: selectHardwareRequestsList,
};
