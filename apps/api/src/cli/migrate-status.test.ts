import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';
import { SEALED_SECRET_COLUMNS } from '../security/sealed-secrets.ts';
import { getTestDatabase } from '../test/database.ts';
import { readerOfDb } from './database-source.ts';
import { fingerprintOf } from './installation-secret.ts';
import {
  compareMigrations,
  describeStatus,
  isUpToDate,
  knownMigrations,
  migrationStatus,
} from './migrate-status.ts';

const m = (tag: string, when: number) => ({ tag, when, hash: `hash-${tag}` });
const known = [m('0000_a', 100), m('0001_b', 200), m('0002_c', 300), m('0003_d', 400)];
const applied = (...rows: [when: number, hash?: string][]) =>
  rows.map(([when, hash]) => ({ when, hash: hash ?? known.find((k) => k.when === when)!.hash }));

describe('migrate:status', () => {
  it('lists what is applied and what the next start applies', () => {
    const status = compareMigrations(known, applied([100], [200]));
    expect(status.applied.map((x) => x.tag)).toEqual(['0000_a', '0001_b']);
    expect(status.pending.map((x) => x.tag)).toEqual(['0002_c', '0003_d']);
    expect(isUpToDate(status)).toBe(false);
    expect(describeStatus(status)).toEqual([
      '2 applied, 2 pending',
      '  applied  0000_a',
      '  applied  0001_b',
      '  pending  0002_c',
      '  pending  0003_d',
    ]);
    expect(isUpToDate(compareMigrations(known, applied([100], [200], [300], [400])))).toBe(true);
  });

  it('names a migration drizzle would never apply, one whose file changed, and rows of a newer Equip', () => {
    // 0001 missing below the last applied one: drizzle only applies what is newer than that.
    const status = compareMigrations(known, [
      ...applied([100], [300, 'edited'], [400]),
      { when: 500, hash: 'x' },
    ]);
    expect(status.skipped.map((x) => x.tag)).toEqual(['0001_b']);
    expect(status.applied.find((x) => x.tag === '0002_c')?.changed).toBe(true);
    expect(status.unknown).toEqual([{ when: 500, hash: 'x' }]);
    expect(isUpToDate(status)).toBe(false);
    expect(describeStatus(status)[0]).toBe('3 applied, 0 pending, 1 skipped, 1 unknown');
  });

  it('reads a migrated database as drizzle wrote it: every migration applied, no file changed', async () => {
    const status = await migrationStatus(readerOfDb((await getTestDatabase()).db));
    expect(status.applied).toHaveLength(knownMigrations().length);
    expect(status.applied.filter((x) => x.changed)).toEqual([]);
    expect(isUpToDate(status)).toBe(true);
  });
});

describe('sealed secrets in backups', () => {
  it('knows every column that holds a sealed secret', () => {
    const columns = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable)
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns.map((column) => ({
          table: config.name,
          column: column.name,
          type: column.getSQLType(),
        }));
      });
    const sealed = columns.filter(
      (c) => c.type === 'text' && /_(encrypted|ciphertext|sealed)$/.test(c.column),
    );
    expect(sealed.map((c) => `${c.table}.${c.column}`).sort()).toEqual(
      SEALED_SECRET_COLUMNS.map((c) => `${c.table}.${c.column}`).sort(),
    );
  });

  it('recognises an installation secret by a fingerprint that does not reveal it', () => {
    const secret = new TextEncoder().encode('a'.repeat(48));
    expect(fingerprintOf(secret)).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprintOf(secret)).toBe(fingerprintOf(new TextEncoder().encode('a'.repeat(48))));
    expect(fingerprintOf(new TextEncoder().encode('b'.repeat(48)))).not.toBe(fingerprintOf(secret));
  });
});
