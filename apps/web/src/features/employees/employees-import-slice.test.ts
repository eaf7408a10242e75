import { validateEmployeeCsv } from '@equip/domain/employee-import';
import { describe, expect, it } from 'vitest';
import { createStore } from '@/lib/store';
import {
  clearImport,
  deleteRow,
  employeesImportSlice,
  selectErrorRowIndexes,
  selectImportReady,
  selectImportResult,
  setResult,
  updateRow,
} from './employees-import-slice';

const HEADER = ['First Name', 'Last Name', 'Email'];
const csv = (...rows: string[][]) => validateEmployeeCsv([HEADER, ...rows], new Set(['taken@acme.example']));
const reduce = employeesImportSlice.reducer;
const initial = reduce(undefined, { type: 'init' });

describe('employeesImport slice (SPEC §4)', () => {
  it('holds the validation result set for a file', () => {
    const result = csv(['Ada', 'Lovelace', 'ada@acme.example']);
    const state = reduce(
      initial,
      setResult({ result, emailsInUse: ['taken@acme.example'], fileName: 'a.csv' }),
    );
    expect(state.result).toEqual(result);
    expect(state.fileName).toBe('a.csv');
    expect(state.emailsInUse).toEqual(['taken@acme.example']);
  });

  it('deleting a row clears the duplicate error of the one other row that shared the email', () => {
    const result = csv(['Ada', 'Lovelace', 'same@acme.example'], ['Alan', 'Turing', 'same@acme.example']);
    expect(result.rows.every((r) => r.errors.some((e) => e.type === 'EmailIsDuplicated'))).toBe(true);
    const state = reduce(reduce(initial, setResult({ result })), deleteRow(0));
    expect(state.result?.rows).toHaveLength(1);
    expect(state.result?.rows[0]?.entry.firstName).toBe('Alan');
    expect(state.result?.rows[0]?.errors).toEqual([]);
    expect(state.result?.isValid).toBe(true);
  });

  it('keeps the duplicate error when two other rows still share the email', () => {
    const result = csv(
      ['A', 'A', 'same@acme.example'],
      ['B', 'B', 'same@acme.example'],
      ['C', 'C', 'same@acme.example'],
    );
    const state = reduce(reduce(initial, setResult({ result })), deleteRow(2));
    expect(state.result?.rows.every((r) => r.errors.some((e) => e.type === 'EmailIsDuplicated'))).toBe(true);
  });

  it('updating a row re-validates every row, with the emails in use', () => {
    const result = csv(['Ada', 'Lovelace', 'ada@acme.example'], ['', 'Turing', 'ada@acme.example']);
    let state = reduce(initial, setResult({ result, emailsInUse: ['taken@acme.example'] }));
    state = reduce(
      state,
      updateRow({
        index: 1,
        entry: { ...result.rows[1]!.entry, firstName: 'Alan', email: 'alan@acme.example' },
      }),
    );
    expect(state.result?.rows.map((r) => r.errors)).toEqual([[], []]);
    state = reduce(
      state,
      updateRow({ index: 0, entry: { ...result.rows[0]!.entry, email: 'TAKEN@acme.example' } }),
    );
    expect(state.result?.rows[0]?.errors.map((e) => e.type)).toEqual(['EmailInUse']);
  });

  it('is ready only with at least one row and no errors', () => {
    const store = createStore();
    expect(selectImportReady(store.getState())).toBe(false);
    store.dispatch(setResult({ result: csv(['Ada', 'Lovelace', 'taken@acme.example']) }));
    expect(selectImportReady(store.getState())).toBe(false);
    expect(selectErrorRowIndexes(store.getState())).toEqual([0]);
    store.dispatch(deleteRow(0));
    expect(selectImportResult(store.getState())?.rows).toEqual([]);
    expect(selectImportReady(store.getState())).toBe(false);
    store.dispatch(setResult({ result: csv(['Ada', 'Lovelace', 'ada@acme.example']) }));
    expect(selectImportReady(store.getState())).toBe(true);
  });

  it('clear resets the import', () => {
    const state = reduce(
      initial,
      setResult({ result: csv(['A', 'B', 'c@acme.example']), fileName: 'x.csv' }),
    );
    expect(reduce(state, clearImport())).toEqual(initial);
  });
});
