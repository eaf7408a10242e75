import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from './client.ts';

/** Rows per statement for the JSON path: larger chunks measured no faster, smaller ones slower. */
export const JSON_CHUNK_ROWS = 5000;

const waitingToGoOn: (() => void)[] = [];

function letOneGoOn(): void {
  waitingToGoOn.shift()?.();
  if (waitingToGoOn.length > 0) setImmediate(letOneGoOn);
}

/**
 * Long work on this thread (reading a large import, writing it) gives way here between slices of a
 * few milliseconds. One waiting slice goes on per turn of the event loop, whichever work it belongs
 * to: several imports at once take turns with each other and with requests, instead of running a
 * slice each back to back (callbacks of one event-loop phase all run before the next request).
 */
export function giveWay(): Promise<void> {
  return new Promise((resolve) => {
    waitingToGoOn.push(resolve);
    if (waitingToGoOn.length === 1) setImmediate(letOneGoOn);
  });
}

/**
 * Writes that must not hold the event loop for long (an import while others use the server). PGlite
 * runs every statement on this thread, so a statement there holds up every other request for as long
 * as it runs (5,000 users with their indexes: about a second). Paced, each statement is resized to
 * take about `statementMs` and the event loop gets a turn between statements. On PostgreSQL a
 * statement waits on the network, so large statements stay fastest there.
 */
export interface WritePace {
  statementMs: number;
  /**
   * A GIN index (the people search's) collects new entries in a pending list and merges it into the
   * index when it outgrows this: the statement that merges the default 4 MB runs for up to a second.
   */
  ginPendingListLimit: string;
}

/** The pace of long writes on this database (none on PostgreSQL). */
export function writePaceFor(kind: Database['kind']): WritePace | undefined {
  // 20 ms: about 80 users or 250 event-log rows per statement on PGlite.
  return kind === 'pglite' ? { statementMs: 20, ginPendingListLimit: '64kB' } : undefined;
}

/** Applies a pace's settings to the rest of the transaction. */
export async function paceTransaction(tx: Db, pace: WritePace): Promise<void> {
  await tx.execute(sql`select set_config('gin_pending_list_limit', ${pace.ginPendingListLimit}, true)`);
}

/** The next statement's rows: scaled towards the target time, by at most half or double per step. */
function pacedChunkRows(rows: number, tookMs: number, pace: WritePace): number {
  const factor = Math.min(2, Math.max(0.5, pace.statementMs / Math.max(tookMs, 0.1)));
  return Math.max(10, Math.min(JSON_CHUNK_ROWS, Math.round(rows * factor)));
}

/**
 * Inserts many rows fast: each chunk travels as ONE JSON parameter that `json_to_recordset` unpacks on
 * the server, so a statement carries thousands of rows without hitting the 65 535-parameter limit and
 * without building a huge parameter list. Measured on PostgreSQL 15 for 50 000 users + 100 000 devices:
 * about 2× faster than Drizzle's multi-row `values()` and no slower than `unnest` of typed arrays,
 * and it works the same on PGlite.
 *
 * Values go into JSON as they are: Dates become ISO strings, jsonb columns nest. Every column named
 * by any row is written; a row without it writes null (not the column default). With a `pace`,
 * `chunkSize` is the first statement's rows (see WritePace).
 */
export async function insertRowsAsJson<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  chunkSize = JSON_CHUNK_ROWS,
  pace?: WritePace,
): Promise<void> {
  if (rows.length === 0) return;
  const present = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) present.add(key);
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => present.has(key));
  const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '));
  const definitions = sql.raw(
    columns.map(([, column]) => `"${column.name}" ${sqlType(column.getSQLType())}`).join(', '),
  );

  let size = chunkSize;
  for (let start = 0; start < rows.length; ) {
    const chunk = rows.slice(start, start + size).map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, column] of columns)
        record[column.name] = (row as Record<string, unknown>)[key] ?? null;
      return record;
    });
    const started = performance.now();
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from json_to_recordset(${JSON.stringify(chunk)}::json) as r(${definitions})`,
    );
    start += chunk.length;
    if (pace) {
      size = pacedChunkRows(size, performance.now() - started, pace);
      await giveWay();
    }
  }
}

/** Built-in type names pass as they are; enum names are identifiers and get quoted. */
function sqlType(type: string): string {
  return /^[a-z_]+$/.test(type) && !BUILT_IN_TYPES.has(type) ? `"${type}"` : type;
}

const BUILT_IN_TYPES = new Set([
  'uuid',
  'text',
  'date',
  'jsonb',
  'json',
  'boolean',
  'integer',
  'bigint',
  'bigserial',
  'serial',
  'smallint',
]);

/** Plain Drizzle inserts in chunks, for the small demo tables. */
export async function insertInChunks<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  chunkSize = 500,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize) {
    await db.insert(table).values(rows.slice(start, start + chunkSize) as T['$inferInsert'][]);
  }
}
