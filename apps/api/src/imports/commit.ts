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
  schema: Pick<ImportSchema, 'noun' | 'headerErrors'>,
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
      errorType: schema.headerErrors.missing,
      location: 'body',
    });
  return new AppError(400, entries);
}

/** How a batch is written: rows of its first statement, and the database's write pace. */
export interface BatchWriting {
  firstStatementRows: number;
  pace: WritePace | undefined;
}

/** Runs work in a transaction of the caller's organisation (a request's `tenant`). */
export type InTenant = <R>(work: (tx: Db) => Promise<R>) => Promise<R>;

export interface ImportCommit<F extends string, T, H extends string> {
  schema: ImportSchema<F, T, H>;
  organizationUuid: string;
  file: Buffer;
  databaseKind: Database['kind'];
  /**
   * Which of the file's values (keyed, per unique column) are already taken, asked for once the file
   * has been read: emails are taken by any account of the installation, not only the organisation's.
   */
  taken: (tx: Db, fileValues: (field: F) => string[]) => Promise<TakenValues<F>>;
  /** Checks, once the file is valid, that the caller may add what it holds (throws otherwise). */
  authorize?: (values: readonly T[]) => void;
  /** Entities built and written at a time; other work goes on between batches. */
  batchRows?: number;
  /** Writes one batch in the import's transaction. */
  writeBatch: (tx: Db, values: T[], writing: BatchWriting) => Promise<void>;
  /** Runs after the last batch, in the import's transaction (the import's own audit entry). */
  afterWrite?: (tx: Db, imported: number) => Promise<void>;
}

/** Rows of an import's first paced statement per batch (the pace resizes the next ones). */
const PACED_FIRST_STATEMENT_ROWS = 100;

/**
 * Whether the values held changed since the file was checked: one taken meanwhile (a unique column),
 * or one found then and gone now (a reference column: the person was removed).
 */
function changedSince<F extends string>(before: TakenValues<F>, now: TakenValues<F>): boolean {
  const differ = (a: TakenValues<F>, b: TakenValues<F>) =>
    Object.entries(a).some(([field, values]) =>
      [...((values as ReadonlySet<string> | undefined) ?? [])].some((value) => !b[field as F]?.has(value)),
    );
  return differ(now, before) || differ(before, now);
}

/**
 * Commits an import of any format: at most one at a time per organisation (the advisory lock, 429
 * otherwise; wrap the call in oneImportAtATime too), validated again here with the browser's rules,
 * written all-or-nothing in one transaction, a batch at a time at the write pace of the database (see
 * writePaceFor). Throws the spec's 400 payload when any row or the file is refused.
 *
 * The file is read and checked before the transaction, which then only writes: on PGlite a transaction
 * holds the one connection, and every other organisation's requests waited for the parsing too (issue
 * 24, bench/noisy-neighbour.mjs). What is taken is asked in a short transaction of its own and asked
 * again in the writing one; a value taken in between (another import, a person added meanwhile) is
 * refused as the first check would have refused it.
 */
export async function commitImport<F extends string, T, H extends string>(
  tenant: InTenant,
  commit: ImportCommit<F, T, H>,
): Promise<{ imported: number }> {
  let asked: { fileValues: (field: F) => string[]; answer: TakenValues<F> } | undefined;
  const read = await readImportFile(commit.schema, commit.file, async (fileValues) => {
    const answer = await tenant((tx) => commit.taken(tx, fileValues));
    asked = { fileValues, answer };
    return answer;
  });
  const refused = (result: typeof read) =>
    result.fileErrors.length > 0 ||
    result.errors.length > 0 ||
    (result.values.length === 0 && !commit.schema.emptyIsValid);
  if (refused(read)) throw importRejected(commit.schema, read);
  commit.authorize?.(read.values);
  return tenant(async (tx) => {
    await lockImports(tx, commit.organizationUuid);
    let values = read.values;
    const checked = asked;
    if (checked) {
      const now = await commit.taken(tx, checked.fileValues);
      if (changedSince(checked.answer, now)) {
        const again = await readImportFile(commit.schema, commit.file, async () => now);
        if (refused(again)) throw importRejected(commit.schema, again);
        values = again.values;
      }
    }
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
    for (let start = 0; start < values.length; start += batchRows) {
      await giveWay();
      await commit.writeBatch(tx, values.slice(start, start + batchRows), writing);
    }
    await commit.afterWrite?.(tx, values.length);
    return { imported: values.length };
  });
}
