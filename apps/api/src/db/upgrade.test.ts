import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { AssetKindCode } from '@equip/domain/assets';
import { NOTIFICATION_PARAMS, type NotificationKind } from '@equip/domain/notification-rules';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Read, readerOfDb } from '../cli/database-source.ts';
import { allOpen, checkSealedSecrets, readInstallationSecret } from '../cli/installation-secret.ts';
import { isUpToDate, knownMigrations, migrationStatus } from '../cli/migrate-status.ts';
import { loadConfig } from '../config/env.ts';
import { createServices } from '../services.ts';
import { encryptPassword, publicKey } from '../test/auth-client.ts';
import { testDatabaseKind } from '../test/database.ts';
import { countRows } from '../test/fill-every-table.ts';
import { createScratchDatabase } from '../test/running-equip.ts';
import { type Database, type Db, openDatabase, PGLITE_EXTENSIONS } from './client.ts';
import { type FixtureManifest, listFixtures, loadFixture } from './fixtures/fixtures.ts';

const kind = testDatabaseKind();
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

const FIXED_KINDS = AssetKindCode.options.map((code) => `'${code}'`).join(', ');
/**
 * Rows a migration folds into another table's column on purpose, counted in the fixture before the
 * upgrade: asset kinds named like one of the nine fixed kinds became their definitions' `kind`
 * (migration 0039, decision 027). `kept` counts what must carry them afterwards.
 */
const FOLDED_ROWS: Record<
  string,
  { before: string; folded: string; kept: { before: string; after: string } }
> = {
  'public.asset_kinds': {
    before: '0039',
    folded: `select count(*)::int as n from public.asset_kinds where lower(name) in (${FIXED_KINDS})`,
    kept: {
      before: `select count(*)::int as n from public.asset_definitions d join public.asset_kinds k
                 on k.uuid = d.asset_kind_uuid where lower(k.name) in (${FIXED_KINDS}) and lower(k.name) <> 'unknown'`,
      after: `select count(*)::int as n from public.asset_definitions where kind <> 'unknown'`,
    },
  },
};

async function countFolded(fixture: FixtureManifest, read: Read) {
  const folded: Record<string, { rows: number; kept: number }> = {};
  for (const [table, rule] of Object.entries(FOLDED_ROWS)) {
    if (fixture.lastMigration >= rule.before) continue;
    const [rows] = await read<{ n: number }>(rule.folded);
    const [kept] = await read<{ n: number }>(rule.kept.before);
    folded[table] = { rows: rows?.n ?? 0, kept: kept?.n ?? 0 };
  }
  return folded;
}

/**
 * Loads a fixture into an empty database, reads what it holds as that older Equip left it, then opens it
 * as today's Equip does (which migrates it).
 */
async function openUpgraded(fixture: FixtureManifest, cleanUp: (() => Promise<void>)[]) {
  let read: Read;
  let open: () => Promise<Database>;
  let close: () => Promise<void>;
  if (kind === 'pglite') {
    // From the run's migrated snapshot emptied (loading a snapshot takes a fraction of an initdb).
    const client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([readFileSync(inject('pgliteSnapshotPath'))]),
    });
    await client.exec(
      'drop schema public cascade; drop schema drizzle cascade; drop schema if exists pgboss cascade; create schema public',
    );
    await loadFixture(fixture.name, drizzlePglite(client) as unknown as Db, (s) => client.exec(s));
    read = async <T>(text: string) => (await client.query<T>(text)).rows;
    // Today's Equip takes it over as it is (and migrates it).
    open = () => openDatabase({ kind: 'pglite', dataDir: null, client });
    close = async () => undefined;
  } else {
    const scratch = await createScratchDatabase('equip_upgrade');
    cleanUp.push(scratch.drop);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await loadFixture(fixture.name, drizzleNodePg(client) as unknown as Db, (s) => client.query(s));
    read = async <T>(text: string) => (await client.query(text)).rows as T[];
    open = () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 3 });
    close = () => client.end();
  }
  const before = {
    counts: await countRows(read),
    status: await migrationStatus(read),
    folded: await countFolded(fixture, read),
  };
  const database = await open();
  await close();
  cleanUp.push(() => database.close());
  return { before, database };
}

/**
 * Issue 26, item 5: every committed fixture (a database made by an earlier commit, data in every table)
 * upgrades to today's schema with nothing lost: every table keeps its rows, the demo logins sign in,
 * the sealed secrets still open. A fixture per release: docs/operations.md.
 */
describe.each(listFixtures())(`upgrading $name (${kind})`, (fixture) => {
  const cleanUp: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step();
  });

  it('loses no row, signs in every login and opens every sealed secret', async () => {
    const { before, database } = await openUpgraded(fixture, cleanUp);
    // The fixture loads whole, at its own schema, with today's migrations after it pending.
    expect(before.counts).toEqual(fixture.counts);
    expect(before.status.applied.at(-1)?.tag).toBe(fixture.lastMigration);
    const newer = knownMigrations().filter((m) => m.tag > fixture.lastMigration);
    expect(before.status.pending.map((m) => m.tag)).toEqual(newer.map((m) => m.tag));

    const read = readerOfDb(database.db);
    const after = await countRows(read);
    for (const [table, rows] of Object.entries(fixture.counts)) {
      const folded = before.folded[table]?.rows ?? 0;
      const expected = table === MIGRATIONS_TABLE ? rows + newer.length : rows - folded;
      expect.soft(after[table], table).toBe(expected);
    }
    // What a folded row said lives on where it was folded into.
    for (const [table, { kept }] of Object.entries(before.folded)) {
      const [carried] = await read<{ n: number }>(FOLDED_ROWS[table]!.kept.after);
      expect.soft(carried?.n ?? 0, `${table} kept`).toBeGreaterThanOrEqual(kept);
    }
    expect(isUpToDate(await migrationStatus(read))).toBe(true);

    // Every notification is data its kind renders from (migration 0034 kept older text as a message's).
    const notes = await read<{ kind: NotificationKind; params: unknown }>(
      'select kind, params from public.notifications',
    );
    for (const note of notes)
      expect
        .soft(NOTIFICATION_PARAMS[note.kind].safeParse(note.params).success, JSON.stringify(note))
        .toBe(true);

    const secret = await readInstallationSecret(read, undefined);
    const sealed = await checkSealedSecrets(read, secret!.secret);
    expect(sealed.some((c) => c.total > 0) && allOpen(sealed), JSON.stringify(sealed)).toBe(true);

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EQUIP_DATA_DIR: '.data-test' });
    const app = await buildApp(await createServices(config, database), { logger: false, serveWeb: false });
    try {
      const key = await publicKey(app);
      for (const login of fixture.logins) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/shared/auth/unprotected/login',
          payload: { email: login.email, encryptedPassword: encryptPassword(key, login.password) },
        });
        expect.soft(res.statusCode, `${login.role} ${login.email}: ${res.body}`).toBe(200);
      }
    } finally {
      await app.close();
    }
  }, 120_000);
});
