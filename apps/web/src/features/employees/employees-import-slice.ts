import {
  deleteImportRow,
  type EmployeeCsvEntry,
  type EmployeeImportValidationResult,
  isImportReady,
  updateImportRow,
} from '@equip/domain/employee-import';
import { createSelector, createSlice, original, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { importsCleared } from '@/lib/csv-import/imports-cleared';
import { rootReducer } from '@/lib/store';

/** The `employeesImport` area (SPEC §3): the validation result of the file being previewed. */
export interface EmployeesImportState {
  result: EmployeeImportValidationResult | null;
  /** The organisation's emails among the file's (lower-case), for re-validating fixed rows. */
  emailsInUse: string[];
  fileName: string | null;
}

const initialState: EmployeesImportState = { result: null, emailsInUse: [], fileName: null };

/** The domain rules work on plain objects; `original` hands them the state without immer's proxies. */
function plainResult(state: EmployeesImportState): EmployeeImportValidationResult | null {
  return state.result ? (original(state.result) ?? null) : null;
}

export const employeesImportSlice = createSlice({
  name: 'employeesImport',
  initialState,
  reducers: {
    setResult(
      state,
      action: PayloadAction<{
        result: EmployeeImportValidationResult;
        emailsInUse?: readonly string[];
        fileName?: string | null;
      }>,
    ) {
      const { result, emailsInUse, fileName } = action.payload;
      state.result = result;
      if (emailsInUse) state.emailsInUse = [...emailsInUse];
      if (fileName !== undefined) state.fileName = fileName;
    },
    /** SPEC §4: removes the row; a duplicate-email partner left alone loses its duplicate error. */
    deleteRow(state, action: PayloadAction<number>) {
      const result = plainResult(state);
      if (result) state.result = deleteImportRow(result, action.payload);
    },
    /** A fixed cell: every row is validated again (an email change can start or end duplicates). */
    updateRow(state, action: PayloadAction<{ index: number; entry: EmployeeCsvEntry }>) {
      const result = plainResult(state);
      if (!result) return;
      const { index, entry } = action.payload;
      state.result = updateImportRow(result, index, entry, new Set(state.emailsInUse));
    },
    clear: () => initialState,
  },
  // Clearing the peripheral import resets this one too (SPEC §4: clearing resets both imports).
  extraReducers: (builder) => builder.addCase(importsCleared, () => initialState),
  selectors: {
    selectImportResult: (state) => state.result,
    selectImportFileName: (state) => state.fileName,
    selectImportReady: (state) => (state.result ? isImportReady(state.result.rows) : false),
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof employeesImportSlice> {}
}

const injected = employeesImportSlice.injectInto(rootReducer);

export const { setResult, deleteRow, updateRow, clear: clearImport } = employeesImportSlice.actions;
export const { selectImportResult, selectImportFileName, selectImportReady } = injected.selectors;

/** Indexes of the rows that have at least one error. */
export const selectErrorRowIndexes = createSelector([selectImportResult], (result) => {
  const indexes: number[] = [];
  result?.rows.forEach((row, index) => {
    if (row.errors.length > 0) indexes.push(index);
  });
  return indexes;
});
