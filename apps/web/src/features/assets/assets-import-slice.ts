import { ASSET_IMPORT, type AssetCsvEntry, type AssetImportResult } from '@equip/domain/asset-import';
import { deleteImportRow, isImportReady, updateImportRow } from '@equip/domain/csv-import/validate';
import { createSelector, createSlice, original, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { importsCleared } from '@/lib/csv-import/imports-cleared';
import { rootReducer } from '@/lib/store';

/** The `assetsImport` area (SPEC §3, §4): the validation result of the peripheral file being previewed. */
export interface AssetsImportState {
  result: AssetImportResult | null;
  /** The keys the organisation answered for (people by email or name, organisation kinds), to re-check fixed rows. */
  found: { assignedTo: string[]; kind: string[] };
  fileName: string | null;
}

const initialState: AssetsImportState = { result: null, found: { assignedTo: [], kind: [] }, fileName: null };

/** The domain rules work on plain objects; `original` hands them the state without immer's proxies. */
function plainResult(state: AssetsImportState): AssetImportResult | null {
  return state.result ? (original(state.result) ?? null) : null;
}

export const assetsImportSlice = createSlice({
  name: 'assetsImport',
  initialState,
  reducers: {
    setResult(
      state,
      action: PayloadAction<{
        result: AssetImportResult;
        found?: { assignedTo: readonly string[]; kind: readonly string[] };
        fileName?: string | null;
      }>,
    ) {
      const { result, found, fileName } = action.payload;
      state.result = result;
      if (found) state.found = { assignedTo: [...found.assignedTo], kind: [...found.kind] };
      if (fileName !== undefined) state.fileName = fileName;
    },
    /** SPEC §4: removes the row; the result is valid again when no remaining row has errors (none is valid). */
    deleteRow(state, action: PayloadAction<number>) {
      const result = plainResult(state);
      if (result) state.result = deleteImportRow(ASSET_IMPORT, result, action.payload);
    },
    /** A fixed cell: the rows are checked again against what the organisation answered. */
    updateRow(state, action: PayloadAction<{ index: number; entry: AssetCsvEntry }>) {
      const result = plainResult(state);
      if (!result) return;
      const { index, entry } = action.payload;
      state.result = updateImportRow(ASSET_IMPORT, result, index, entry, {
        assignedTo: new Set(state.found.assignedTo),
        kind: new Set(state.found.kind),
      });
    },
  },
  extraReducers: (builder) => builder.addCase(importsCleared, () => initialState),
  selectors: {
    selectAssetImportResult: (state) => state.result,
    selectAssetImportFileName: (state) => state.fileName,
    selectAssetImportReady: (state) =>
      state.result ? isImportReady(state.result.rows, ASSET_IMPORT) : false,
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof assetsImportSlice> {}
}

const injected = assetsImportSlice.injectInto(rootReducer);

export const { setResult, deleteRow, updateRow } = assetsImportSlice.actions;
export const { selectAssetImportResult, selectAssetImportFileName, selectAssetImportReady } =
  injected.selectors;

/** Indexes of the rows that have at least one error. */
export const selectAssetErrorRowIndexes = createSelector([selectAssetImportResult], (result) => {
  const indexes: number[] = [];
  result?.rows.forEach((row, index) => {
    if (row.errors.length > 0) indexes.push(index);
  });
  return indexes;
});
