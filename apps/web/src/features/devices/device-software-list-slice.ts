import { DeviceSoftwareSortingKey, SoftwareInventorySource } from '@equip/domain/device-software';
import type { WithSlice } from '@reduxjs/toolkit';
import { optionsFilter, textFilter } from '@/lib/list-state/filter-fields';
import { defineList } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/**
 * A device's installed software in its drawer (decision 026): searched by text and source, sorted by
 * name, source or last seen. Shown over the devices list, so its URL parameters are its own:
 * `?softwareQ=slack&softwareSource=AGENT&softwareSort=lastSeenAt.desc&softwarePage=2`.
 */
export const deviceSoftwareList = defineList({
  name: 'deviceSoftwareList',
  views: {
    all: {
      filters: {
        textSearchQuery: textFilter('softwareQ'),
        sources: optionsFilter('softwareSource', SoftwareInventorySource.options),
      },
      sorting: { key: 'name', direction: 'asc' },
    },
  },
  sortKeys: DeviceSoftwareSortingKey.options,
  urlPrefix: 'software',
});

type Views = typeof deviceSoftwareList.views;

export const deviceSoftwareListSlice = createListSlice(deviceSoftwareList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof deviceSoftwareListSlice> {}
}

export const selectDeviceSoftwareList =
  deviceSoftwareListSlice.injectInto(rootReducer).selectors.selectListState;

export const deviceSoftwareListBinding: ListBinding<'deviceSoftwareList', Views, DeviceSoftwareSortingKey> = {
  list: deviceSoftwareList,
  slice: deviceSoftwareListSlice,
  select: selectDeviceSoftwareList,
};
