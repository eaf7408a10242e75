import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './db.ts';

/**
 * pg-boss talks to the database through one method, `executeSql(text, values)` (decision 009). These
 * adapters let it share the app's connections instead of opening its own pool:
 *
 * - PostgreSQL: the app's node-postgres pool;
 * - PGlite: the one in-process connection. PGlite runs one query at a time and holds the connection for
 *   the whole of a transaction, so pg-boss's polling simply waits while a request's transaction runs,
 *   and a job sent inside a transaction must go through that transaction (`transactionExecutor`), never
 *   the system handle (it would wait for itself);
 * - a Drizzle transaction (either database): to enqueue a job in the transaction of the change that
 *   causes it, so both commit or neither does.
 */
export interface SqlExecutor {
  executeSql(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
}

export function poolExecutor(pool: pg.Pool): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      // A multi-statement text (pg-boss's schema plans) answers one result per statement.
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
      return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
    },
  };
}

export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        // The simple protocol: pg-boss's schema plans are many statements in one text.
        const results = await client.exec(text);
        const last = results.at(-1);
        return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? 0 };
      }
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

/** Runs pg-boss's parameterised statements (`$1`, `$2::uuid` …) inside a Drizzle transaction. */
export function transactionExecutor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        const value = values[Number(match[1]) - 1];
        chunks.push(sql`${isPlainObject(value) ? JSON.stringify(value) : (value ?? null)}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as {
        rows: Record<string, unknown>[];
        rowCount?: number | null;
        affectedRows?: number;
      };
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? 0 };
    },
  };
}

const isPlainObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
