import type { DeviceListFilters, DeviceSortingKey } from '@equip/domain/devices';
import type { WithSlice } from '@reduxjs/toolkit';
import type { FiltersByView } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';
import { devicesList } from './devices-list';

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
