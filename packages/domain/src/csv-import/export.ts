import { toCsv } from './csv-text.ts';
import type { ImportColumn, ImportEntry, ImportSchema } from './schema.ts';
import type { ImportValidationResult } from './validate.ts';

/** Entries as CSV in the import format (header row first), so an export imports back unchanged. */
export function entriesToCsv<F extends string>(
  schema: Pick<ImportSchema<F>, 'columns'>,
  entries: readonly ImportEntry<F>[],
  separator = ',',
): string {
  return toCsv(
    [schema.columns.map((c) => c.header), ...entries.map((e) => schema.columns.map((c) => e[c.field]))],
    separator,
  );
}

/** Entries as CSV without the header row (the pages after the first of a long export). */
export function entriesToCsvRows<F extends string>(
  schema: Pick<ImportSchema<F>, 'columns'>,
  entries: readonly ImportEntry<F>[],
  separator = ',',
): string {
  return toCsv(
    entries.map((e) => schema.columns.map((c) => e[c.field])),
    separator,
  );
}

/** The column the error export adds after the format's own; the import ignores it. */
export const ERRORS_HEADER = 'Errors';

/**
 * The rows that have errors, as CSV in the format plus a last column naming each error at its column
 * ("Email: This email appears more than once in the file"): fixed in a spreadsheet, the file imports
 * again as it is (unknown columns are ignored).
 */
export function errorRowsToCsv<F extends string>(
  schema: Pick<ImportSchema<F>, 'columns'>,
  result: Pick<ImportValidationResult<F>, 'rows'>,
  separator = ',',
): string {
  const headerOf = new Map<string, string>(schema.columns.map((c) => [c.field, c.header]));
  const rows = result.rows
    .filter((row) => row.errors.length > 0)
    .map((row) => [
      ...schema.columns.map((c) => row.entry[c.field]),
      row.errors
        .map((e) => (e.field && headerOf.has(e.field) ? `${headerOf.get(e.field)}: ${e.message}` : e.message))
        .join('; '),
    ]);
  return toCsv([[...schema.columns.map((c) => c.header), ERRORS_HEADER], ...rows], separator);
}

/** A typed spreadsheet cell: text stays text (no formula guard needed), dates are dates. */
export type SpreadsheetCell = { type: 'text'; value: string } | { type: 'date'; value: Date } | null;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One entry as typed cells of the spreadsheet export, by the columns' cell types. */
export function entryToSpreadsheetRow<F extends string>(
  columns: readonly ImportColumn<F>[],
  entry: ImportEntry<F>,
): SpreadsheetCell[] {
  return columns.map((c) => {
    const value = entry[c.field];
    if (value === '') return null;
    if (c.cell === 'date' && ISO_DATE.test(value))
      return { type: 'date', value: new Date(`${value}T00:00:00Z`) };
    return { type: 'text', value };
  });
}

/**
 * A cell read from a spreadsheet as the text the import rules read: dates as ISO dates (YYYY-MM-DD,
 * in UTC as the export writes them), numbers without exponent or grouping, booleans as TRUE/FALSE.
 */
export function spreadsheetCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/** A sheet read by a spreadsheet library as the rows of text the import reads. */
export const spreadsheetTable = (rows: readonly (readonly unknown[])[]): string[][] =>
  rows.map((row) => row.map(spreadsheetCellText));

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME = 'text/csv';
