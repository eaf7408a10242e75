import type { ImportSchema, TakenValues } from '@equip/domain/csv-import/schema';
import type { ImportReadResult } from '@equip/domain/csv-import/validate';
import type { ApiErrorEntry } from '@equip/domain/errors';
import {
  giveWay,
  JSON_CHUNK_ROWS,
  paceTransaction,
  type WritePace,
  writePaceFor,
} from '../db/bulk-insert.ts';
import type { Database, Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { lockImports } from './fairness.ts';
import { readImportFile } from './read-file.ts';

/** Error entries in one answer at most; the preview shows them all anyway. */
const MAX_ERROR_ENTRIES = 1000;

/** The spec's error payload for a refused import: file errors, then each row error at its cell. */
export function importRejected(
  schema: Pick<ImportSchema, 'noun'>,
  read: ImportReadResult<unknown>,
): AppError {
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
      msg: `The file has no ${schema.noun.other} to import`,
      errorType: 'FileHeadersNotValid',
      location: 'body',
    });
  return new AppError(400, entries);
}

/** How a batch is written: rows of its first statement, and the database's write pace. */
export interface BatchWriting {
  firstStatementRows: number;
  pace: WritePace | undefined;
}

export interface ImportCommit<F extends string, T> {
  schema: ImportSchema<F, T>;
  organizationUuid: string;
  file: Buffer;
  databaseKind: Database['kind'];
  /** The values already taken in the organisation (asked for once the file is readable). */
  taken: () => Promise<TakenValues<F>>;
  /** Checks, once the file is valid, that the caller may add what it holds (throws otherwise). */
  authorize?: (values: readonly T[]) => void;
  /** Entities built and written at a time; other work goes on between batches. */
  batchRows?: number;
  /** Writes one batch in the caller's transaction. */
  writeBatch: (values: T[], writing: BatchWriting) => Promise<void>;
}

/** Rows of an import's first paced statement per batch (the pace resizes the next ones). */
const PACED_FIRST_STATEMENT_ROWS = 100;

/**
 * Commits an import of any format: at most one at a time per organisation (the advisory lock, 429
 * otherwise; wrap the transaction in oneImportAtATime too), validated again here with the browser's
 * rules, written all-or-nothing in the caller's transaction, a batch at a time at the write pace of the
 * database (see writePaceFor). Throws the spec's 400 payload when any row or the file is refused.
 */
export async function commitImport<F extends string, T>(
  tx: Db,
  commit: ImportCommit<F, T>,
): Promise<{ imported: number }> {
  await lockImports(tx, commit.organizationUuid);
  const read = await readImportFile(commit.schema, commit.file, commit.taken);
  if (read.fileErrors.length > 0 || read.errors.length > 0 || read.values.length === 0)
    throw importRejected(commit.schema, read);
  commit.authorize?.(read.values);
  const pace = writePaceFor(commit.databaseKind);
  if (pace) await paceTransaction(tx, pace);
  const writing: BatchWriting = {
    firstStatementRows: pace ? PACED_FIRST_STATEMENT_ROWS : JSON_CHUNK_ROWS,
    pace,
  };
  const batchRows = commit.batchRows ?? 2000;
  // Rows are written a batch at a time, each waiting for its turn (giveWay): building all of them at
  // once would hold the event loop for as long as a large statement, and three imports' batches back
  // to back nearly as long.
  for (let start = 0; start < read.values.length; start += batchRows) {
    await giveWay();
    await commit.writeBatch(read.values.slice(start, start + batchRows), writing);
  }
  return { imported: read.values.length };
}
