import { MAX_NEW_ASSETS } from '@equip/domain/assets';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/lib/store';

/** What one new item may say besides its definition: its serial number and the person who gets it. */
export interface NewItemDetails {
  serialNumber: string;
  employee: { uuid: string; name: string } | null;
}

/** A definition on the add-peripherals list: how many to add, and the details given so far per item. */
export interface AssetsAddEntry {
  /** The definition's uuid. */
  id: string;
  quantity: number;
  /** Per-item details by position (items past `quantity` are kept while the quantity goes down and up). */
  items: NewItemDetails[];
}

/** The `assetsAdd` client-state area (SPEC §3, §4): the list of the add-peripherals page. */
export interface AssetsAddState {
  assets: AssetsAddEntry[];
}

export const initialAssetsAddState: AssetsAddState = { assets: [] };

const clamp = (quantity: number) =>
  Math.min(MAX_NEW_ASSETS, Math.max(1, Number.isFinite(quantity) ? Math.trunc(quantity) : 1));

/**
 * SPEC §4's asset-add list: adding a definition already on the list adds one more of it; a quantity
 * changes by id (at least 1, at most 1000); a definition is removed by id; clearing empties the list.
 */
export const assetsAddSlice = createSlice({
  name: 'assetsAdd',
  initialState: initialAssetsAddState,
  reducers: {
    add(state, action: PayloadAction<string>) {
      const entry = state.assets.find((asset) => asset.id === action.payload);
      if (entry) entry.quantity = clamp(entry.quantity + 1);
      else state.assets.push({ id: action.payload, quantity: 1, items: [] });
    },
    changeQuantity(state, action: PayloadAction<{ id: string; quantity: number }>) {
      const entry = state.assets.find((asset) => asset.id === action.payload.id);
      if (entry) entry.quantity = clamp(action.payload.quantity);
    },
    /** Sets an item's serial number or person (the others keep theirs). */
    setItemDetails(
      state,
      action: PayloadAction<{ id: string; index: number; details: Partial<NewItemDetails> }>,
    ) {
      const entry = state.assets.find((asset) => asset.id === action.payload.id);
      if (!entry || action.payload.index < 0 || action.payload.index >= entry.quantity) return;
      while (entry.items.length <= action.payload.index)
        entry.items.push({ serialNumber: '', employee: null });
      entry.items[action.payload.index] = {
        ...entry.items[action.payload.index]!,
        ...action.payload.details,
      };
    },
    remove(state, action: PayloadAction<string>) {
      state.assets = state.assets.filter((asset) => asset.id !== action.payload);
    },
    clear: () => initialAssetsAddState,
  },
  selectors: {
    selectAssetsToAdd: (state) => state.assets,
    /** How many items the list adds in all. */
    selectNewItemCount: (state) => state.assets.reduce((sum, asset) => sum + asset.quantity, 0),
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof assetsAddSlice> {}
}

const injected = assetsAddSlice.injectInto(rootReducer);

export const { add, changeQuantity, setItemDetails, remove, clear } = assetsAddSlice.actions;
export const { selectAssetsToAdd, selectNewItemCount } = injected.selectors;

/** The batch request of the list: each definition's items, with what was given of each. */
export function batchOf(assets: readonly AssetsAddEntry[]) {
  return {
    entries: assets.map((asset) => ({
      assetDefinitionUuid: asset.id,
      items: Array.from({ length: asset.quantity }, (_, index) => {
        const details = asset.items[index];
        const serialNumber = details?.serialNumber.trim() ?? '';
        return {
          serialNumber: serialNumber === '' ? null : serialNumber,
          employeeUuid: details?.employee?.uuid ?? null,
        };
      }),
    })),
  };
}
