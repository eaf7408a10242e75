import { toCsv } from './csv-text.ts';
import { ERRORS_HEADER, type ImportEntry, type ImportSchema } from './schema.ts';
import type { ImportValidationResult } from './validate.ts';

/** Entries as CSV in the import format (header row first), so an export imports back unchanged. */
export function entriesToCsv<F extends string>(
  schema: Pick<ImportSchema<F>, 'columns'>,
  entries: readonly ImportEntry<F>[],
  separator = ',',
): string {
  const extra = extraKeysOf(schema, entries);
  return toCsv(
    [
      [...schema.columns.map((c) => c.header), ...extra],
      ...entries.map((e) => [...schema.columns.map((c) => e[c.field]), ...extra.map((key) => e[key] ?? '')]),
    ],
    separator,
  );
}

/**
 * The extra columns the entries hold (a format's `extraColumn`), in the order they first appear. Their
 * keys are headers the format reads back as the same keys (`property:Colour`).
 */
export function extraKeysOf<F extends string>(
  schema: Pick<ImportSchema<F>, 'columns'>,
  entries: readonly ImportEntry<F>[],
): string[] {
  const fields = new Set<string>(schema.columns.map((c) => c.field));
  const extra = new Set<string>();
  for (const entry of entries) for (const key of Object.keys(entry)) if (!fields.has(key)) extra.add(key);
  return [...extra];
}

export { ERRORS_HEADER };

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
  const failed = result.rows.filter((row) => row.errors.length > 0);
  const extra = extraKeysOf(
    schema,
    failed.map((row) => row.entry),
  );
  for (const key of extra) headerOf.set(key, key);
  const rows = failed.map((row) => [
    ...schema.columns.map((c) => row.entry[c.field]),
    ...extra.map((key) => row.entry[key] ?? ''),
    row.errors
      .map((e) => (e.field && headerOf.has(e.field) ? `${headerOf.get(e.field)}: ${e.message}` : e.message))
      .join('; '),
  ]);
  return toCsv([[...schema.columns.map((c) => c.header), ...extra, ERRORS_HEADER], ...rows], separator);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

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

/**
 * A column of a table's export (issue 25, item 16): the entry's field, how its cell is typed, and the
 * column of the on-screen table that shows it (one table column may hold several fields: the name
 * column shows first name, last name and email). Headers are words of the reader's language, which the
 * server's catalog supplies per field.
 * - `text`: written as it is (text cells; formula-guarded in CSV);
 * - `date`: an ISO date (`2026-03-01`), a date cell in .xlsx and the reader's date in CSV;
 * - `datetime`: an ISO instant, shown in the organisation's time zone (a date-time cell, the reader's form);
 * - `number`: a whole number, a number cell in .xlsx.
 */
export interface ExportColumn<F extends string = string, C extends string = string> {
  field: F;
  /** The table column that shows it; null for what the table does not show (exported with `all` only). */
  column: C | null;
  cell?: 'text' | 'date' | 'datetime' | 'number';
}

/** What a table exports: its fields in the file's order, and the table's column ids (`columns=` names them). */
export interface ExportSchema<F extends string = string, C extends string = string> {
  columns: readonly ExportColumn<F, C>[];
  tableColumns: readonly C[];
}

/** `columns=all` (or none): every column, shown or not; else the listed table columns' fields. */
export const ALL_COLUMNS = 'all';

/**
 * The columns a `columns` request asks for, in the file's order: every column for `all` or nothing
 * asked (those the table does not show included); else those of the named table columns. Unknown
 * names are answered with the list of them.
 */
export function chosenExportColumns<F extends string, C extends string>(
  schema: ExportSchema<F, C>,
  asked: string | undefined,
): { columns: readonly ExportColumn<F, C>[]; unknown: string[] } {
  if (asked === undefined || asked.trim() === '' || asked === ALL_COLUMNS)
    return { columns: schema.columns, unknown: [] };
  const names = asked
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = new Set<string>(schema.tableColumns);
  const unknown = names.filter((name) => !known.has(name));
  const wanted = new Set(names);
  return { columns: schema.columns.filter((c) => c.column !== null && wanted.has(c.column)), unknown };
}

/** Who reads an export: the catalog language of the words and dates, and the organisation's time zone. */
export interface ExportReader {
  locale: 'en' | 'de';
  timeZone: string;
}

/** How each language writes dates in an export (the same pattern in CSV text and in .xlsx number formats). */
export const EXPORT_DATE_PATTERNS: Record<ExportReader['locale'], { date: string; dateTime: string }> = {
  en: { date: 'yyyy-mm-dd', dateTime: 'yyyy-mm-dd hh:mm' },
  de: { date: 'dd.mm.yyyy', dateTime: 'dd.mm.yyyy hh:mm' },
};

/** A typed cell of a table export: text, a number, or a date (with the pattern it is shown in). */
export type ExportCell =
  | { type: 'text'; value: string }
  | { type: 'number'; value: number }
  | { type: 'date'; value: Date; format: string }
  | null;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant's wall-clock time in a time zone, as a UTC date (a spreadsheet's dates have no zone: the
 * cell shows what a clock in the organisation showed).
 */
export function wallClock(instant: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return new Date(
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!),
  );
}

/** A UTC date written in one of the patterns of EXPORT_DATE_PATTERNS. */
function patternText(date: Date, pattern: string): string {
  return pattern
    .replace('yyyy', String(date.getUTCFullYear()))
    .replace('mm', pad(date.getUTCMonth() + 1))
    .replace('dd', pad(date.getUTCDate()))
    .replace('hh', pad(date.getUTCHours()))
    .replace(/mm$/, pad(date.getUTCMinutes()));
}

/** One value as its typed cell for the reader: dates as dates in their pattern, whole numbers as numbers. */
export function exportCell(
  column: Pick<ExportColumn, 'cell'>,
  value: string,
  reader: ExportReader,
): ExportCell {
  if (value === '') return null;
  const patterns = EXPORT_DATE_PATTERNS[reader.locale];
  if (column.cell === 'date' && ISO_DATE.test(value))
    return { type: 'date', value: new Date(`${value}T00:00:00Z`), format: patterns.date };
  if (column.cell === 'datetime' && ISO_INSTANT.test(value)) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime()))
      return { type: 'date', value: wallClock(instant, reader.timeZone), format: patterns.dateTime };
  }
  if (column.cell === 'number' && /^-?\d+$/.test(value)) return { type: 'number', value: Number(value) };
  return { type: 'text', value };
}

/** One value as the text of its CSV cell: dates in the reader's pattern, the rest as it is. */
export function exportCellText(
  column: Pick<ExportColumn, 'cell'>,
  value: string,
  reader: ExportReader,
): string {
  const cell = exportCell(column, value, reader);
  if (cell === null) return '';
  if (cell.type === 'date') return patternText(cell.value, cell.format);
  return String(cell.value);
}

/** Rows of a table export as CSV (formula-guarded), without the header row. */
export function exportRowsToCsv<F extends string>(
  columns: readonly ExportColumn<F>[],
  entries: readonly Record<F, string>[],
  reader: ExportReader,
  separator = ',',
): string {
  return toCsv(
    entries.map((entry) => columns.map((c) => exportCellText(c, entry[c.field], reader))),
    separator,
  );
}
