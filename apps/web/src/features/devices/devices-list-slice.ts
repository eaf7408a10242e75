import {
  AssignmentType,
  type DeviceListFilters,
  DeviceMdmStatus,
  DeviceSortingKey,
  DeviceStatus,
  DeviceType,
} from '@equip/domain/devices';
import type { WithSlice } from '@reduxjs/toolkit';
import { flagFilter, optionsFilter, textFilter } from '@/lib/list-state/filter-fields';
import { defineList, type FiltersByView } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/**
 * The devices list (SPEC §2): one view, filtered by text, type, assignment, status, what the MDM last
 * reported and by unencrypted or unprotected devices; unsorted until a header is clicked. In the URL:
 * `?q=mac&type=COMPUTER&assignment=SHARED&status=active&mdm=locked&unencrypted=true&sort=lastSeenAt.desc&page=2`.
 */
export const devicesList = defineList({
  name: 'devicesListFilters',
  views: {
    all: {
      filters: {
        textSearchQuery: textFilter('q'),
        deviceTypes: optionsFilter('type', DeviceType.options),
        assignmentTypes: optionsFilter('assignment', AssignmentType.options),
        deviceStatuses: optionsFilter('status', DeviceStatus.options),
        mdmStatuses: optionsFilter('mdm', DeviceMdmStatus.options),
        showOnlyUnencrypted: flagFilter('unencrypted'),
        showOnlyUnprotected: flagFilter('unprotected'),
      },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: DeviceSortingKey.options,
});

type Views = typeof devicesList.views;

/** The filters as the domain names them; the list's filter fields must hold exactly these. */
export type DevicesFilters = FiltersByView<Views>['all'] & DeviceListFilters;

/** The `devicesListFilters` client-state area (SPEC §3): filters, sorting and selection. */
export const devicesListSlice = createListSlice(devicesList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof devicesListSlice> {}
}

export const selectDevicesList = devicesListSlice.injectInto(rootReducer).selectors.selectListState;

/** What the list hooks (`useListTable`) need of the devices list. */
export const devicesListBinding: ListBinding<'devicesListFilters', Views, DeviceSortingKey> = {
  list: devicesList,
  slice: devicesListSlice,
  select: selectDevicesList,
};
