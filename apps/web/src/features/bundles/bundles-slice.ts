import type { BundleMode, BundleTab, ManagementMode } from '@equip/domain/bundles';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { z } from 'zod';
import { rootReducer } from '@/lib/store';

/**
 * The `bundles` client-state area (SPEC §2, §3): the open bundle, its mode and tab, and the applications
 * tab's search and management-mode filters. The open bundle and its tab follow the URL
 * (`/dashboard/bundles/<uuid>?tab=employees`, lib/record-url.ts): the screen dispatches what the URL says.
 */
export interface BundlesState {
  selectedBundleId: string | null;
  mode: z.infer<typeof BundleMode>;
  tab: BundleTab;
  applicationsSearch: string;
  applicationModes: ManagementMode[];
}

export const initialBundlesState: BundlesState = {
  selectedBundleId: null,
  mode: 'view',
  tab: 'applications',
  applicationsSearch: '',
  applicationModes: [],
};

export const bundlesSlice = createSlice({
  name: 'bundles',
  initialState: initialBundlesState,
  reducers: {
    /** Opens a bundle in view mode (null: the list); another bundle starts without filters. */
    selectBundle(state, action: PayloadAction<string | null>) {
      if (action.payload !== state.selectedBundleId) {
        state.applicationsSearch = '';
        state.applicationModes = [];
      }
      state.selectedBundleId = action.payload;
      state.mode = 'view';
    },
    setTab(state, action: PayloadAction<BundleTab>) {
      state.tab = action.payload;
    },
    setApplicationsSearch(state, action: PayloadAction<string>) {
      state.applicationsSearch = action.payload;
    },
    setApplicationModes(state, action: PayloadAction<ManagementMode[]>) {
      state.applicationModes = action.payload;
    },
    clearApplicationFilters(state) {
      state.applicationsSearch = '';
      state.applicationModes = [];
    },
  },
  selectors: {
    selectSelectedBundleId: (state) => state.selectedBundleId,
    selectBundleTab: (state) => state.tab,
    selectApplicationsSearch: (state) => state.applicationsSearch,
    selectApplicationModes: (state) => state.applicationModes,
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof bundlesSlice> {}
}

const injected = bundlesSlice.injectInto(rootReducer);

export const { selectBundle, setTab, setApplicationsSearch, setApplicationModes, clearApplicationFilters } =
  bundlesSlice.actions;
export const { selectSelectedBundleId, selectBundleTab, selectApplicationsSearch, selectApplicationModes } =
  injected.selectors;
