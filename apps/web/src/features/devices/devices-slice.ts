import type { DeviceDetailTab as DeviceDetailTabs } from '@equip/domain/devices';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/lib/store';

/** A tab of the device detail (SPEC §2: overview, specification). */
export type DeviceDetailTab = (typeof DeviceDetailTabs.options)[number];

/** The `devices` client-state area (SPEC §2, §3): which device's detail is open, and on which tab. */
export interface DevicesState {
  selectedDeviceId: string | null;
  activeTab: DeviceDetailTab;
}

const initialState: DevicesState = { selectedDeviceId: null, activeTab: 'overview' };

/**
 * The open device follows the URL (`/dashboard/devices/<uuid>?tab=specification`, lib/record-url.ts):
 * the drawer dispatches what the URL says, so a reload, a shared link and Back agree with the state.
 */
export const devicesSlice = createSlice({
  name: 'devices',
  initialState,
  reducers: {
    /** Opens a device's detail (null closes it); another device starts on the overview. */
    selectDevice(state, action: PayloadAction<string | null>) {
      if (action.payload !== state.selectedDeviceId) state.activeTab = 'overview';
      state.selectedDeviceId = action.payload;
    },
    setActiveTab(state, action: PayloadAction<DeviceDetailTab>) {
      state.activeTab = action.payload;
    },
    clearDevices: () => initialState,
  },
  selectors: {
    selectSelectedDeviceId: (state) => state.selectedDeviceId,
    selectActiveDeviceTab: (state) => state.activeTab,
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof devicesSlice> {}
}

const injected = devicesSlice.injectInto(rootReducer);

export const { selectDevice, setActiveTab, clearDevices } = devicesSlice.actions;
export const { selectSelectedDeviceId, selectActiveDeviceTab } = injected.selectors;
