import type { AssetDefinitionTab, AssetPanelTab } from '@equip/domain/assets';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/lib/store';

/**
 * The `assets` client-state area (SPEC §2, §3): the selected definition and its tab (overview), the
 * selected item and its panel's tab (assignment by default).
 */
export interface AssetsState {
  selectedDefinitionId: string | null;
  definitionTab: AssetDefinitionTab;
  selectedAssetId: string | null;
  panelTab: AssetPanelTab;
}

export const initialAssetsState: AssetsState = {
  selectedDefinitionId: null,
  definitionTab: 'overview',
  selectedAssetId: null,
  panelTab: 'assignment',
};

/**
 * Both selections follow the URL (`/dashboard/devices/asset-definitions/<uuid>`,
 * `/dashboard/devices/assets/<uuid>?tab=overview`, lib/record-url.ts): the screen dispatches what the
 * URL says, so a reload, a shared link and Back agree with the state.
 */
export const assetsSlice = createSlice({
  name: 'assets',
  initialState: initialAssetsState,
  reducers: {
    /** Selects a definition (null: all of them); another one starts on its overview. */
    selectDefinition(state, action: PayloadAction<string | null>) {
      if (action.payload !== state.selectedDefinitionId) state.definitionTab = 'overview';
      state.selectedDefinitionId = action.payload;
    },
    setDefinitionTab(state, action: PayloadAction<AssetDefinitionTab>) {
      state.definitionTab = action.payload;
    },
    /** Opens an item's panel (null closes it); another item starts on its assignment. */
    selectAsset(state, action: PayloadAction<string | null>) {
      if (action.payload !== state.selectedAssetId) state.panelTab = 'assignment';
      state.selectedAssetId = action.payload;
    },
    setPanelTab(state, action: PayloadAction<AssetPanelTab>) {
      state.panelTab = action.payload;
    },
    clearAssets: () => initialAssetsState,
  },
  selectors: {
    selectSelectedDefinitionId: (state) => state.selectedDefinitionId,
    selectDefinitionTab: (state) => state.definitionTab,
    selectSelectedAssetId: (state) => state.selectedAssetId,
    selectPanelTab: (state) => state.panelTab,
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof assetsSlice> {}
}

const injected = assetsSlice.injectInto(rootReducer);

export const { selectDefinition, setDefinitionTab, selectAsset, setPanelTab, clearAssets } =
  assetsSlice.actions;
export const { selectSelectedDefinitionId, selectDefinitionTab, selectSelectedAssetId, selectPanelTab } =
  injected.selectors;
