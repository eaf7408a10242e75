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

export const EmployeeCsvEntrySchema = z.object(
  Object.fromEntries(EMPLOYEE_CSV_COLUMNS.map((c) => [c.field, z.string().max(1000)])) as Record<
    EmployeeCsvField,
    z.ZodString
  >,
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

/**
 * Reads a CSV one row at a time (for the server: large files are never held as a table of cells or of
 * result rows). Feed the header row and then each data row to `add`, then call `finish`. It applies
 * exactly the rules of validateEmployeeCsv.
 */
export function createEmployeeCsvReader(emailsInUse: ReadonlySet<string>) {
  let headers: string[] | null = null;
  let mapping: HeaderMapping | null = null;
  const fileErrors: EmployeeImportFileError[] = [];
  const emails: string[] = [];
  const employees: ImportedEmployee[] = [];
  const errors: LocatedRowError[] = [];

  return {
    add(cells: readonly string[]): void {
      if (fileErrors.length > 0) return;
      if (!headers) {
        if (cells.every((c) => c.trim() === '')) {
          fileErrors.push({ type: 'FileHeadersNotValid', message: EMPTY_FILE_MESSAGE });
          return;
        }
        headers = cells.map((h) => h.replace(/^\uFEFF/, '').trim());
        mapping = mapHeaders(headers);
        if (mapping.missingRequired.length > 0) {
          fileErrors.push({
            type: 'FileHeadersNotValid',
            message: `Missing columns: ${mapping.missingRequired.join(', ')}`,
          });
        }
        return;
      }
      if (cells.every((c) => c.trim() === '')) return;
      const entry = entryFromCells(cells, mapping!);
      const row = emails.length;
      const key = emailKey(entry);
      emails.push(key);
      const { employee, errors: own } = validateEntry(entry);
      for (const error of own)
        errors.push({ ...error, row, value: entry[(error.field ?? 'email') as EmployeeCsvField] ?? '' });
      if (employee && errors.length === 0) employees.push(employee);
    },
    finish(): EmployeeCsvReadResult {
      if (!headers && fileErrors.length === 0) {
        fileErrors.push({ type: 'FileHeadersNotValid', message: EMPTY_FILE_MESSAGE });
      }
      if (fileErrors.length > 0)
        return { headers: headers ?? [], fileErrors, rowCount: 0, errors: [], employees: [] };
      const counts = countEmails(emails);
      const located = [...errors];
      emails.forEach((key, row) => {
        for (const error of emailErrors(key, counts, emailsInUse))
          located.push({ ...error, row, value: key });
      });
      // Row order, and within a row the order validateEntries uses (own errors first).
      located.sort((a, b) => a.row - b.row);
      return {
        headers: headers!,
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

/** A file-level failure: no rows, and the reason. */
export function fileFailure(
  type: EmployeeImportFileErrorType,
  message: string,
  headers: string[] = [],
): EmployeeImportValidationResult {
  return { isValid: false, rows: [], errors: [{ type, message }], headers };
}

/** Validates a parsed CSV (header row + data rows). Blank lines are skipped. */
export function validateEmployeeCsv(
  table: readonly (readonly string[])[],
  emailsInUse: ReadonlySet<string>,
): EmployeeImportValidationResult {
  const [headerRow, ...dataRows] = table;
  if (!headerRow || headerRow.every((h) => h.trim() === '')) {
    return fileFailure('FileHeadersNotValid', EMPTY_FILE_MESSAGE);
  }
  const headers = headerRow.map((h) => h.replace(/^\uFEFF/, '').trim());
  const mapping = mapHeaders(headers);
  if (mapping.missingRequired.length > 0) {
    return fileFailure(
      'FileHeadersNotValid',
      `Missing columns: ${mapping.missingRequired.join(', ')}`,
      headers,
    );
  }
  const entries = dataRows
    .filter((cells) => cells.some((c) => c.trim() !== ''))
    .map((cells) => entryFromCells(cells, mapping));
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
