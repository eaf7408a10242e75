import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** Rows per statement for the JSON path: larger chunks measured no faster, smaller ones slower. */
export const JSON_CHUNK_ROWS = 5000;

/**
 * Inserts many rows fast: each chunk travels as ONE JSON parameter that `json_to_recordset` unpacks on
 * the server, so a statement carries thousands of rows without hitting the 65 535-parameter limit and
 * without building a huge parameter list. Measured on PostgreSQL 15 for 50 000 users + 100 000 devices:
 * about 2× faster than Drizzle's multi-row `values()` and no slower than `unnest` of typed arrays,
 * and it works the same on PGlite.
 *
 * Values go into JSON as they are: Dates become ISO strings, jsonb columns nest. Every column named
 * by any row is written; a row without it writes null (not the column default).
 */
export async function insertRowsAsJson<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  chunkSize = JSON_CHUNK_ROWS,
): Promise<void> {
  if (rows.length === 0) return;
  const present = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) present.add(key);
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => present.has(key));
  const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '));
  const definitions = sql.raw(
    columns.map(([, column]) => `"${column.name}" ${sqlType(column.getSQLType())}`).join(', '),
  );

  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize).map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, column] of columns)
        record[column.name] = (row as Record<string, unknown>)[key] ?? null;
      return record;
    });
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from json_to_recordset(${JSON.stringify(chunk)}::json) as r(${definitions})`,
    );
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
