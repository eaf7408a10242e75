import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ReadyResponse } from '@equip/domain/health';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '../db/client.ts';
import { readDemoLogins } from '../demo/logins.ts';
import { seedDemoOrganization } from '../demo/seed-demo.ts';
import { ensureFeatureFlags } from '../modules/flags/service.ts';
import { testDatabaseKind } from '../test/database.ts';
import { call, json, LOGIN, loginBody, signIn } from '../test/fill-every-table.ts';
import { createScratchDatabase, type RunningEquip, startEquip } from '../test/running-equip.ts';

const SHARED = '/api/user/shared/auth';
const RECHECK_MS = 1000;
/** What a few requests may take on a loaded 2-core machine, on top of the recheck interval. */
const LOADED_MACHINE_MS = 4000;

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Issue 26, item 9: several instances on one PostgreSQL, as compose.yaml runs them: two API processes
 * (EQUIP_ROLE=api) started at the same moment on an empty database, and one worker. No JWT_SECRET: the
 * instances share the installation secret the first one generated.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('two API instances and a worker on one database', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let a: RunningEquip;
  let b: RunningEquip;
  let worker: RunningEquip | undefined;
  let owner: { email: string; password: string };
  let workerEnv: Record<string, string>;
  const sql = async <T>(text: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase('equip_instances');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'equip-instances-'));
    const env = {
      DATABASE_URL: scratch.url,
      EQUIP_DATA_DIR: dataDir,
      EQUIP_DEMO: 'false',
      SESSION_RECHECK_MS: String(RECHECK_MS),
      TRUST_PROXY: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    };
    workerEnv = { ...env, EQUIP_ROLE: 'worker' };
    // Both at once on the empty database: migrations, tenant isolation and generated keys race.
    [a, b] = await Promise.all([
      startEquip({ ...env, EQUIP_ROLE: 'api' }, { readyTimeoutMs: 180_000 }),
      startEquip({ ...env, EQUIP_ROLE: 'api' }, { readyTimeoutMs: 180_000 }),
    ]);
    worker = await startEquip(workerEnv, { role: 'worker', readyTimeoutMs: 180_000 });
    // The people to sign in, written while the instances run.
    const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    try {
      await ensureFeatureFlags(database.db, 'on');
      await seedDemoOrganization(database.db, { dataDir });
    } finally {
      await database.close();
    }
    const login = readDemoLogins(dataDir).find((l) => l.role === 'it-owner');
    if (!login) throw new Error('the demo has no IT owner');
    owner = login;
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('applied the migrations once when both started together, and both are ready with the worker alive', async () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const [row] = await sql<{ rows: number; hashes: number }>(
      'select count(*)::int as rows, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
    );
    expect(row).toEqual({ rows: journal.entries.length, hashes: journal.entries.length });
    for (const instance of [a, b]) {
      const ready = ReadyResponse.parse(await json(call(instance.url, 'GET', '/readyz'), [200]));
      expect(ready).toMatchObject({
        status: 'ready',
        migrations: { status: 'applied' },
        worker: { status: 'alive', inProcess: false, alive: 1 },
      });
    }
  });

  it('signs in on one instance and works on the other', async () => {
    const tokens = await signIn(a.url, owner.email, owner.password);
    const me = await json<{ email: string }>(
      call(b.url, 'GET', `${SHARED}/me`, undefined, tokens.accessToken),
      [200],
    );
    expect(me.email).toBe(owner.email);
    await json(call(b.url, 'GET', '/api/employees?take=5', undefined, tokens.accessToken), [200]);
  });

  it('rotates refresh tokens across both, answers a retry alike, and revokes the family when an old one comes back', async () => {
    const first = await signIn(b.url, owner.email, owner.password);
    const second = await json<Tokens>(
      call(a.url, 'POST', `${SHARED}/unprotected/refresh`, { refreshToken: first.refreshToken }),
      [200],
    );
    const third = await json<Tokens>(
      call(b.url, 'POST', `${SHARED}/unprotected/refresh`, { refreshToken: second.refreshToken }),
      [200],
    );
    expect(new Set([first.refreshToken, second.refreshToken, third.refreshToken]).size).toBe(3);
    // `second` replayed within the grace (a retry, on the other instance) gets the same successor.
    const retried = await json<Tokens>(
      call(a.url, 'POST', `${SHARED}/unprotected/refresh`, { refreshToken: second.refreshToken }),
      [200],
    );
    expect(retried.refreshToken).toBe(third.refreshToken);
    // `first`, whose successor has itself been rotated, coming back is reuse.
    const reuse = await call(a.url, 'POST', `${SHARED}/unprotected/refresh`, {
      refreshToken: first.refreshToken,
    });
    expect(reuse.status).toBe(401);
    // The whole family is revoked: the newest token no longer refreshes, on either instance.
    const after = await call(b.url, 'POST', `${SHARED}/unprotected/refresh`, {
      refreshToken: third.refreshToken,
    });
    expect(after.status).toBe(401);
  });

  it(`ends a session on both instances within SESSION_RECHECK_MS (${RECHECK_MS} ms) of a logout on one`, async () => {
    const tokens = await signIn(a.url, owner.email, owner.password);
    // Both instances have read the session (and may rely on it for up to SESSION_RECHECK_MS).
    for (const instance of [a, b])
      await json(call(instance.url, 'GET', `${SHARED}/me`, undefined, tokens.accessToken), [200]);
    const loggedOut = performance.now();
    const out = await call(
      a.url,
      'POST',
      `${SHARED}/logout`,
      { refreshToken: tokens.refreshToken },
      tokens.accessToken,
    );
    expect([200, 204]).toContain(out.status);
    expect((await call(a.url, 'GET', `${SHARED}/me`, undefined, tokens.accessToken)).status).toBe(401);
    let status = 200;
    while (status === 200 && performance.now() - loggedOut < 10_000) {
      status = (await call(b.url, 'GET', `${SHARED}/me`, undefined, tokens.accessToken)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const took = performance.now() - loggedOut;
    expect(status).toBe(401);
    // Its recheck interval, plus requests' time on a loaded machine (CI): without the recheck the
    // session would live as long as its access token (15 minutes), far past this.
    expect(took).toBeLessThan(RECHECK_MS + LOADED_MACHINE_MS);
  });

  it('counts failed sign-ins of one address at one account across both instances', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const base = attempt % 2 === 0 ? a.url : b.url;
      const body = await loginBody(base, owner.email, 'not-the-password');
      statuses.push((await call(base, 'POST', LOGIN, body, undefined, headers)).status);
    }
    // Ten refusals (five on each), then the limit, whichever instance is asked.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another address is not limited.
    const other = await call(
      a.url,
      'POST',
      LOGIN,
      await loginBody(a.url, owner.email, 'not-the-password'),
      undefined,
      {
        'x-forwarded-for': '203.0.113.78',
      },
    );
    expect(other.status).toBe(401);
  });

  it('runs each job once while two workers compete for them', async () => {
    // Webhook deliveries are jobs: a receiver counts each delivery's webhook-id.
    const seen = new Map<string, number>();
    const receiver = createServer((req, res) => {
      const id = String(req.headers['webhook-id']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      res.writeHead(200).end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const second = await startEquip(workerEnv, { role: 'worker', readyTimeoutMs: 180_000 });
    try {
      const tokens = await signIn(a.url, owner.email, owner.password);
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      await json(
        call(b.url, 'POST', '/api/webhooks', { url, eventTypes: ['employee.created'] }, tokens.accessToken),
        [201],
      );
      const created = 20;
      for (let n = 0; n < created; n++) {
        const base = n % 2 === 0 ? a.url : b.url;
        await json(
          call(
            base,
            'POST',
            '/api/employees',
            { firstName: 'Once', lastName: `Only ${n}`, email: `once-${n}@acme.example` },
            tokens.accessToken,
          ),
          [201],
        );
      }
      const deadline = performance.now() + 60_000;
      while (seen.size < created && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      // A few polling intervals more (0.5 s in tests) for a second run of any of them to show up.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(seen.size).toBe(created);
      expect(
        [...seen.values()].every((times) => times === 1),
        JSON.stringify([...seen]),
      ).toBe(true);
      const [heartbeats] = await sql<{ n: number }>(
        "select count(*)::int as n from worker_heartbeats where role = 'worker'",
      );
      expect(heartbeats?.n).toBe(2);
    } finally {
      await second.stop();
      receiver.close();
    }
  }, 240_000);

  // Last: the owner is demoted for good.
  it(`ends a demoted owner's session on both instances within SESSION_RECHECK_MS`, async () => {
    const tokens = await signIn(b.url, owner.email, owner.password);
    for (const instance of [a, b])
      await json(call(instance.url, 'GET', '/api/employees?take=1', undefined, tokens.accessToken), [200]);
    // A demotion, wherever it is made, is a write to the one database.
    await sql(`update users set role = 'regular' where email = '${owner.email}'`);
    const demoted = performance.now();
    for (const instance of [a, b]) {
      let status = 200;
      while (status === 200 && performance.now() - demoted < 10_000) {
        status = (await call(instance.url, 'GET', '/api/employees?take=1', undefined, tokens.accessToken))
          .status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(401);
    }
    expect(performance.now() - demoted).toBeLessThan(RECHECK_MS + LOADED_MACHINE_MS);
  });
});
