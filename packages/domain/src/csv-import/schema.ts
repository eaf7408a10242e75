import type { HeaderErrorTypes } from './csv-text.ts';
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

/**
 * One row as read from the file: every column as text ('' when empty), and the format's extra columns
 * (see ImportSchema.extraColumn) under the keys the format gave them.
 */
export type ImportEntry<F extends string = string> = Record<F, string> & { [extra: string]: string };

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
 * A rule across the file and the organisation: a column whose values must name something the
 * organisation holds (a person by email or name, a kind by name). Its keys are asked of the server
 * like a unique column's (TakenValues holds those found); a row whose key is not among them gets
 * `missing`. A key of '' is never looked up.
 */
export interface ReferenceRule<F extends string = string> {
  field: F;
  key: (value: string) => string;
  missing: (value: string) => ImportRowError;
}

/**
 * An import format: its columns, its bounds, how one entry is checked and becomes the entity to
 * write, and the rules across rows. The machinery reads, validates and exports any format alike.
 * `H` names the result's list of the file's headers (`headers` for employees, `parsedHeaders` for
 * assets: SPEC §3).
 */
export interface ImportSchema<F extends string = string, T = unknown, H extends string = 'headers'> {
  /** What a row is, for messages: { one: 'employee', other: 'employees' }. */
  noun: { one: string; other: string };
  columns: readonly ImportColumn<F>[];
  limits: ImportLimits;
  /** The types of the format's header errors (SPEC §8). */
  headerErrors: HeaderErrorTypes;
  /** The result's field holding the file's headers. */
  headersField: H;
  /** Whether a result without rows is valid (assets, SPEC §4) or needs at least one (employees). */
  emptyIsValid: boolean;
  /** Checks one entry on its own: the entity to write, or the cell errors. */
  validateEntry: (entry: ImportEntry<F>) => { value: T | null; errors: ImportRowError[] };
  unique: readonly UniqueRule<F>[];
  references?: readonly ReferenceRule<F>[];
  /**
   * Columns beyond the fixed ones, by header convention (assets' `property:<key>`): the entry key
   * a header is read into, null when it follows the convention wrongly (an invalid header), undefined
   * when it is not such a column.
   */
  extraColumn?: (header: string) => string | null | undefined;
  /** A header that is neither a column nor an extra column: ignored (default) or an invalid header. */
  unknownHeaders?: 'ignore' | 'refuse';
  /** Said after the list of invalid headers: what the format reads. */
  headerHint?: string;
}

/**
 * Per unique or reference column, the values the organisation already holds (keyed): for a unique
 * column those taken, for a reference column those found.
 */
export type TakenValues<F extends string = string> = Partial<Record<F, ReadonlySet<string>>>;

/** The rules of a format that look at other rows or the organisation's values: unique and reference. */
export const lookedUpFields = <F extends string>(
  schema: Pick<ImportSchema<F>, 'unique' | 'references'>,
): F[] => [...schema.unique.map((r) => r.field), ...(schema.references ?? []).map((r) => r.field)];

/** The column the error export adds after the format's own; the import ignores it. */
export const ERRORS_HEADER = 'Errors';

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
  /** The extra columns: the entry key each is read into and its index. */
  extra: (readonly [key: string, index: number])[];
  /** Headers the format does not read (see extraColumn and unknownHeaders). */
  invalid: string[];
}

export function mapHeaders<F extends string>(
  schema: Pick<ImportSchema<F>, 'columns'> & Partial<Pick<ImportSchema<F>, 'extraColumn' | 'unknownHeaders'>>,
  headers: readonly string[],
): HeaderMapping<F> {
  const aliases = new Map<string, F>();
  for (const c of schema.columns) aliases.set(normalizeHeader(c.header), c.field);
  for (const c of schema.columns)
    for (const alias of c.aliases ?? [])
      if (!aliases.has(normalizeHeader(alias))) aliases.set(normalizeHeader(alias), c.field);
  const columns = Object.fromEntries(schema.columns.map((c) => [c.field, -1])) as Record<F, number>;
  const extra: (readonly [string, number])[] = [];
  const invalid: string[] = [];
  headers.forEach((header, index) => {
    const field = aliases.get(normalizeHeader(header));
    if (field !== undefined) {
      if (columns[field] === -1) columns[field] = index;
      return;
    }
    if (header.trim() === '' || normalizeHeader(header) === normalizeHeader(ERRORS_HEADER)) return;
    const key = schema.extraColumn?.(header);
    if (key === null || (key !== undefined && extra.some(([known]) => known === key))) invalid.push(header);
    else if (key !== undefined) extra.push([key, index]);
    else if (schema.unknownHeaders === 'refuse') invalid.push(header);
  });
  const missingRequired = schema.columns
    .filter((c) => c.required && columns[c.field] === -1)
    .map((c) => c.header);
  return { columns, missingRequired, extra, invalid };
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
