import type { ImportLimits } from './limits.ts';

/** One column of an import format. */
export interface ImportColumn<F extends string = string> {
  /** The entry's key. */
  field: F;
  /** The header the export and the template write. */
  header: string;
  /** Other headers read as this column (matched like headers: see normalizeHeader). */
  aliases?: readonly string[];
  required: boolean;
  /**
   * How the spreadsheet export types the cell: `text` (never turned into a number, date or formula:
   * phone numbers, ids) or `date` (an ISO date written as a date cell). Default text.
   */
  cell?: 'text' | 'date';
}

/** One row as read from the file: every column as text ('' when empty). */
export type ImportEntry<F extends string = string> = Record<F, string>;

/** An error of one row, at a cell when `field` is set. */
export interface ImportRowError {
  type: string;
  /** The column the error belongs to (shown at the cell). */
  field?: string;
  message: string;
}

/**
 * A rule across rows: a column whose values must be unique within the file (`duplicate` on every
 * row that shares one) and, when the caller knows the values already taken (emails of the
 * organisation, serial numbers in stock), not one of those (`taken`).
 */
export interface UniqueRule<F extends string = string> {
  field: F;
  /** The value compared (e.g. trimmed and lower-case); '' is never compared. */
  key: (value: string) => string;
  duplicate: ImportRowError;
  taken?: ImportRowError;
}

/**
 * An import format: its columns, its bounds, how one entry is checked and becomes the entity to
 * write, and the rules across rows. The machinery reads, validates and exports any format alike.
 */
export interface ImportSchema<F extends string = string, T = unknown> {
  /** What a row is, for messages: { one: 'employee', other: 'employees' }. */
  noun: { one: string; other: string };
  columns: readonly ImportColumn<F>[];
  limits: ImportLimits;
  /** Checks one entry on its own: the entity to write, or the cell errors. */
  validateEntry: (entry: ImportEntry<F>) => { value: T | null; errors: ImportRowError[] };
  unique: readonly UniqueRule<F>[];
}

/** Per unique column, the values already taken (already keyed). */
export type TakenValues<F extends string = string> = Partial<Record<F, ReadonlySet<string>>>;

/** Header matching ignores case, spaces, dashes, dots and underscores: "first_name", "FirstName". */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '');
}

export interface HeaderMapping<F extends string = string> {
  /** For each field, the index of its column in the file (-1 when absent). */
  columns: Record<F, number>;
  missingRequired: string[];
}

export function mapHeaders<F extends string>(
  schema: Pick<ImportSchema<F>, 'columns'>,
  headers: readonly string[],
): HeaderMapping<F> {
  const aliases = new Map<string, F>();
  for (const c of schema.columns) aliases.set(normalizeHeader(c.header), c.field);
  for (const c of schema.columns)
    for (const alias of c.aliases ?? [])
      if (!aliases.has(normalizeHeader(alias))) aliases.set(normalizeHeader(alias), c.field);
  const columns = Object.fromEntries(schema.columns.map((c) => [c.field, -1])) as Record<F, number>;
  headers.forEach((header, index) => {
    const field = aliases.get(normalizeHeader(header));
    if (field !== undefined && columns[field] === -1) columns[field] = index;
  });
  const missingRequired = schema.columns
    .filter((c) => c.required && columns[c.field] === -1)
    .map((c) => c.header);
  return { columns, missingRequired };
}

/** An entry with every column empty. */
export function emptyEntry<F extends string>(schema: Pick<ImportSchema<F>, 'columns'>): ImportEntry<F> {
  return Object.fromEntries(schema.columns.map((c) => [c.field, ''])) as ImportEntry<F>;
}

export const isBlankEntry = (entry: Readonly<Record<string, string>>): boolean =>
  Object.values(entry).every((value) => value.trim() === '');

/** "A, B and C". */
export function listOf(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}
