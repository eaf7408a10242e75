import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_ORGANIZATION_UUID, refreshTokens, users } from '../db/schema/index.ts';
import { POLICIES } from '../modules/auth/rate-limit.ts';
import { counter, RateLimiter } from '../security/rate-limit.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { encryptPassword, login, publicKey } from '../test/auth-client.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';

/**
 * The findings of the security review (issue 7), each reproduced as it was found. Every test here
 * failed before the fix.
 */

const PASSWORD = 'correct horse battery staple';

describe('security findings', () => {
  let t: TestApp;
  let orgA: string;
  let orgB: string;
  let ownerA: Awaited<ReturnType<typeof createUser>>;
  let ownerToken: string;
  let admin: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    // Sessions are re-read on every request here, so each change shows at once.
    t = await createTestApp({ env: { SESSION_RECHECK_MS: '0' } });
    const db = t.services.database.db;
    orgA = (await createOrganization(db, `Sec A ${randomUUID().slice(0, 6)}`)).uuid;
    orgB = (await createOrganization(db, `Sec B ${randomUUID().slice(0, 6)}`)).uuid;
    ownerA = await createUser(db, { organizationUuid: orgA, role: 'it-owner', password: PASSWORD });
    // A second owner, so that demoting and removing owners is allowed.
    await createUser(db, { organizationUuid: orgA, role: 'it-owner' });
    ownerToken = await tokenFor(t.services, ownerA);
    admin = await createUser(db, {
      organizationUuid: orgA,
      role: 'equip-admin',
      email: `provider-${randomUUID().slice(0, 6)}@equip.test`,
      password: PASSWORD,
    });
  });
  afterAll(() => t.app.close());

  const api = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const usersWithEmail = async (email: string) =>
    t.services.database.db
      .select({ uuid: users.uuid, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

  describe('1. role escalation through create, bulk and import', () => {
    it('refuses equip-admin on POST /api/employees and on the bulk route, at the role field, writing nothing', async () => {
      const email = `escalate-${randomUUID().slice(0, 8)}@sec.test`;
      const one = await api('POST', '/api/employees', ownerToken, {
        firstName: 'Eve',
        lastName: 'Escalate',
        email,
        role: 'equip-admin',
      });
      expect(one.statusCode).toBe(403);
      expect(one.json().errors[0]).toMatchObject({ location: 'body', param: 'role', errorType: 'Forbidden' });
      const bulk = await api('POST', '/api/employees/bulk', ownerToken, {
        employees: [
          { firstName: 'Fine', lastName: 'Person', email: `fine-${email}` },
          { firstName: 'Eve', lastName: 'Escalate', email, role: 'equip-admin' },
        ],
      });
      expect(bulk.statusCode).toBe(403);
      expect(await usersWithEmail(email)).toEqual([]);
      expect(await usersWithEmail(`fine-${email}`)).toEqual([]);
    });

    it('refuses equip-admin on PATCH, and the database refuses a provider admin inside a tenant', async () => {
      const person = await createUser(t.services.database.db, { organizationUuid: orgA });
      const patched = await api('PATCH', `/api/employees/${person.uuid}`, ownerToken, {
        role: 'equip-admin',
      });
      expect(patched.statusCode).toBe(403);
      await expect(
        t.services.database.db.update(users).set({ role: 'equip-admin' }).where(eq(users.uuid, person.uuid)),
      ).rejects.toThrow();
    });

    it('lets an it-owner make another person it-owner, but not change their own role', async () => {
      const person = await createUser(t.services.database.db, { organizationUuid: orgA });
      expect(
        (await api('PATCH', `/api/employees/${person.uuid}`, ownerToken, { role: 'it-owner' })).statusCode,
      ).toBe(200);
      const self = await api('PATCH', `/api/employees/${ownerA.uuid}`, ownerToken, { role: 'regular' });
      expect(self.statusCode).toBe(403);
      expect(self.json().errors[0].param).toBe('role');
    });
  });

  describe('2. the provider admin is no row an organisation can reach', () => {
    it('lives in the provider organisation', () => {
      expect(admin.organizationUuid).toBe(PROVIDER_ORGANIZATION_UUID);
    });

    it("is not found by an it-owner's read, edit, delete or invite, and not listed", async () => {
      for (const [method, url, payload] of [
        ['GET', `/api/employees/${admin.uuid}`, undefined],
        ['PATCH', `/api/employees/${admin.uuid}`, { email: `hijack-${randomUUID()}@sec.test` }],
        ['PATCH', `/api/employees/${admin.uuid}`, { role: 'regular' }],
        ['DELETE', `/api/employees/${admin.uuid}`, undefined],
        ['POST', '/api/user/owner/auth/invite', { userUuid: admin.uuid }],
      ] as const) {
        const res = await api(method, url, ownerToken, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const list = await api(
        'GET',
        `/api/employees?take=500&textSearchQuery=${encodeURIComponent(admin.email)}`,
        ownerToken,
      );
      expect(list.json().items).toEqual([]);
      const [row] = await t.services.database.db.select().from(users).where(eq(users.uuid, admin.uuid));
      expect(row).toMatchObject({ email: admin.email, role: 'equip-admin', deletedAt: null });
    });

    it('signs in acting for an organisation, never for the provider organisation', async () => {
      const res = await login(t.app, admin.email, PASSWORD);
      expect(res.statusCode).toBe(200);
      const me = (await api('GET', '/api/user/shared/auth/me', res.json().accessToken)).json();
      expect(me.role).toBe('equip-admin');
      expect(me.organizationUuid).not.toBe(PROVIDER_ORGANIZATION_UUID);
      const toProvider = await api('POST', '/api/user/shared/auth/act-as', res.json().accessToken, {
        organizationUuid: PROVIDER_ORGANIZATION_UUID,
      });
      expect(toProvider.statusCode).toBe(404);
    });
  });

  describe('3. sessions end when their grounds do', () => {
    it('refuses a token whose user was demoted, deleted or logged out', async () => {
      const db = t.services.database.db;
      const demoted = await createUser(db, { organizationUuid: orgA, role: 'it-owner' });
      const demotedToken = await tokenFor(t.services, demoted);
      expect((await api('GET', '/api/employees?take=1', demotedToken)).statusCode).toBe(200);
      expect(
        (await api('PATCH', `/api/employees/${demoted.uuid}`, ownerToken, { role: 'regular' })).statusCode,
      ).toBe(200);
      expect((await api('GET', '/api/employees?take=1', demotedToken)).statusCode).toBe(401);

      const removed = await createUser(db, { organizationUuid: orgA, role: 'it-owner' });
      const removedToken = await tokenFor(t.services, removed);
      expect((await api('DELETE', `/api/employees/${removed.uuid}`, ownerToken)).statusCode).toBe(204);
      expect((await api('GET', '/api/user/shared/auth/me', removedToken)).statusCode).toBe(401);

      const signedIn = (await login(t.app, ownerA.email, PASSWORD)).json();
      expect((await api('GET', '/api/user/shared/auth/me', signedIn.accessToken)).statusCode).toBe(200);
      // Logout with the access token alone, and no body at all.
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/logout',
        headers: { ...bearer(signedIn.accessToken), 'content-type': 'application/json' },
      });
      expect(out.statusCode).toBe(204);
      expect((await api('GET', '/api/user/shared/auth/me', signedIn.accessToken)).statusCode).toBe(401);
      const refreshed = await api('POST', '/api/user/shared/auth/unprotected/refresh', undefined, {
        refreshToken: signedIn.refreshToken,
      });
      expect(refreshed.statusCode).toBe(401);
    });

    it('ends an act-as session on refresh once acting for that organisation is no longer allowed', async () => {
      // A session acting for organisation B held by someone who is not (or no longer) a provider admin.
      const db = t.services.database.db;
      const asB = await tokenFor(t.services, admin, orgB);
      expect((await api('GET', '/api/employees?take=1', asB)).statusCode).toBe(200);
      const ownerSession = await t.services.auth.refreshTokens.issue(ownerA.uuid, orgB);
      const refreshed = await api('POST', '/api/user/shared/auth/unprotected/refresh', undefined, {
        refreshToken: ownerSession.refreshToken,
      });
      expect(refreshed.statusCode).toBe(401);
      const [row] = await db
        .select({ revokedAt: refreshTokens.revokedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.familyUuid, ownerSession.familyUuid))
        .limit(1);
      expect(row!.revokedAt).not.toBeNull();
      // A token naming that session for B is refused as well: the owner may not act for B.
      const forged = await t.services.accessTokens.sign({
        userUuid: ownerA.uuid,
        sessionUuid: ownerSession.familyUuid,
        role: 'it-owner',
        homeOrganizationUuid: orgA,
        organizationUuid: orgB,
      });
      expect((await api('GET', '/api/employees?take=1', forged)).statusCode).toBe(401);
    });

    it('refuses correctly signed tokens without exp, without sid, for an unknown session or user', async () => {
      const secret = t.services.keys.jwtSecret;
      const session = await t.services.auth.refreshTokens.issue(ownerA.uuid, null);
      const claims = { role: 'it-owner', org: orgA, treats: { organization_uuid: orgA } };
      const sign = (payload: object, subject: string | null, exp: boolean) => {
        let jwt = new SignJWT(payload as Record<string, unknown>)
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer('equip')
          .setAudience('equip-api')
          .setIssuedAt();
        if (subject) jwt = jwt.setSubject(subject);
        if (exp) jwt = jwt.setExpirationTime('5m');
        return jwt.sign(secret);
      };
      const tokens = {
        noExp: await sign({ ...claims, sid: session.familyUuid }, ownerA.uuid, false),
        noSid: await sign(claims, ownerA.uuid, true),
        noSub: await sign({ ...claims, sid: session.familyUuid }, null, true),
        unknownSession: await sign({ ...claims, sid: randomUUID() }, ownerA.uuid, true),
        unknownUser: await sign({ ...claims, sid: session.familyUuid }, randomUUID(), true),
      };
      for (const [name, token] of Object.entries(tokens)) {
        expect((await api('GET', '/api/user/shared/auth/me', token)).statusCode, name).toBe(401);
      }
      const valid = await sign({ ...claims, sid: session.familyUuid }, ownerA.uuid, true);
      expect((await api('GET', '/api/user/shared/auth/me', valid)).statusCode).toBe(200);
    });
  });

  describe('5. nobody can lock anybody out', () => {
    it('keeps the right password working from a clean address while others fail on purpose', async () => {
      const victim = await createUser(t.services.database.db, {
        organizationUuid: orgA,
        password: PASSWORD,
        email: `victim-${randomUUID().slice(0, 6)}@sec.test`,
      });
      const limiter = new RateLimiter(t.services.database.db);
      // 100 failures for the account from ten addresses, ten each: every one of them is now blocked.
      for (let ip = 1; ip <= 10; ip++) {
        const address = `203.0.113.${ip}`;
        for (let i = 0; i < 10; i++)
          await limiter.record([
            counter(POLICIES.loginPerAccountAndAddress, victim.email, address),
            counter(POLICIES.loginSlowdownPerAccount, victim.email),
          ]);
      }
      expect((await login(t.app, victim.email, PASSWORD, '203.0.113.1')).statusCode).toBe(429);
      // The owner, from an address that has not failed, gets in (slowed down, not refused).
      const started = Date.now();
      const own = await login(t.app, victim.email, PASSWORD, '198.51.100.7');
      expect(own.statusCode).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    });

    it('refuses an address that guesses at many accounts', async () => {
      const limiter = new RateLimiter(t.services.database.db);
      const address = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
      for (let i = 0; i < POLICIES.loginPerAddress.limit; i++)
        await limiter.record([counter(POLICIES.loginPerAddress, address)]);
      const res = await login(t.app, ownerA.email, PASSWORD, address);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('6. no enumeration', () => {
    it('answers a reset request before looking the email up, the same for known and unknown emails', async () => {
      const db = t.services.database.db;
      const person = await createUser(db, { organizationUuid: orgA, password: PASSWORD });
      const tokensOf = () =>
        db.execute(
          sql`select count(*)::int as n from one_time_tokens where user_uuid = ${person.uuid}`,
        ) as Promise<unknown> as Promise<{ rows: { n: number }[] }>;
      t.services.deferred.pause();
      const known = await api('POST', '/api/user/shared/auth/unprotected/request-password-reset', undefined, {
        email: person.email,
      });
      const unknown = await api(
        'POST',
        '/api/user/shared/auth/unprotected/request-password-reset',
        undefined,
        {
          email: `nobody-${randomUUID()}@sec.test`,
        },
      );
      expect(known.statusCode).toBe(204);
      expect(unknown.statusCode).toBe(204);
      expect(known.body).toBe(unknown.body);
      // Nothing was looked up or written for the known email while its request was answered ...
      expect((await tokensOf()).rows[0]!.n).toBe(0);
      // ... the mail goes out after the answer.
      await t.services.deferred.drain();
      expect((await tokensOf()).rows[0]!.n).toBe(1);
    });
  });

  describe('7. bad input is a 400, never a 500', () => {
    it('refuses NUL and other control characters at the field', async () => {
      const cases = [
        [
          'GET',
          `/api/employees?textSearchQuery=${encodeURIComponent('a\u0000b')}`,
          undefined,
          'query',
          'textSearchQuery',
        ],
        [
          'POST',
          '/api/employees',
          { firstName: 'N\u0000ul', lastName: 'L', email: 'nul@sec.test' },
          'body',
          'firstName',
        ],
        [
          'POST',
          '/api/employees',
          { firstName: 'A', lastName: 'B', email: 'dept@sec.test', department: 'IT\u0007' },
          'body',
          'department',
        ],
        ['POST', '/api/employees/import/check-emails', { emails: ['x\u0000@sec.test'] }, 'body', 'emails.0'],
        ['PATCH', `/api/employees/${ownerA.uuid}`, { position: 'Head\u0000' }, 'body', 'position'],
      ] as const;
      for (const [method, url, payload, location, param] of cases) {
        const res = await api(method, url, ownerToken, payload);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors[0]).toMatchObject({ location, param });
      }
      expect(await usersWithEmail('nul@sec.test')).toEqual([]);
    });
  });

  describe('8. loose edges', () => {
    it('marks every API answer Cache-Control: no-store', async () => {
      for (const url of ['/api/employees?take=1', '/api/user/shared/auth/me']) {
        const res = await api('GET', url, ownerToken);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    });

    it('needs the password or a current code to turn the second factor off or set up a new one', async () => {
      const person = await createUser(t.services.database.db, { organizationUuid: orgA, password: PASSWORD });
      const token = await tokenFor(t.services, person);
      const off = await api('PUT', '/api/user/shared/auth/mfa/method', token, { method: null });
      expect(off.statusCode).toBe(403);
      expect(off.json().errors[0].errorType).toBe('ReauthenticationRequired');
      const jwk = await publicKey(t.app);
      const wrong = await api('PUT', '/api/user/shared/auth/mfa/method', token, {
        method: 'email-code',
        encryptedPassword: encryptPassword(jwk, 'not the password'),
      });
      expect(wrong.statusCode).toBe(403);
      const setupBare = await api('POST', '/api/user/shared/auth/mfa/authenticator/setup', token, {});
      expect(setupBare.statusCode).toBe(403);
      const right = await api('PUT', '/api/user/shared/auth/mfa/method', token, {
        method: 'email-code',
        encryptedPassword: encryptPassword(jwk, PASSWORD),
      });
      expect(right.statusCode).toBe(204);
      const [row] = await t.services.database.db
        .select({ method: users.preferredMfaMethod })
        .from(users)
        .where(and(eq(users.uuid, person.uuid)));
      expect(row!.method).toBe('email-code');
    });

    it('answers oversized headers with 431 in the error payload', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString();
        });
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 431 /);
      const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
      expect(body.errors[0]).toMatchObject({ errorCode: 431 });
    });
  });
});

describe('the web app at the address itself, and no source maps', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'equip-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Equip</title><script id="equip-boot" type="application/json">{}</script>',
    );
    writeFileSync(path.join(dist, 'app-abcdef12.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'app-abcdef12.js.map'), '{"sources":["secret.ts"]}');
    writeFileSync(path.join(dist, 'app-abcdef12.js.br'), brotliCompressSync('console.log(1)'));
    t = await createTestApp({ env: { WEB_DIST_DIR: dist }, serveWeb: true });
  });
  afterAll(() => t.app.close());

  it('serves the app at GET /', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Equip</title>');
  });

  it('sends the compressed copy the build wrote when the browser accepts it', async () => {
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/app-abcdef12.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/app-abcdef12.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('never serves source maps', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/app-abcdef12.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: '/app-abcdef12.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });
});
