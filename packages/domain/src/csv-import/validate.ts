import { cellTooLong, FILE_ERROR, type ImportFileError, tooManyColumns, unguardCell } from './csv-text.ts';
import { formatCount } from './limits.ts';
import {
  type HeaderMapping,
  type ImportEntry,
  type ImportRowError,
  type ImportSchema,
  listOf,
  lookedUpFields,
  mapHeaders,
  type ReferenceRule,
  type TakenValues,
  type UniqueRule,
} from './schema.ts';

export interface ImportRow<F extends string = string> {
  entry: ImportEntry<F>;
  errors: ImportRowError[];
}

/**
 * The validation result of a file: isValid, rows (each with its errors), file errors, and the file's
 * headers under the format's `headersField` (`headers`, `parsedHeaders`).
 */
export type ImportValidationResult<F extends string = string, H extends string = 'headers'> = {
  isValid: boolean;
  rows: ImportRow<F>[];
  errors: ImportFileError[];
} & Record<H, string[]>;

/** One row's error, by its position among the data rows, with the value of its cell. */
export interface LocatedRowError extends ImportRowError {
  row: number;
  value: string;
}

export interface ImportReadResult<T> {
  headers: string[];
  fileErrors: ImportFileError[];
  rowCount: number;
  /** Every row error, in row order (the same errors validateImportTable puts on its rows). */
  errors: LocatedRowError[];
  /** The entities to write, in file order; complete only when there are no errors. */
  values: T[];
}

export function entryFromCells<F extends string>(
  schema: Pick<ImportSchema<F>, 'columns'>,
  cells: readonly string[],
  mapping: Pick<HeaderMapping<F>, 'columns'> & Partial<Pick<HeaderMapping<F>, 'extra'>>,
): ImportEntry<F> {
  const cell = (index: number) => (index === -1 ? '' : unguardCell((cells[index] ?? '').trim()));
  return Object.fromEntries([
    ...schema.columns.map((c) => [c.field, cell(mapping.columns[c.field])]),
    ...(mapping.extra ?? []).map(([key, index]) => [key, cell(index)]),
  ]) as ImportEntry<F>;
}

/** Spans of merged lines named in the message; the rest are counted. */
const MERGED_SPANS_NAMED = 5;

function mergedLinesError(spans: readonly (readonly [number, number])[], total: number): ImportFileError {
  const named = spans.map(([first, last]) => `${first}–${last}`);
  const more = total - named.length;
  const list = more > 0 ? `${named.join(', ')} and ${formatCount(more)} more places` : listOf(named);
  return {
    type: FILE_ERROR,
    message: `Lines ${list} were ${total > 1 ? 'each ' : ''}read as one row: a cell there starts with a quote (") that does not end on its line, so the line breaks became part of the cell. Remove the stray quote, or put the whole cell in quotes and double every quote inside it ("").`,
  };
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** A parsed row spans one line of the file more for each line break inside its cells. */
function lineBreaksIn(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) breaks += cell.match(LINE_BREAK)?.length ?? 0;
  return breaks;
}

const isBlankRow = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

export const emptyFileMessage = (schema: Pick<ImportSchema, 'columns'>): string =>
  `The file is empty: it needs a header row with ${listOf(schema.columns.filter((c) => c.required).map((c) => c.header))}`;

export interface TableWalk {
  /** Feeds the next parsed row; false once the file is refused (stop feeding then). */
  add(cells: readonly string[]): boolean;
  /** The line of the file where the next row starts. */
  readonly nextLine: number;
  /** Refuses the file for a row that ran too long to finish reading (see rowTooLargeError). */
  refuse(error: ImportFileError): void;
  finish(): { headers: string[]; fileErrors: ImportFileError[] };
}

/**
 * Walks a parsed file one row at a time: counts the lines each row spans, applies the bounds, takes
 * the first row that is not blank as the header, skips blank rows and hands every data row to `onRow`
 * (until a row is found that merged several lines: the file is refused then, and is only read on to
 * name every such place). Blank lines must be among the rows, or the line numbers are off. The browser
 * preview and the server both read through it, so they refuse the same files with the same messages.
 */
/** What reading a file needs of a format. */
export type TableRules<F extends string> = Pick<
  ImportSchema<F>,
  'columns' | 'limits' | 'headerErrors' | 'extraColumn' | 'unknownHeaders' | 'headerHint'
>;

export function walkImportTable<F extends string>(
  schema: TableRules<F>,
  onRow?: (entry: ImportEntry<F>) => void,
): TableWalk {
  const { limits } = schema;
  let headers: string[] | null = null;
  let mapping: HeaderMapping<F> | null = null;
  let nextLine = 1;
  let dataRows = 0;
  let refusal: ImportFileError | null = null;
  const merged: [number, number][] = [];
  let mergedCount = 0;

  const boundsError = (cells: readonly string[], line: number, isHeader: boolean) => {
    if (cells.length > limits.columns) return tooManyColumns(line, isHeader, schema);
    const long = cells.findIndex((cell) => cell.length > limits.cellLength);
    return long === -1 ? null : cellTooLong(line, long + 1, isHeader, schema);
  };

  return {
    get nextLine() {
      return nextLine;
    },
    refuse(error) {
      refusal ??= error;
    },
    add(cells) {
      if (refusal) return false;
      const first = nextLine;
      const last = first + lineBreaksIn(cells);
      nextLine = last + 1;
      const blank = isBlankRow(cells);
      if (!blank && last > first) {
        mergedCount++;
        if (merged.length < MERGED_SPANS_NAMED) merged.push([first, last]);
      }
      refusal = boundsError(cells, first, headers === null);
      if (refusal) return false;
      if (blank) return true;
      if (!headers) {
        headers = cells.map((h) => h.replace(/^\uFEFF/, '').trim());
        mapping = mapHeaders(schema, headers);
        if (mapping.missingRequired.length > 0) {
          refusal = {
            type: schema.headerErrors.missing,
            message: `Missing columns: ${mapping.missingRequired.join(', ')}`,
          };
          return false;
        }
        if (mapping.invalid.length > 0) {
          const hint = schema.headerHint ? ` ${schema.headerHint}` : '';
          refusal = {
            type: schema.headerErrors.invalid,
            message: `Columns not read: ${listOf(mapping.invalid.map((h) => `"${h}"`))}.${hint}`,
          };
          return false;
        }
        return true;
      }
      if (++dataRows > limits.rows) {
        refusal = {
          type: FILE_ERROR,
          message: `The file has more than ${formatCount(limits.rows)} rows. Split it into smaller files.`,
        };
        return false;
      }
      if (mergedCount === 0) onRow?.(entryFromCells(schema, cells, mapping!));
      return true;
    },
    finish() {
      const fileErrors: ImportFileError[] = [];
      if (mergedCount > 0) fileErrors.push(mergedLinesError(merged, mergedCount));
      if (refusal) fileErrors.push(refusal);
      else if (!headers)
        fileErrors.push({ type: schema.headerErrors.missing, message: emptyFileMessage(schema) });
      return { headers: headers ?? [], fileErrors };
    },
  };
}

/**
 * Walks a parsed file (blank lines included): its header, its file-level errors, and each data row
 * handed to `onRow` while the file can still be imported.
 */
export function readImportTable<F extends string>(
  schema: TableRules<F>,
  table: readonly (readonly string[])[],
  onRow?: (entry: ImportEntry<F>) => void,
): { headers: string[]; fileErrors: ImportFileError[] } {
  const walk = walkImportTable(schema, onRow);
  for (const cells of table) if (!walk.add(cells)) break;
  return walk.finish();
}

/** The errors of a unique column that depend on the other rows and on the values taken. */
function uniqueErrors<F extends string>(
  rule: UniqueRule<F>,
  key: string,
  counts: ReadonlyMap<string, number>,
  taken: ReadonlySet<string> | undefined,
): ImportRowError[] {
  if (!key) return [];
  const errors: ImportRowError[] = [];
  if ((counts.get(key) ?? 0) > 1) errors.push({ ...rule.duplicate });
  if (rule.taken && taken?.has(key)) errors.push({ ...rule.taken });
  return errors;
}

function countKeys(keys: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * The import is ready when no row has an error and, unless the format takes an empty list as valid
 * (assets), at least one row remains (employees) (SPEC §4).
 */
export function isImportReady(
  rows: readonly { errors: readonly unknown[] }[],
  format: Pick<ImportSchema, 'emptyIsValid'> = { emptyIsValid: false },
): boolean {
  return (format.emptyIsValid || rows.length > 0) && rows.every((r) => r.errors.length === 0);
}

/** A result with its validity, the headers under the format's own field. */
function resultOf<F extends string, H extends string>(
  schema: Pick<ImportSchema<F, unknown, H>, 'emptyIsValid' | 'headersField'>,
  rows: ImportRow<F>[],
  errors: ImportFileError[],
  headers: string[],
): ImportValidationResult<F, H> {
  const isValid = errors.length === 0 && isImportReady(rows, schema);
  return { isValid, rows, errors, [schema.headersField]: headers } as ImportValidationResult<F, H>;
}

/** A reference column's error when its key is not among the values found. */
function referenceErrors<F extends string>(
  rule: ReferenceRule<F>,
  value: string,
  found: ReadonlySet<string> | undefined,
): ImportRowError[] {
  const key = rule.key(value);
  return key && !found?.has(key) ? [rule.missing(value)] : [];
}

/**
 * Validates all rows: each on its own, then the unique columns (a duplicate error on every row that
 * shares a value, a taken error where the value is already used).
 */
export function validateImportEntries<F extends string, T, H extends string>(
  schema: ImportSchema<F, T, H>,
  entries: readonly ImportEntry<F>[],
  taken: TakenValues<F> = {},
  headers: string[] = schema.columns.map((c) => c.header),
): ImportValidationResult<F, H> {
  const counts = schema.unique.map((rule) => countKeys(entries.map((e) => rule.key(e[rule.field]))));
  const rows = entries.map((entry) => ({
    entry,
    errors: [
      ...schema.validateEntry(entry).errors,
      ...schema.unique.flatMap((rule, i) =>
        uniqueErrors(rule, rule.key(entry[rule.field]), counts[i]!, taken[rule.field]),
      ),
      ...(schema.references ?? []).flatMap((rule) =>
        referenceErrors(rule, entry[rule.field], taken[rule.field]),
      ),
    ],
  }));
  return resultOf(schema, rows, [], headers);
}

/** Validates a parsed file (header row + data rows, blank lines included: they are skipped). */
export function validateImportTable<F extends string, T, H extends string>(
  schema: ImportSchema<F, T, H>,
  table: readonly (readonly string[])[],
  taken: TakenValues<F> = {},
): ImportValidationResult<F, H> {
  const entries: ImportEntry<F>[] = [];
  const { headers, fileErrors } = readImportTable(schema, table, (entry) => entries.push(entry));
  if (fileErrors.length > 0) return resultOf(schema, [], fileErrors, headers);
  return validateImportEntries(schema, entries, taken, headers);
}

/**
 * The values of a unique or reference column in a parsed file (to ask which are taken or found),
 * keyed, without blanks.
 */
export function uniqueValuesOf<F extends string, T, H extends string>(
  schema: ImportSchema<F, T, H>,
  table: readonly (readonly string[])[],
  field: F,
): string[] {
  const rule =
    schema.unique.find((r) => r.field === field) ?? schema.references?.find((r) => r.field === field);
  const values = new Set<string>();
  readImportTable(schema, table, (entry) => {
    const key = rule ? rule.key(entry[field]) : entry[field];
    if (key) values.add(key);
  });
  return [...values];
}

/**
 * Deleting a row removes it. When it had a duplicate error of a unique column and exactly one other
 * row shares that value, the duplicate error is cleared from that other row (SPEC §4).
 */
export function deleteImportRow<F extends string, T, H extends string>(
  schema: ImportSchema<F, T, H>,
  result: ImportValidationResult<F, H>,
  index: number,
): ImportValidationResult<F, H> {
  const removed = result.rows[index];
  if (!removed) return result;
  let rows = result.rows.filter((_, i) => i !== index);
  for (const rule of schema.unique) {
    const isDuplicate = (e: ImportRowError) =>
      e.type === rule.duplicate.type && e.field === rule.duplicate.field;
    if (!removed.errors.some(isDuplicate)) continue;
    const key = rule.key(removed.entry[rule.field]);
    const sharing = rows.flatMap((row, i) => (rule.key(row.entry[rule.field]) === key ? [i] : []));
    if (sharing.length === 1) {
      const other = sharing[0]!;
      rows = rows.map((row, i) =>
        i === other ? { ...row, errors: row.errors.filter((e) => !isDuplicate(e)) } : row,
      );
    }
  }
  return resultOf(schema, rows, result.errors, result[schema.headersField]);
}

/** Fixing a cell re-validates every row (a changed value can create or end duplicates elsewhere). */
export function updateImportRow<F extends string, T, H extends string>(
  schema: ImportSchema<F, T, H>,
  result: ImportValidationResult<F, H>,
  index: number,
  entry: ImportEntry<F>,
  taken: TakenValues<F> = {},
): ImportValidationResult<F, H> {
  const entries = result.rows.map((row, i) => (i === index ? entry : row.entry));
  const headers: string[] = result[schema.headersField];
  return resultOf(
    schema,
    validateImportEntries(schema, entries, taken, headers).rows,
    result.errors,
    headers,
  );
}

export interface ImportReader<T> {
  /** Feeds the next parsed row, blank ones included; false once the file is refused. */
  add(cells: readonly string[]): boolean;
  /** Where the next row starts; with `refuse`, for a row too long to finish reading. */
  readonly nextLine: number;
  refuse(error: ImportFileError): void;
  /** The distinct keys of a unique or reference column read so far (to ask which are taken or found). */
  uniqueKeys(field: string): string[];
  /**
   * The result. `takenLate`: values taken that were asked for with the file's own keys once it was
   * read (the server asks the whole installation which of the file's emails are in use), on top of
   * those the reader was created with.
   */
  finish(takenLate?: TakenValues): ImportReadResult<T>;
}

/**
 * Reads a file one row at a time (for the server: large files are never held as a table of cells or
 * of result rows). Feed every parsed row, blank ones included, to `add` until it answers false, then
 * call `finish`. It applies exactly the rules of validateImportTable.
 */
export function createImportReader<F extends string, T, H extends string>(
  schema: ImportSchema<F, T, H>,
  takenAtStart: TakenValues<F> = {},
): ImportReader<T> {
  const taken: TakenValues<F> = { ...takenAtStart };
  const keys: string[][] = schema.unique.map(() => []);
  const counts = schema.unique.map(() => new Map<string, number>());
  const references = schema.references ?? [];
  /** Per reference column, each row's value (its key is taken again in finish). */
  const referenced: string[][] = references.map(() => []);
  const referenceKeys = references.map(() => new Set<string>());
  let clash = false;
  let rowCount = 0;
  const values: T[] = [];
  const errors: LocatedRowError[] = [];
  const walk = walkImportTable(schema, (entry) => {
    const row = rowCount++;
    schema.unique.forEach((rule, i) => {
      const key = rule.key(entry[rule.field]);
      keys[i]!.push(key);
      if (!key) return;
      const seen = (counts[i]!.get(key) ?? 0) + 1;
      counts[i]!.set(key, seen);
      if (seen > 1 || (rule.taken && taken[rule.field]?.has(key))) clash = true;
    });
    references.forEach((rule, i) => {
      const value = entry[rule.field];
      referenced[i]!.push(value);
      const key = rule.key(value);
      if (key) referenceKeys[i]!.add(key);
    });
    const { value, errors: own } = schema.validateEntry(entry);
    for (const error of own)
      errors.push({ ...error, row, value: (error.field ? entry[error.field as F] : undefined) ?? '' });
    if (value !== null && errors.length === 0) values.push(value);
  });

  return {
    add: (cells) => walk.add(cells),
    get nextLine() {
      return walk.nextLine;
    },
    refuse: (error) => walk.refuse(error),
    uniqueKeys(field) {
      const i = schema.unique.findIndex((rule) => rule.field === field);
      if (i !== -1) return [...counts[i]!.keys()];
      const r = references.findIndex((rule) => rule.field === field);
      return r === -1 ? [] : [...referenceKeys[r]!];
    },
    finish(takenLate = {}) {
      const { headers, fileErrors } = walk.finish();
      if (fileErrors.length > 0) return { headers, fileErrors, rowCount: 0, errors: [], values: [] };
      for (const field of lookedUpFields(schema)) {
        const late = takenLate[field];
        if (!late || late.size === 0) continue;
        const known = taken[field];
        taken[field] = known ? new Set([...known, ...late]) : late;
      }
      schema.unique.forEach((rule, i) => {
        const now = taken[rule.field];
        if (rule.taken && now) for (const key of counts[i]!.keys()) if (now.has(key)) clash = true;
      });
      // A referenced value not found is an error too.
      if (references.some((rule, i) => [...referenceKeys[i]!].some((key) => !taken[rule.field]?.has(key))))
        clash = true;
      const located = [...errors];
      // A clean file (the common large case) skips this second pass over every row.
      if (clash) {
        for (let row = 0; row < rowCount; row++) {
          schema.unique.forEach((rule, i) => {
            const key = keys[i]![row]!;
            for (const error of uniqueErrors(rule, key, counts[i]!, taken[rule.field]))
              located.push({ ...error, row, value: key });
          });
          references.forEach((rule, i) => {
            const value = referenced[i]![row]!;
            for (const error of referenceErrors(rule, value, taken[rule.field]))
              located.push({ ...error, row, value });
          });
        }
        // Row order, and within a row the order validateImportEntries uses (own errors first).
        located.sort((a, b) => a.row - b.row);
      }
      return { headers, fileErrors, rowCount, errors: located, values: located.length === 0 ? values : [] };
    },
  };
}
