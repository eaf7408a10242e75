import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { readDemoLogins } from '../demo/logins.ts';
import { seedDemoOrganization } from '../demo/seed-demo.ts';
import type { App } from '../http/types.ts';
import { ensureFeatureFlags } from '../modules/flags/service.ts';
import { SEALED_SECRET_COLUMNS } from '../security/sealed-secrets.ts';
import { createServices } from '../services.ts';
import { encryptPassword, publicKey } from '../test/auth-client.ts';
import { testDatabaseKind } from '../test/database.ts';
import {
  call,
  countRows,
  emptyTables,
  type FilledOverHttp,
  fillOverHttp,
  fillWithSql,
} from '../test/fill-every-table.ts';
import { type FleetFake, startFleetFake } from '../test/fleet-fake.ts';
import { type GoogleWorkspaceFake, startGoogleWorkspaceFake } from '../test/google-workspace-fake.ts';
import { createScratchDatabase, type RunningEquip, startEquip } from '../test/running-equip.ts';
import { type BackupResult, runBackup, SECRETS_FILE } from './backup.ts';
import { closeSource, openSource, pgliteFolder, type Read, readerOf, readerOfDb } from './database-source.ts';
import { type RestoreResult, runRestore } from './restore.ts';

const FLEET_TOKEN = 'fleet-token-for-the-backup-test';
const kind = testDatabaseKind();

/** Waits for a condition, checking every 100 ms, and fails with `what` at the deadline. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A webhook receiver that checks each delivery's signature against the endpoint's secret. */
async function startReceiver() {
  const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    verifiedBy: (secret: string) =>
      received.filter((r) => {
        try {
          new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
          return true;
        } catch {
          return false;
        }
      }),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Issue 26, item 4: a backup of a running Equip holding data in every table, made while it writes,
 * restored into an empty folder (PGlite) or database (PostgreSQL); Equip started on the copy finds
 * every row, every login, the sessions and every sealed secret. On PostgreSQL the installation secret
 * is JWT_SECRET from the environment, which the backup carries in secrets.env.
 */
describe(`backup and restore of a running Equip (${kind})`, () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'equip-backup-test-'));
  const sourceDir = path.join(work, 'source');
  const restoredDir = path.join(work, 'restored');
  const jwtSecret = kind === 'postgres' ? randomBytes(36).toString('base64url') : undefined;
  const scratch: { url: string; drop(): Promise<void> }[] = [];
  let sourceUrl: string | undefined;
  let restoredUrl: string | undefined;
  let fleet: FleetFake;
  let google: GoogleWorkspaceFake;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: RunningEquip | undefined;
  let filled: FilledOverHttp;
  let backup: BackupResult;
  let restore: RestoreResult;
  let counts: { before: Record<string, number>; after: Record<string, number> };
  let writtenBeforeBackup: string[];

  /** The running source, read without disturbing it (PGlite: through the server's channel). */
  const readSource = async <T>(work: (read: Read) => Promise<T>) => {
    const source = await openSource(sourceUrl, sourceDir);
    try {
      return await work(readerOf(source));
    } finally {
      await closeSource(source);
    }
  };

  beforeAll(async () => {
    const t0 = Date.now();
    const lap = (what: string) => console.log(`${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    fleet = await startFleetFake({ token: FLEET_TOKEN });
    google = await startGoogleWorkspaceFake();
    // Its groups replace the demo's sandbox ones when it is connected: workspace_groups keeps a row.
    google.addGroup('Engineering', ['admin@acme.example']);
    receiver = await startReceiver();
    if (kind === 'postgres') {
      scratch.push(
        await createScratchDatabase('equip_backup_source'),
        await createScratchDatabase('equip_backup_copy'),
      );
      [sourceUrl, restoredUrl] = scratch.map((s) => s.url);
    }
    // The demo, and the rows no HTTP flow makes, before the server starts (PGlite: one process at a time).
    const database: Database = sourceUrl
      ? await openDatabase({ kind: 'postgres', url: sourceUrl, poolSize: 2 })
      : await openDatabase({
          kind: 'pglite',
          dataDir: pgliteFolder(sourceDir),
          snapshot: new Blob([readFileSync(inject('pgliteSnapshotPath'))]),
        });
    await ensureFeatureFlags(database.db, 'on');
    await seedDemoOrganization(database.db, { dataDir: sourceDir });
    await fillWithSql(readerOfDb(database.db));
    await database.close();
    lap('seeded');

    server = await startEquip({
      EQUIP_DATA_DIR: sourceDir,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      MDM_ALLOW_PRIVATE_SERVERS: 'true',
      // Google Workspace is the fake (its refresh token sealed by Equip), not the demo's sandbox.
      WORKSPACE_SANDBOX: 'false',
      WORKSPACE_ALLOW_PRIVATE_SERVERS: 'true',
      GOOGLE_WORKSPACE_CLIENT_ID: google.client.clientId,
      GOOGLE_WORKSPACE_CLIENT_SECRET: google.client.clientSecret,
      WORKSPACE_GOOGLE_ADMIN_URL: google.urls.adminUrl,
      WORKSPACE_GOOGLE_LICENSING_URL: google.urls.licensingUrl,
      WORKSPACE_GOOGLE_TOKEN_URL: google.urls.tokenUrl,
      WORKSPACE_GOOGLE_AUTHORIZE_URL: google.urls.authorizeUrl,
      ...(sourceUrl ? { DATABASE_URL: sourceUrl, DATABASE_POOL_SIZE: '3' } : {}),
      ...(jwtSecret ? { JWT_SECRET: jwtSecret } : {}),
    });
    lap('started');
    filled = await fillOverHttp(server.url, readDemoLogins(sourceDir), {
      webhookReceiverUrl: receiver.url,
      fleetUrl: fleet.url,
      fleetToken: FLEET_TOKEN,
      googleWorkspaceCode: google.code,
    });
    // The reset mail and the test delivery are written after the answers: wait until no table is empty.
    await until(
      'data in every table',
      () => readSource(countRows),
      (c) => emptyTables(c).length === 0,
    );
    lap('filled');
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await fleet?.close();
    await google?.close();
    await receiver?.close();
    for (const s of scratch) await s.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up the running server while it writes', async () => {
    const written: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const res = await call(
          server!.url,
          'POST',
          '/api/employees',
          { firstName: 'During', lastName: `Backup ${n}`, email: `during-backup-${n}@acme.example` },
          filled.owner.accessToken,
        );
        if (res.status !== 201) throw new Error(`creating an employee answered ${res.status}`);
        written.push(((await res.json()) as { uuid: string }).uuid);
      }
    })();
    await until(
      'the first writes',
      async () => written.length,
      (n) => n >= 3,
    );
    const before = await readSource(countRows);
    writtenBeforeBackup = [...written];
    backup = await runBackup({
      databaseUrl: sourceUrl,
      dataDir: sourceDir,
      jwtSecret,
      out: path.join(work, 'backups'),
    });
    writing = false;
    await writer;
    counts = { before, after: await readSource(countRows) };

    const { manifest } = backup;
    expect(path.basename(backup.folder)).toMatch(/^equip-backup-\d{8}T\d{6}Z$/);
    expect(manifest.database.kind).toBe(kind);
    expect(manifest.migrations.pending).toBe(0);
    expect(manifest.installationSecret).toMatchObject(
      jwtSecret ? { source: 'environment', file: SECRETS_FILE } : { source: 'database', file: null },
    );
    // Every sealed secret (the webhook's, the MDM token) opened with the secret the backup carries.
    expect(manifest.sealedSecrets.map((c) => c.table).sort()).toEqual(
      SEALED_SECRET_COLUMNS.map((c) => c.table).sort(),
    );
    for (const check of manifest.sealedSecrets) expect(check).toMatchObject({ opened: check.total });
    expect(manifest.sealedSecrets.every((c) => c.total > 0)).toBe(true);
    if (jwtSecret)
      expect(readFileSync(path.join(backup.folder, SECRETS_FILE), 'utf8')).toBe(`JWT_SECRET=${jwtSecret}\n`);
    console.log(
      `backup (${kind}): ${(Object.values(manifest.files).reduce((s, f) => s + f.bytes, 0) / 1e6).toFixed(1)} MB in ${backup.seconds.toFixed(1)} s, ${writtenBeforeBackup.length}→${written.length} employees written around it`,
    );
  }, 120_000);

  it('restores into an empty place, and refuses one that is not', async () => {
    restore = await runRestore({
      backup: backup.folder,
      databaseUrl: restoredUrl,
      dataDir: restoredDir,
      jwtSecret: undefined,
    });
    expect(restore.secretSource).toBe(jwtSecret ? 'backup' : 'database');
    expect(restore.secretMatches).toBe(true);
    expect(restore.migrations).toMatchObject({ pending: [], skipped: [], unknown: [] });
    for (const check of restore.sealedSecrets) expect(check).toMatchObject({ opened: check.total });
    console.log(`restore (${kind}): ${restore.seconds.toFixed(1)} s`);

    await expect(
      runRestore({
        backup: backup.folder,
        databaseUrl: restoredUrl,
        dataDir: restoredDir,
        jwtSecret: undefined,
      }),
    ).rejects.toThrow(/not empty/);
  }, 120_000);

  it('refuses a damaged backup', async () => {
    const damaged = path.join(work, 'damaged');
    cpSync(backup.folder, damaged, { recursive: true });
    const dump = path.join(damaged, backup.manifest.database.file);
    const bytes = readFileSync(dump);
    bytes[bytes.length - 10] = bytes[bytes.length - 10]! ^ 0xff;
    writeFileSync(dump, bytes);
    await expect(
      runRestore({
        backup: damaged,
        databaseUrl: restoredUrl,
        dataDir: path.join(work, 'never'),
        jwtSecret: undefined,
      }),
    ).rejects.toThrow(/damaged/);
  });

  describe('Equip on the copy', () => {
    let database: Database;
    let app: App;
    const logins = () => readDemoLogins(sourceDir);

    beforeAll(async () => {
      database = restoredUrl
        ? await openDatabase({ kind: 'postgres', url: restoredUrl, poolSize: 3 })
        : await openDatabase({ kind: 'pglite', dataDir: pgliteFolder(restoredDir) });
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        EQUIP_DATA_DIR: restoredDir,
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        MDM_ALLOW_PRIVATE_SERVERS: 'true',
        ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}),
        // As the restore said: JWT_SECRET from the backup's secrets.env.
        ...(jwtSecret
          ? {
              JWT_SECRET: /JWT_SECRET=(.*)/.exec(
                readFileSync(path.join(backup.folder, SECRETS_FILE), 'utf8'),
              )![1]!,
            }
          : {}),
      });
      const services = await createServices(config, database);
      app = await buildApp(services, { logger: false, serveWeb: false });
      await services.jobs.start();
      app.addHook('onClose', () => services.jobs.stop());
      await app.ready();
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('finds every row that was there when the backup was made', async () => {
      const restored = await countRows(readerOfDb(database.db));
      expect(emptyTables(restored)).toEqual([]);
      // Tables the writer (or a job) changed during the backup hold a count between before and after.
      for (const [table, n] of Object.entries(restored)) {
        const low = Math.min(counts.before[table] ?? 0, counts.after[table] ?? 0);
        const high = Math.max(counts.before[table] ?? 0, counts.after[table] ?? 0);
        // Equip on the copy works the queues too: its heartbeat is one row more (health, issue 26 item 7).
        const own = table === 'public.worker_heartbeats' ? 1 : 0;
        expect.soft(n, table).toBeGreaterThanOrEqual(low);
        expect.soft(n, table).toBeLessThanOrEqual(high + own);
      }
      // Every employee created before the backup began is there, each with the webhook delivery its
      // creation wrote in the same transaction: the copy holds whole transactions only.
      const [row] = await readerOfDb(database.db)(
        `select (select count(*)::int from users where email like 'during-backup-%') as people,
                (select count(*)::int from webhook_deliveries d join users u on u.uuid::text = d.payload->'data'->>'subjectUuid'
                  where d.event_type = 'employee.created' and u.email like 'during-backup-%') as deliveries,
                (select count(*)::int from users where uuid in (${writtenBeforeBackup.map((u) => `'${u}'`).join(', ')})) as before`,
      );
      expect(row).toMatchObject({ before: writtenBeforeBackup.length });
      expect(row!.deliveries).toBe(row!.people);
    });

    it('signs in every demo login, and keeps the sessions', async () => {
      const key = await publicKey(app);
      for (const login of logins()) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/shared/auth/unprotected/login',
          payload: { email: login.email, encryptedPassword: encryptPassword(key, login.password) },
        });
        expect(res.statusCode, `${login.role}: ${res.body}`).toBe(200);
      }
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/refresh',
        payload: { refreshToken: filled.owner.refreshToken },
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
    });

    it('opens every sealed secret: the webhook is signed with its secret, Fleet gets its token', async () => {
      const { accessToken } = (
        await app.inject({
          method: 'POST',
          url: '/api/user/shared/auth/unprotected/login',
          payload: {
            email: filled.owner.email,
            encryptedPassword: encryptPassword(await publicKey(app), filled.owner.password),
          },
        })
      ).json<{ accessToken: string }>();
      const headers = { authorization: `Bearer ${accessToken}` };
      const verifiedBefore = receiver.verifiedBy(filled.webhook.secret).length;
      const test = await app.inject({
        method: 'POST',
        url: `/api/webhooks/${filled.webhook.uuid}/test`,
        headers,
      });
      expect(test.statusCode, test.body).toBe(202);
      await until(
        'a signed test delivery',
        async () => receiver.verifiedBy(filled.webhook.secret).length,
        (n) => n > verifiedBefore,
      );

      const check = await app.inject({ method: 'POST', url: '/api/mdm-connections/FLEET/check', headers });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json()).toMatchObject({ lastError: null });
      expect(fleet.requests.at(-1)).toMatchObject({ authorization: `Bearer ${FLEET_TOKEN}` });
    });
  });
});
