import { z } from 'zod';
import { type Employee, EmployeePersonalInfo, startNotAfterEnd } from './employees.ts';

/**
 * The employee CSV (SPEC §3, §5, §8): columns, header matching, row validation, duplicate rules and
 * row deletion. The browser runs it for the preview; the server runs it again before committing.
 */
export const EMPLOYEE_CSV_COLUMNS = [
  { field: 'firstName', header: 'First Name', required: true },
  { field: 'lastName', header: 'Last Name', required: true },
  { field: 'email', header: 'Email', required: true },
  { field: 'phone', header: 'Phone', required: false },
  { field: 'startDate', header: 'Start Date', required: false },
  { field: 'lastDate', header: 'End Date', required: false },
  { field: 'department', header: 'Department', required: false },
  { field: 'position', header: 'Position', required: false },
] as const;

export type EmployeeCsvField = (typeof EMPLOYEE_CSV_COLUMNS)[number]['field'];
/** One row as read from the file: every column as text ('' when empty). */
export type EmployeeCsvEntry = Record<EmployeeCsvField, string>;

export const EmployeeImportRowErrorType = z.enum(['EmailIsDuplicated', 'EmailInUse', 'ZodValidationError']);
export type EmployeeImportRowErrorType = z.infer<typeof EmployeeImportRowErrorType>;
export const EmployeeImportFileErrorType = z.enum(['FileHeadersNotValid', 'UnknownError']);
export type EmployeeImportFileErrorType = z.infer<typeof EmployeeImportFileErrorType>;

export const EmployeeImportRowError = z.object({
  type: EmployeeImportRowErrorType,
  /** The column the error belongs to (shown at the cell). */
  field: z.string().optional(),
  message: z.string(),
});
export type EmployeeImportRowError = z.infer<typeof EmployeeImportRowError>;

/**
 * Bounds of an import file, the same in the browser preview and on the server: a file beyond them is
 * refused as a whole, before its rows are checked.
 */
export const EMPLOYEE_CSV_LIMITS = {
  /** Columns in a row (the format has 8; exports of HR tools bring a few dozen of their own). */
  columns: 100,
  /** Characters in a cell. */
  cellLength: 1000,
  /** People in one import (the server commits them in one transaction). */
  rows: 200_000,
} as const;

/**
 * Papa Parse guesses a file's line breaks from the first chunk it reads (and reads a large text faster
 * in chunks): the browser preview and the server read in chunks of this many characters, so they guess
 * alike.
 */
export const EMPLOYEE_CSV_READ_CHUNK_CHARS = 32 * 1024;

/**
 * No row within the bounds takes more characters of the file than this (every cell quoted and made of
 * doubled quotes), so a reader may refuse a row that grows longer before it has ended.
 */
export const EMPLOYEE_CSV_MAX_ROW_CHARS =
  EMPLOYEE_CSV_LIMITS.columns * (2 * EMPLOYEE_CSV_LIMITS.cellLength + 3);

export const EmployeeCsvEntrySchema = z.object(
  Object.fromEntries(
    EMPLOYEE_CSV_COLUMNS.map((c) => [c.field, z.string().max(EMPLOYEE_CSV_LIMITS.cellLength)]),
  ) as Record<EmployeeCsvField, z.ZodString>,
);

export const EmployeeImportRow = z.object({
  entry: EmployeeCsvEntrySchema,
  errors: z.array(EmployeeImportRowError),
});
export type EmployeeImportRow = z.infer<typeof EmployeeImportRow>;

export const EmployeeImportFileError = z.object({ type: EmployeeImportFileErrorType, message: z.string() });
export type EmployeeImportFileError = z.infer<typeof EmployeeImportFileError>;

/** The validation result (SPEC §3): isValid, rows, errors, headers. */
export const EmployeeImportValidationResult = z.object({
  isValid: z.boolean(),
  rows: z.array(EmployeeImportRow),
  errors: z.array(EmployeeImportFileError),
  headers: z.array(z.string()),
});
export type EmployeeImportValidationResult = z.infer<typeof EmployeeImportValidationResult>;

/** Header matching ignores case, spaces, dashes and underscores: "first_name", "FirstName", " first name ". */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '');
}

const HEADER_ALIASES: Record<string, EmployeeCsvField> = {
  ...Object.fromEntries(EMPLOYEE_CSV_COLUMNS.map((c) => [normalizeHeader(c.header), c.field])),
  emailaddress: 'email',
  mail: 'email',
  phonenumber: 'phone',
  enddate: 'lastDate',
  lastdate: 'lastDate',
};

export interface HeaderMapping {
  /** For each field, the index of its column in the file (-1 when absent). */
  columns: Record<EmployeeCsvField, number>;
  missingRequired: string[];
}

export function mapHeaders(headers: readonly string[]): HeaderMapping {
  const columns = Object.fromEntries(EMPLOYEE_CSV_COLUMNS.map((c) => [c.field, -1])) as Record<
    EmployeeCsvField,
    number
  >;
  headers.forEach((header, index) => {
    const field = HEADER_ALIASES[normalizeHeader(header)];
    if (field && columns[field] === -1) columns[field] = index;
  });
  const missingRequired = EMPLOYEE_CSV_COLUMNS.filter((c) => c.required && columns[c.field] === -1).map(
    (c) => c.header,
  );
  return { columns, missingRequired };
}

/** Cells our export guarded against formula injection come back without the guard. */
export function unguardCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * Cells starting with = + - @, tab or CR are prefixed with ' so spreadsheets do not run them (as are
 * cells that merely look guarded already, so that unguarding restores every value exactly).
 */
export function guardCell(value: string): string {
  return /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function entryFromCells(cells: readonly string[], mapping: HeaderMapping): EmployeeCsvEntry {
  return Object.fromEntries(
    EMPLOYEE_CSV_COLUMNS.map((c) => {
      const index = mapping.columns[c.field];
      return [c.field, index === -1 ? '' : unguardCell((cells[index] ?? '').trim())];
    }),
  ) as EmployeeCsvEntry;
}

/** Accepts ISO dates and the common European (31.12.2026) and slash (2026/12/31) forms; answers ISO or null. */
export function normalizeCsvDate(value: string): string | null {
  const v = value.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(v);
  let y: string | undefined;
  let mo: string | undefined;
  let d: string | undefined;
  if (m) [, y, mo, d] = m;
  else {
    m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(v);
    if (m) [, d, mo, y] = m;
  }
  if (!y || !mo || !d) return null;
  const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

export type ImportedEmployee = z.infer<typeof EmployeePersonalInfo>;

/** Validates one entry on its own (no duplicate or in-use checks); returns the employee or the cell errors. */
export function validateEntry(entry: EmployeeCsvEntry): {
  employee: ImportedEmployee | null;
  errors: EmployeeImportRowError[];
} {
  const errors: EmployeeImportRowError[] = [];
  const dates: Partial<Record<'startDate' | 'lastDate', string | null>> = {};
  for (const field of ['startDate', 'lastDate'] as const) {
    if (entry[field] === '') dates[field] = null;
    else {
      const iso = normalizeCsvDate(entry[field]);
      if (iso === null)
        errors.push({ type: 'ZodValidationError', field, message: 'Invalid date (use YYYY-MM-DD)' });
      dates[field] = iso;
    }
  }
  const candidate = {
    firstName: entry.firstName,
    lastName: entry.lastName,
    email: entry.email.trim().toLowerCase(),
    phone: entry.phone === '' ? null : entry.phone,
    department: entry.department === '' ? null : entry.department,
    position: entry.position === '' ? null : entry.position,
    startDate: dates.startDate ?? null,
    lastDate: dates.lastDate ?? null,
  };
  const parsed = EmployeePersonalInfo.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (errors.some((e) => e.field === field)) continue;
      const message =
        issue.code === 'too_small' && entry[field as EmployeeCsvField] === '' ? 'Required' : issue.message;
      errors.push({ type: 'ZodValidationError', field, message });
    }
  }
  if (errors.length === 0 && parsed.success && !startNotAfterEnd(parsed.data)) {
    errors.push({
      type: 'ZodValidationError',
      field: 'lastDate',
      message: 'End date must not be before start date',
    });
  }
  return { employee: errors.length === 0 && parsed.success ? parsed.data : null, errors };
}

const emailKey = (entry: EmployeeCsvEntry) => entry.email.trim().toLowerCase();

const EMPTY_FILE_MESSAGE = 'The file is empty: it needs a header row with First Name, Last Name and Email';

const DUPLICATE_ERROR: EmployeeImportRowError = {
  type: 'EmailIsDuplicated',
  field: 'email',
  message: 'This email appears more than once in the file',
};
const IN_USE_ERROR: EmployeeImportRowError = {
  type: 'EmailInUse',
  field: 'email',
  message: 'Someone in your organisation already uses this email',
};

/** The errors of the email cell that depend on the other rows and on the organisation. */
function emailErrors(
  key: string,
  counts: ReadonlyMap<string, number>,
  emailsInUse: ReadonlySet<string>,
): EmployeeImportRowError[] {
  if (!key) return [];
  const errors: EmployeeImportRowError[] = [];
  if ((counts.get(key) ?? 0) > 1) errors.push({ ...DUPLICATE_ERROR });
  if (emailsInUse.has(key)) errors.push({ ...IN_USE_ERROR });
  return errors;
}

function countEmails(keys: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * Validates all rows: each on its own, then emails shared within the file (EmailIsDuplicated on every
 * row that shares one) and emails already used in the organisation (EmailInUse).
 */
export function validateEntries(
  entries: readonly EmployeeCsvEntry[],
  emailsInUse: ReadonlySet<string>,
  headers: string[] = EMPLOYEE_CSV_COLUMNS.map((c) => c.header),
): EmployeeImportValidationResult {
  const counts = countEmails(entries.map(emailKey));
  const rows = entries.map((entry) => ({
    entry,
    errors: [...validateEntry(entry).errors, ...emailErrors(emailKey(entry), counts, emailsInUse)],
  }));
  return withValidity({ rows, errors: [], headers });
}

/** One row's errors, by its position among the data rows. */
export interface LocatedRowError extends EmployeeImportRowError {
  row: number;
  value: string;
}

export interface EmployeeCsvReadResult {
  headers: string[];
  fileErrors: EmployeeImportFileError[];
  rowCount: number;
  /** Every row error, in row order (the same errors validateEmployeeCsv puts on its rows). */
  errors: LocatedRowError[];
  /** The people to add, in file order; complete only when there are no errors. */
  employees: ImportedEmployee[];
}

const formatCount = (n: number) => n.toLocaleString('en');
const ROW_BOUNDS = `Rows can have at most ${formatCount(EMPLOYEE_CSV_LIMITS.columns)} columns of at most ${formatCount(EMPLOYEE_CSV_LIMITS.cellLength)} characters each.`;
/** Spans of merged lines named in the message; the rest are counted. */
const MERGED_SPANS_NAMED = 5;

/** Bounds errors in the header row are header errors. */
const boundsErrorType = (isHeader: boolean): EmployeeImportFileErrorType =>
  isHeader ? 'FileHeadersNotValid' : 'UnknownError';

const tooManyColumns = (line: number, isHeader: boolean): EmployeeImportFileError => ({
  type: boundsErrorType(isHeader),
  message: `Line ${line} has more than ${formatCount(EMPLOYEE_CSV_LIMITS.columns)} columns. ${ROW_BOUNDS}`,
});

function mergedLinesError(
  spans: readonly (readonly [number, number])[],
  total: number,
): EmployeeImportFileError {
  const named = spans.map(([first, last]) => `${first}–${last}`);
  const more = total - named.length;
  const list =
    more > 0
      ? `${named.join(', ')} and ${formatCount(more)} more places`
      : named.length > 1
        ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`
        : named[0];
  return {
    type: 'UnknownError',
    message: `Lines ${list} were ${total > 1 ? 'each ' : ''}read as one row: a cell there starts with a quote (") that does not end on its line, so the line breaks became part of the cell. Remove the stray quote, or put the whole cell in quotes and double every quote inside it ("").`,
  };
}

/** A row that ran past EMPLOYEE_CSV_MAX_ROW_CHARS before it ended (the server stops reading there). */
export function rowTooLargeError(line: number): EmployeeImportFileError {
  return {
    type: 'UnknownError',
    message: `Line ${line} starts a row of more than ${formatCount(EMPLOYEE_CSV_MAX_ROW_CHARS)} characters. ${ROW_BOUNDS}`,
  };
}

function boundsError(
  cells: readonly string[],
  line: number,
  isHeader: boolean,
): EmployeeImportFileError | null {
  if (cells.length > EMPLOYEE_CSV_LIMITS.columns) return tooManyColumns(line, isHeader);
  const long = cells.findIndex((cell) => cell.length > EMPLOYEE_CSV_LIMITS.cellLength);
  if (long === -1) return null;
  return {
    type: boundsErrorType(isHeader),
    message: `Line ${line} has a cell longer than ${formatCount(EMPLOYEE_CSV_LIMITS.cellLength)} characters (column ${long + 1}). ${ROW_BOUNDS}`,
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

/** The separators a file may use (those Papa Parse would guess from), the comma first. */
const SEPARATORS = [',', ';', '\t', '|', '\u001e', '\u001f'];
const BLANK_LINE_CHARACTERS = new Set([...SEPARATORS, '"', ' ', '\u00a0', '\uFEFF']);

export interface CsvHeaderScan {
  /** The separator the header row uses most outside quotes (a comma when it uses none). */
  delimiter: string;
  /** Set when the header has more columns than allowed: the file is refused. */
  error: EmployeeImportFileError | null;
}

/**
 * Looks at the header row (the first line that is not blank) in the text itself, before a parser has
 * built a row of a million cells from it: it refuses a header with too many columns, and chooses the
 * delimiter the browser and the server parse the file with (the one the header uses, so blank lines
 * cannot throw the choice off as they can Papa Parse's guess). For the bound it counts every separator,
 * quoted or not, so it refuses only what parsing refuses too (but for a header with a hundred quoted
 * separators in its names). It reads at most EMPLOYEE_CSV_MAX_ROW_CHARS characters: a first line longer
 * than that is refused as too large; a header that starts later is left to the parser (with a comma).
 */
export function scanCsvHeader(text: string): CsvHeaderScan {
  // Separators on the current line by character code (all are below 128): all of them, and unquoted.
  const all = new Uint32Array(128);
  const unquoted = new Uint32Array(128);
  let line = 1;
  let content = false;
  let headerEnded = false;
  let quoted = false;
  const end = Math.min(text.length, EMPLOYEE_CSV_MAX_ROW_CHARS);
  const refuse = (error: EmployeeImportFileError): CsvHeaderScan => ({ delimiter: ',', error });
  for (let i = 0; i < end; i++) {
    const c = text[i]!;
    if (c === '\n' || c === '\r') {
      headerEnded = content;
      if (headerEnded) break;
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      all.fill(0);
      unquoted.fill(0);
      quoted = false;
    } else if (c === '"') quoted = !quoted;
    else if (SEPARATORS.includes(c)) {
      const code = c.charCodeAt(0);
      if (++all[code]! >= EMPLOYEE_CSV_LIMITS.columns) return refuse(tooManyColumns(line, true));
      if (!quoted) unquoted[code]!++;
    } else if (!content && !BLANK_LINE_CHARACTERS.has(c)) content = true;
  }
  if (line === 1 && !headerEnded && text.length > EMPLOYEE_CSV_MAX_ROW_CHARS)
    return refuse(rowTooLargeError(1));
  let delimiter = ',';
  for (const separator of SEPARATORS)
    if (unquoted[separator.charCodeAt(0)]! > unquoted[delimiter.charCodeAt(0)]!) delimiter = separator;
  return { delimiter, error: null };
}

interface EmployeeCsvWalk {
  /** Feeds the next parsed row; false once the file is refused (stop feeding then). */
  add(cells: readonly string[]): boolean;
  /** The line of the file where the next row starts. */
  readonly nextLine: number;
  /** Refuses the file for a row that ran too long to finish reading (see rowTooLargeError). */
  refuse(error: EmployeeImportFileError): void;
  finish(): { headers: string[]; fileErrors: EmployeeImportFileError[] };
}

/**
 * Walks a parsed file one row at a time: counts the lines each row spans, applies the bounds, takes
 * the first row that is not blank as the header, skips blank rows and hands every data row to `onRow`
 * (until a row is found that merged several lines: the file is refused then, and is only read on to
 * name every such place). Blank lines must be among the rows, or the line numbers are off. The browser
 * preview and the server both read through it, so they refuse the same files with the same messages.
 */
function walkEmployeeCsv(onRow?: (entry: EmployeeCsvEntry) => void): EmployeeCsvWalk {
  let headers: string[] | null = null;
  let mapping: HeaderMapping | null = null;
  let nextLine = 1;
  let dataRows = 0;
  let refusal: EmployeeImportFileError | null = null;
  const merged: [number, number][] = [];
  let mergedCount = 0;

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
        mapping = mapHeaders(headers);
        if (mapping.missingRequired.length > 0) {
          refusal = {
            type: 'FileHeadersNotValid',
            message: `Missing columns: ${mapping.missingRequired.join(', ')}`,
          };
          return false;
        }
        return true;
      }
      if (++dataRows > EMPLOYEE_CSV_LIMITS.rows) {
        refusal = {
          type: 'UnknownError',
          message: `The file has more than ${formatCount(EMPLOYEE_CSV_LIMITS.rows)} rows. Split it into smaller files.`,
        };
        return false;
      }
      if (mergedCount === 0) onRow?.(entryFromCells(cells, mapping!));
      return true;
    },
    finish() {
      const fileErrors: EmployeeImportFileError[] = [];
      if (mergedCount > 0) fileErrors.push(mergedLinesError(merged, mergedCount));
      if (refusal) fileErrors.push(refusal);
      else if (!headers) fileErrors.push({ type: 'FileHeadersNotValid', message: EMPTY_FILE_MESSAGE });
      return { headers: headers ?? [], fileErrors };
    },
  };
}

/**
 * Walks a parsed file (blank lines included): its header, its file-level errors, and each data row
 * handed to `onRow` while the file can still be imported.
 */
export function readEmployeeCsvTable(
  table: readonly (readonly string[])[],
  onRow?: (entry: EmployeeCsvEntry) => void,
): { headers: string[]; fileErrors: EmployeeImportFileError[] } {
  const walk = walkEmployeeCsv(onRow);
  for (const cells of table) if (!walk.add(cells)) break;
  return walk.finish();
}

/**
 * Reads a CSV one row at a time (for the server: large files are never held as a table of cells or of
 * result rows). Feed every parsed row, blank ones included, to `add` until it answers false, then call
 * `finish`. It applies exactly the rules of validateEmployeeCsv.
 */
export function createEmployeeCsvReader(emailsInUse: ReadonlySet<string>) {
  const emails: string[] = [];
  const emailCounts = new Map<string, number>();
  let emailsClash = false;
  const employees: ImportedEmployee[] = [];
  const errors: LocatedRowError[] = [];
  const walk = walkEmployeeCsv((entry) => {
    const row = emails.length;
    const key = emailKey(entry);
    emails.push(key);
    if (key) {
      const seen = (emailCounts.get(key) ?? 0) + 1;
      emailCounts.set(key, seen);
      if (seen > 1 || emailsInUse.has(key)) emailsClash = true;
    }
    const { employee, errors: own } = validateEntry(entry);
    for (const error of own)
      errors.push({ ...error, row, value: entry[(error.field ?? 'email') as EmployeeCsvField] ?? '' });
    if (employee && errors.length === 0) employees.push(employee);
  });

  return {
    add: (cells: readonly string[]): boolean => walk.add(cells),
    /** Where the next row starts; with `refuse`, for a row too long to finish reading. */
    get nextLine() {
      return walk.nextLine;
    },
    refuse: (error: EmployeeImportFileError) => walk.refuse(error),
    finish(): EmployeeCsvReadResult {
      const { headers, fileErrors } = walk.finish();
      if (fileErrors.length > 0) return { headers, fileErrors, rowCount: 0, errors: [], employees: [] };
      const located = [...errors];
      // A clean file (the common large case) skips this second pass over every row.
      if (emailsClash) {
        emails.forEach((key, row) => {
          for (const error of emailErrors(key, emailCounts, emailsInUse))
            located.push({ ...error, row, value: key });
        });
        // Row order, and within a row the order validateEntries uses (own errors first).
        located.sort((a, b) => a.row - b.row);
      }
      return {
        headers,
        fileErrors,
        rowCount: emails.length,
        errors: located,
        employees: located.length === 0 ? employees : [],
      };
    },
  };
}

/** The import is ready only when at least one row remains and no row has an error (SPEC §4). */
export function isImportReady(rows: readonly EmployeeImportRow[]): boolean {
  return rows.length > 0 && rows.every((r) => r.errors.length === 0);
}

function withValidity(
  result: Omit<EmployeeImportValidationResult, 'isValid'>,
): EmployeeImportValidationResult {
  return { ...result, isValid: result.errors.length === 0 && isImportReady(result.rows) };
}

/**
 * Deleting a row removes it. If it had a duplicate-email error and exactly one other row shares that
 * email, the duplicate error is cleared from that other row (SPEC §4).
 */
export function deleteImportRow(
  result: EmployeeImportValidationResult,
  index: number,
): EmployeeImportValidationResult {
  const removed = result.rows[index];
  if (!removed) return result;
  let rows = result.rows.filter((_, i) => i !== index);
  if (removed.errors.some((e) => e.type === 'EmailIsDuplicated')) {
    const key = emailKey(removed.entry);
    const sharing = rows.map((row, i) => ({ row, i })).filter(({ row }) => emailKey(row.entry) === key);
    if (sharing.length === 1) {
      const other = sharing[0]!.i;
      rows = rows.map((row, i) =>
        i === other ? { ...row, errors: row.errors.filter((e) => e.type !== 'EmailIsDuplicated') } : row,
      );
    }
  }
  return withValidity({ ...result, rows });
}

/** Fixing a cell re-validates every row (a changed email can create or end duplicates elsewhere). */
export function updateImportRow(
  result: EmployeeImportValidationResult,
  index: number,
  entry: EmployeeCsvEntry,
  emailsInUse: ReadonlySet<string>,
): EmployeeImportValidationResult {
  const entries = result.rows.map((row, i) => (i === index ? entry : row.entry));
  return { ...validateEntries(entries, emailsInUse, result.headers), errors: result.errors };
}

/** Validates a parsed CSV (header row + data rows, blank lines included: they are skipped). */
export function validateEmployeeCsv(
  table: readonly (readonly string[])[],
  emailsInUse: ReadonlySet<string>,
): EmployeeImportValidationResult {
  const entries: EmployeeCsvEntry[] = [];
  const { headers, fileErrors } = readEmployeeCsvTable(table, (entry) => entries.push(entry));
  if (fileErrors.length > 0) return { isValid: false, rows: [], errors: fileErrors, headers };
  return validateEntries(entries, emailsInUse, headers);
}

/** Writes entries as CSV in the import format (so an export imports back unchanged). */
export function employeesToCsv(entries: readonly EmployeeCsvEntry[]): string {
  const quote = (value: string) => {
    const guarded = guardCell(value);
    return /[",\n\r]/.test(guarded) || guarded !== guarded.trim()
      ? `"${guarded.replace(/"/g, '""')}"`
      : guarded;
  };
  const lines = [EMPLOYEE_CSV_COLUMNS.map((c) => c.header).join(',')];
  for (const entry of entries) lines.push(EMPLOYEE_CSV_COLUMNS.map((c) => quote(entry[c.field])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** An employee as a row of the import format: what the export writes, and what editing starts from. */
export function employeeToCsvEntry(e: Pick<Employee, EmployeeCsvField>): EmployeeCsvEntry {
  return {
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone ?? '',
    startDate: e.startDate ?? '',
    lastDate: e.lastDate ?? '',
    department: e.department ?? '',
    position: e.position ?? '',
  };
}
