import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  createEmployeeCsvReader,
  EMPLOYEE_CSV_MAX_ROW_CHARS,
  EMPLOYEE_CSV_READ_CHUNK_CHARS,
  type EmployeeCsvReadResult,
  type EmployeeImportFileError,
  rowTooLargeError,
  scanCsvHeader,
} from '@equip/domain/employee-import';
import type { ApiErrorEntry } from '@equip/domain/errors';
import { ErrorType } from '@equip/domain/errors';
import { CONTROL_CHARACTER } from '@equip/domain/text';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { giveWay } from '../../db/bulk-insert.ts';
import type { Database, Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';

/** CSV uploads larger than this are refused with a clear message. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** Papa Parse reads strings in chunks too (its StringStreamer), though its types allow it only for files. */
type ChunkedParseConfig = Papa.ParseConfig<string[]> & {
  chunkSize: number;
  chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser): void;
};

/**
 * Reads and validates a decoded CSV with the browser preview's rules, row by row (a large file is never
 * held as a table of cells). Reading is CPU work: it goes a chunk at a time (32 K characters, about 400
 * rows, a few milliseconds) and gives way after each (see giveWay), so that requests, and other
 * imports, run in between: three imports of 200,000 rows at once do not stall the server.
 */
export async function readEmployeeCsv(
  text: string,
  emailsInUse: ReadonlySet<string>,
): Promise<EmployeeCsvReadResult> {
  const reader = createEmployeeCsvReader(emailsInUse);
  const header = scanCsvHeader(text);
  if (header.error) {
    reader.refuse(header.error);
    return reader.finish();
  }
  await new Promise<void>((resolve, reject) => {
    let fed = 0;
    const config: ChunkedParseConfig = {
      delimiter: header.delimiter,
      chunkSize: EMPLOYEE_CSV_READ_CHUNK_CHARS,
      chunk: (results, parser) => {
        try {
          fed = Math.min(text.length, fed + EMPLOYEE_CSV_READ_CHUNK_CHARS);
          let reading = results.data.every((cells) => reader.add(cells));
          // The parser keeps a row that has not ended from one slice to the next. One that grows past
          // what any row within the bounds can take breaks them whatever it holds: stop before the
          // parser builds it (a row of ten million cells would hold the event loop for seconds).
          if (reading && fed - results.meta.cursor > EMPLOYEE_CSV_MAX_ROW_CHARS) {
            reader.refuse(rowTooLargeError(reader.nextLine));
            reading = false;
          }
          if (!reading) {
            parser.abort();
            resolve();
            return;
          }
          parser.pause();
          giveWay()
            .then(() => parser.resume())
            .catch(reject);
        } catch (error) {
          parser.abort();
          reject(error);
        }
      },
      complete: () => resolve(),
    };
    Papa.parse<string[]>(text, config);
  });
  return reader.finish();
}

/** A file-level failure in the reader's shape. */
export function fileFailureResult(
  type: EmployeeImportFileError['type'],
  message: string,
): EmployeeCsvReadResult {
  return { headers: [], fileErrors: [{ type, message }], rowCount: 0, errors: [], employees: [] };
}

/** Error entries in one answer at most; the preview shows them all anyway. */
const MAX_ERROR_ENTRIES = 1000;

/** The spec's error payload for a refused import: file errors, then each row error at its cell. */
export function importRejected(read: EmployeeCsvReadResult): AppError {
  const entries: ApiErrorEntry[] = read.fileErrors.map((e) => ({
    msg: e.message,
    errorType: e.type,
    location: 'body',
  }));
  for (const e of read.errors) {
    if (entries.length >= MAX_ERROR_ENTRIES) break;
    entries.push({
      msg: e.message,
      errorType: e.type,
      location: 'body',
      path: ['rows', e.row, e.field ?? ''],
      param: `rows.${e.row}.${e.field ?? ''}`,
      value: e.value,
    });
  }
  if (entries.length === 0)
    entries.push({
      msg: 'The file has no employees to import',
      errorType: 'FileHeadersNotValid',
      location: 'body',
    });
  return new AppError(400, entries);
}

/** Bytes decoded between two turns of the event loop (decoding 20 MB at once takes 20 to 70 ms). */
const DECODE_SLICE_BYTES = 1024 * 1024;

/** UTF-8 (with or without BOM), else Windows-1252 (Excel's default); null for binary files. */
export async function decodeCsv(file: Buffer): Promise<string | null> {
  if (file.includes(0)) return null;
  const decoder = new TextDecoder(isUtf8(file) ? 'utf-8' : 'windows-1252');
  const parts: string[] = [];
  for (let start = 0; start < file.length; start += DECODE_SLICE_BYTES) {
    parts.push(decoder.decode(file.subarray(start, start + DECODE_SLICE_BYTES), { stream: true }));
    await giveWay();
  }
  parts.push(decoder.decode());
  return parts.join('').replace(/^\uFEFF/, '');
}

/** The file's name, sent URI-encoded in `x-file-name` (it goes into the event log). */
export function decodeFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    throw new AppError(
      400,
      fieldError('header', ['x-file-name'], 'The file name is not URI-encoded (encodeURIComponent)'),
    );
  }
  if (CONTROL_CHARACTER.test(name)) {
    throw new AppError(
      400,
      fieldError(
        'header',
        ['x-file-name'],
        'The file name must not contain control characters (such as NUL)',
      ),
    );
  }
  return name;
}

/** Seconds a refused import is told to wait: about what an import of 100,000 people takes. */
export const IMPORT_RETRY_AFTER_SECONDS = 15;

const importRunning = () =>
  new AppError(
    429,
    {
      msg: 'An import for your organisation is running. Try again when it has finished.',
      errorType: ErrorType.TooManyRequests,
    },
    { 'retry-after': String(IMPORT_RETRY_AFTER_SECONDS) },
  );

/** Organisations with an import running in this process. */
const importing = new Set<string>();

/**
 * Runs an organisation's import unless one is running in this process already (429). With PGlite
 * this is the rule (one process owns the database, and a second import would only queue behind the
 * first one's transaction); with PostgreSQL it spares a pooled connection, and `lockImports` keeps it
 * to one import across every instance.
 */
export async function oneImportAtATime<T>(organizationUuid: string, work: () => Promise<T>): Promise<T> {
  if (importing.has(organizationUuid)) throw importRunning();
  importing.add(organizationUuid);
  try {
    return await work();
  } finally {
    importing.delete(organizationUuid);
  }
}

/** The advisory-lock key of an organisation's imports: 64 bits of a hash, namespaced to meet no other lock. */
export function importLockKey(organizationUuid: string): bigint {
  return createHash('sha256').update(`equip:employee-import:${organizationUuid}`).digest().readBigInt64BE(0);
}

/**
 * Takes the organisation's import lock for the rest of the transaction, on every instance sharing the
 * database, or answers 429 when another import holds it.
 */
export async function lockImports(tx: Db, organizationUuid: string): Promise<void> {
  const key = importLockKey(organizationUuid).toString();
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`);
  const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
  if (!row?.locked) throw importRunning();
}

/** Imports at least this large refresh the planner's statistics of the users table. */
const ANALYZE_AFTER_ROWS = 1000;

/**
 * A large import changes the users table's statistics, and PGlite has no autovacuum to notice. This
 * runs after the import's answer, not before it: on PGlite it would queue the answer behind other
 * organisations' imports. There ANALYZE also runs on this thread, so it samples less (0.1 s instead
 * of 1 s at 200,000 people).
 */
export function refreshStatisticsAfterImport(
  database: Database,
  imported: number,
  onError: (error: unknown) => void,
): void {
  if (imported < ANALYZE_AFTER_ROWS) return;
  database.db
    .transaction(async (tx) => {
      if (database.kind === 'pglite') await tx.execute(sql`set local default_statistics_target = 10`);
      await tx.execute(sql`analyze users`);
    })
    .catch(onError);
}
