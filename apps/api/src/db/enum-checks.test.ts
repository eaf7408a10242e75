import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../test/database.ts';
import type { Database } from './client.ts';
import { checkConstraintSql, checkName, enumColumns } from './enum-columns.ts';
import { organizations } from './schema/index.ts';

describe('enumerated columns', () => {
  let database: Database;
  beforeAll(async () => {
    database = await getTestDatabase();
  });

  it('each has a CHECK constraint with exactly its domain values (add one to a new migration otherwise)', async () => {
    const { rows } = (await database.db.execute(
      sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint where contype = 'c'`,
    )) as unknown as { rows: { conname: string; def: string }[] };
    const columns = enumColumns();
    expect(columns.length).toBeGreaterThan(30);
    for (const column of columns) {
      const constraint = rows.find((r) => r.conname === checkName(column));
      expect(constraint, `missing: ${checkConstraintSql(column)}`).toBeDefined();
      const allowed = [...constraint!.def.matchAll(/'([^']*)'/g)].map((m) => m[1]);
      expect(new Set(allowed), `${column.table}.${column.column}: ${checkConstraintSql(column)}`).toEqual(
        new Set(column.values),
      );
    }
  });

  it('refuses a value outside the enum', async () => {
    await expect(
      database.db.insert(organizations).values({ name: 'Bad step', onboardingStep: 'nonsense' as never }),
    ).rejects.toThrow();
  });
});
