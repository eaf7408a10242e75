import { z } from 'zod';
import {
  type CsvHeaderScan,
  guardCell,
  type ImportFileError,
  scanCsvHeader as scanHeader,
  rowTooLargeError as tooLarge,
  unguardCell,
} from './csv-import/csv-text.ts';
import { entriesToCsv } from './csv-import/export.ts';
import { DEFAULT_IMPORT_LIMITS, IMPORT_READ_CHUNK_CHARS, maxRowChars } from './csv-import/limits.ts';
import {
  type HeaderMapping as GenericHeaderMapping,
  type ImportSchema,
  mapHeaders as mapSchemaHeaders,
  normalizeHeader,
} from './csv-import/schema.ts';
import {
  createImportReader,
  deleteImportRow as deleteRow,
  type LocatedRowError as GenericLocatedRowError,
  type ImportValidationResult,
  isImportReady,
  readImportTable,
  entryFromCells as schemaEntryFromCells,
  updateImportRow as updateRow,
  validateImportEntries,
  validateImportTable,
} from './csv-import/validate.ts';
import { type Employee, EmployeePersonalInfo, startNotAfterEnd } from './employees.ts';

/**
 * The employee import format (SPEC §3, §5, §8): the employees' column schema for the shared import
 * machinery (`csv-import/`), and the names the employee screens and routes have always used. The
 * browser runs it for the preview; the server runs it again before committing.
 */
export const EMPLOYEE_CSV_COLUMNS = [
  { field: 'firstName', header: 'First Name', required: true, aliases: ['Given Name', 'Vorname'] },
  { field: 'lastName', header: 'Last Name', required: true, aliases: ['Surname', 'Family Name', 'Nachname'] },
  { field: 'email', header: 'Email', required: true, aliases: ['Email Address', 'Mail', 'E-Mail-Adresse'] },
  { field: 'phone', header: 'Phone', required: false, aliases: ['Phone Number', 'Telefon'] },
  { field: 'startDate', header: 'Start Date', required: false, cell: 'date', aliases: ['Startdatum'] },
  {
    field: 'lastDate',
    header: 'End Date',
    required: false,
    cell: 'date',
    // 'Last day' and 'Letzter Arbeitstag' head the column in the table's export.
    aliases: ['Last Date', 'Enddatum', 'Last day', 'Letzter Arbeitstag'],
  },
  { field: 'department', header: 'Department', required: false, aliases: ['Abteilung'] },
  { field: 'position', header: 'Position', required: false },
] as const satisfies readonly {
  field: string;
  header: string;
  required: boolean;
  aliases?: readonly string[];
  cell?: 'text' | 'date';
}[];

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

/** Bounds of an employee file (the shared defaults): see ImportLimits. */
export const EMPLOYEE_CSV_LIMITS = DEFAULT_IMPORT_LIMITS;

/** See IMPORT_READ_CHUNK_CHARS. */
export const EMPLOYEE_CSV_READ_CHUNK_CHARS = IMPORT_READ_CHUNK_CHARS;

/** See maxRowChars. */
export const EMPLOYEE_CSV_MAX_ROW_CHARS = maxRowChars(EMPLOYEE_CSV_LIMITS);

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

export { type CsvHeaderScan, guardCell, isImportReady, normalizeHeader, unguardCell };

export type HeaderMapping = GenericHeaderMapping<EmployeeCsvField>;

export const mapHeaders = (headers: readonly string[]): HeaderMapping =>
  mapSchemaHeaders(EMPLOYEE_IMPORT, headers);

export const entryFromCells = (cells: readonly string[], mapping: HeaderMapping): EmployeeCsvEntry =>
  schemaEntryFromCells(EMPLOYEE_IMPORT, cells, mapping);

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

/**
 * How emails are compared: one account per email in the whole installation, case aside and after
 * Unicode NFKC normalisation (the server's database keys them the same way: users.email_key).
 */
export const emailKey = (email: string) => email.trim().normalize('NFKC').toLowerCase();

/** The employees' column schema for the shared import machinery. */
export const EMPLOYEE_IMPORT: ImportSchema<EmployeeCsvField, ImportedEmployee> = {
  noun: { one: 'employee', other: 'employees' },
  columns: EMPLOYEE_CSV_COLUMNS,
  limits: EMPLOYEE_CSV_LIMITS,
  headerErrors: { missing: 'FileHeadersNotValid', invalid: 'FileHeadersNotValid' },
  headersField: 'headers',
  // The employee import is ready only with at least one row (SPEC §4).
  emptyIsValid: false,
  validateEntry: (entry) => {
    const { employee, errors } = validateEntry(entry);
    return { value: employee, errors };
  },
  unique: [
    {
      field: 'email',
      key: emailKey,
      duplicate: {
        type: 'EmailIsDuplicated',
        field: 'email',
        message: 'This email appears more than once in the file',
      },
      taken: {
        type: 'EmailInUse',
        field: 'email',
        message: 'This email is already in use',
      },
    },
  ],
};

const inUse = (emailsInUse: ReadonlySet<string>) => ({ email: emailsInUse });

/** The engine's results hold this schema's row errors only. */
const asEmployees = (result: ImportValidationResult<EmployeeCsvField>) =>
  result as EmployeeImportValidationResult;

/** The engine's file errors are this schema's file error types. */
const asEmployeeFileErrors = (errors: ImportFileError[]) => errors as EmployeeImportFileError[];

/**
 * Validates all rows: each on its own, then emails shared within the file (EmailIsDuplicated on every
 * row that shares one) and emails already used in the organisation (EmailInUse).
 */
export function validateEntries(
  entries: readonly EmployeeCsvEntry[],
  emailsInUse: ReadonlySet<string>,
  headers: string[] = EMPLOYEE_CSV_COLUMNS.map((c) => c.header),
): EmployeeImportValidationResult {
  return asEmployees(validateImportEntries(EMPLOYEE_IMPORT, entries, inUse(emailsInUse), headers));
}

/** One row's errors, by its position among the data rows. */
export type LocatedRowError = GenericLocatedRowError & EmployeeImportRowError;

export interface EmployeeCsvReadResult {
  headers: string[];
  fileErrors: EmployeeImportFileError[];
  rowCount: number;
  /** Every row error, in row order (the same errors validateEmployeeCsv puts on its rows). */
  errors: LocatedRowError[];
  /** The people to add, in file order; complete only when there are no errors. */
  employees: ImportedEmployee[];
}

/** A row that ran past EMPLOYEE_CSV_MAX_ROW_CHARS before it ended (the server stops reading there). */
export const rowTooLargeError = (line: number): EmployeeImportFileError =>
  asEmployeeFileErrors([tooLarge(line, EMPLOYEE_CSV_LIMITS)])[0]!;

/** See the generic scanCsvHeader: the header's bounds and separator (comma, semicolon, tab…). */
export const scanCsvHeader = (text: string): CsvHeaderScan => scanHeader(text, EMPLOYEE_IMPORT);

/**
 * Walks a parsed file (blank lines included): its header, its file-level errors, and each data row
 * handed to `onRow` while the file can still be imported.
 */
export function readEmployeeCsvTable(
  table: readonly (readonly string[])[],
  onRow?: (entry: EmployeeCsvEntry) => void,
): { headers: string[]; fileErrors: EmployeeImportFileError[] } {
  const { headers, fileErrors } = readImportTable(EMPLOYEE_IMPORT, table, onRow);
  return { headers, fileErrors: asEmployeeFileErrors(fileErrors) };
}

/**
 * Reads a CSV one row at a time (for the server). Feed every parsed row, blank ones included, to
 * `add` until it answers false, then call `finish`. It applies exactly the rules of validateEmployeeCsv.
 */
export function createEmployeeCsvReader(emailsInUse: ReadonlySet<string>) {
  const reader = createImportReader(EMPLOYEE_IMPORT, inUse(emailsInUse));
  return {
    add: (cells: readonly string[]): boolean => reader.add(cells),
    get nextLine() {
      return reader.nextLine;
    },
    refuse: (error: EmployeeImportFileError) => reader.refuse(error),
    finish(): EmployeeCsvReadResult {
      const { values, ...read } = reader.finish();
      return {
        ...read,
        fileErrors: asEmployeeFileErrors(read.fileErrors),
        errors: read.errors as LocatedRowError[],
        employees: values,
      };
    },
  };
}

/**
 * Deleting a row removes it. If it had a duplicate-email error and exactly one other row shares that
 * email, the duplicate error is cleared from that other row (SPEC §4).
 */
export function deleteImportRow(
  result: EmployeeImportValidationResult,
  index: number,
): EmployeeImportValidationResult {
  return asEmployees(deleteRow(EMPLOYEE_IMPORT, result, index));
}

/** Fixing a cell re-validates every row (a changed email can create or end duplicates elsewhere). */
export function updateImportRow(
  result: EmployeeImportValidationResult,
  index: number,
  entry: EmployeeCsvEntry,
  emailsInUse: ReadonlySet<string>,
): EmployeeImportValidationResult {
  return asEmployees(updateRow(EMPLOYEE_IMPORT, result, index, entry, inUse(emailsInUse)));
}

/** Validates a parsed CSV (header row + data rows, blank lines included: they are skipped). */
export function validateEmployeeCsv(
  table: readonly (readonly string[])[],
  emailsInUse: ReadonlySet<string>,
): EmployeeImportValidationResult {
  return asEmployees(validateImportTable(EMPLOYEE_IMPORT, table, inUse(emailsInUse)));
}

/** Writes entries as CSV in the import format (so an export imports back unchanged). */
export function employeesToCsv(entries: readonly EmployeeCsvEntry[], separator = ','): string {
  return entriesToCsv(EMPLOYEE_IMPORT, entries, separator);
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
