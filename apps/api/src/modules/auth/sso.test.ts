import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { browseToCallback as browseToPeerCallback, startOidcPeer } from '../../test/oidc-peer.ts';
import { safeRedirect } from './sso.ts';
import { SSO_AUTHORIZE_PATH, SSO_CALLBACK_PATH } from './sso-paths.ts';

const PUBLIC_URL = 'http://localhost:3999';

/** The browser's way from `sso/start`'s answer to our callback. */
const browseToCallback = (app: TestApp['app'], startUrl: string) =>
  browseToPeerCallback(app, startUrl, PUBLIC_URL);

describe('single sign-on (OpenID Connect round trip against oidc-provider)', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startOidcPeer>>;
  let orgUuid: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  const email = `sso-${randomUUID().slice(0, 8)}@sso.test`;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL, SSO_ALLOW_PRIVATE_ISSUERS: 'true' } });
    idp = await startOidcPeer({
      redirectUri: `${PUBLIC_URL}${SSO_CALLBACK_PATH}`,
      accounts: { 'unverified@sso.test': { email_verified: false } },
    });
    orgUuid = (await createOrganization(t.services.database.db, 'SSO Corp')).uuid;
    owner = await createUser(t.services.database.db, { organizationUuid: orgUuid, role: 'it-owner', email });
  });
  afterAll(async () => {
    await t.app.close();
    await idp.close();
  });

  const start = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/user/shared/auth/unprotected/sso/start', payload: body });

  it('lets an it-owner configure the provider (secret never returned)', async () => {
    const token = await tokenFor(t.services, owner);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/sso',
      headers: bearer(token),
      payload: {
        provider: 'google',
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'google',
      issuer: idp.issuer,
      clientId: idp.clientId,
      hasClientSecret: true,
    });
    expect(res.body).not.toContain(idp.clientSecret);
  });

  it('signs in through the provider and sets the token cookies', async () => {
    const res = await start({ email: email.toUpperCase(), redirect: '/dashboard/employees' });
    expect(res.statusCode).toBe(200);
    const callback = await browseToCallback(t.app, res.json().authorizationUrl);
    const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/dashboard/employees');
    const cookies = done.cookies;
    const access = cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE)!;
    expect(access.sameSite).toBe('Strict');
    expect(cookies.some((c) => c.name === REFRESH_TOKEN_COOKIE)).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/shared/auth/me',
      headers: bearer(access.value),
    });
    expect(me.json()).toMatchObject({ accountUuid: owner.uuid, organizationName: 'SSO Corp' });
    // The state is single-use.
    const replay = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(replay.headers.location).toBe('/auth/login?ssoError=SSOAuthenticationErrorUnknown');
  });

  it('refuses when the provider vouches for a different, unknown person', async () => {
    idp.signInAs(`stranger-${randomUUID().slice(0, 6)}@sso.test`);
    try {
      const callback = await browseToCallback(t.app, (await start({ email })).json().authorizationUrl);
      const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
      expect(done.headers.location).toBe('/auth/login?ssoError=SSOAuthenticationErrorUnknownEmail');
    } finally {
      idp.signInAs(null);
    }
  });

  it('refuses an email the provider has not verified', async () => {
    await createUser(t.services.database.db, { organizationUuid: orgUuid, email: 'unverified@sso.test' });
    const callback = await browseToCallback(
      t.app,
      (await start({ email: 'unverified@sso.test' })).json().authorizationUrl,
    );
    const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(done.headers.location).toBe('/auth/login?ssoError=SSOAuthenticationErrorUnknown');
    expect(done.cookies).toHaveLength(0);
  });

  it('answers alike for every email: known, unknown or removed at the domain of an organisation with single sign-on', async () => {
    expect((await start({ email: 'not-an-email' })).statusCode).toBe(400);
    const removed = await createUser(t.services.database.db, {
      organizationUuid: orgUuid,
      email: `gone-${randomUUID().slice(0, 6)}@sso.test`,
    });
    await t.services.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.uuid, removed.uuid));
    // The probe told these apart: a URL for the known email, null for the others.
    const answers = await Promise.all([
      start({ email }),
      start({ email: `nobody-${randomUUID()}@sso.test` }),
      start({ email: removed.email }),
    ]);
    const urls = answers.map((answer) => {
      expect(answer.statusCode).toBe(200);
      return answer.json().authorizationUrl as string;
    });
    for (const url of urls)
      expect(url).toMatch(new RegExp(`^${PUBLIC_URL}${SSO_AUTHORIZE_PATH}\\?state=[\\w-]{43}$`));
    // The unknown one learns it only after the provider has vouched for the person, at the callback.
    const callback = await browseToCallback(t.app, urls[1]!);
    const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(done.headers.location).toBe('/auth/login?ssoError=SSOAuthenticationErrorUnknownEmail');
  });

  it('answers null alike for emails that do not sign in with single sign-on', async () => {
    const plain = await createOrganization(t.services.database.db);
    const noSso = await createUser(t.services.database.db, {
      organizationUuid: plain.uuid,
      email: `plain-${randomUUID().slice(0, 6)}@plain-${randomUUID().slice(0, 6)}.test`,
    });
    // An unknown email at a domain that two organisations' people use goes nowhere either.
    const answers = [
      await start({ email: noSso.email }),
      await start({ email: `nobody-${randomUUID()}@nowhere-${randomUUID().slice(0, 6)}.test` }),
      await start({ email: `nobody-${randomUUID()}@example.test` }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(JSON.stringify({ authorizationUrl: null }));
    }
  });

  it('answers start alike when the provider is down; the authorize step then names the failure', async () => {
    const down = await createOrganization(t.services.database.db);
    const person = await createUser(t.services.database.db, {
      organizationUuid: down.uuid,
      email: `down-${randomUUID().slice(0, 6)}@down-${randomUUID().slice(0, 6)}.test`,
    });
    await t.services.database.db
      .update(organizations)
      .set({ ssoIssuer: 'http://127.0.0.1:1', ssoClientId: 'x', ssoClientSecret: 'y' })
      .where(eq(organizations.uuid, down.uuid));
    const started = await start({ email: person.email });
    expect(started.statusCode).toBe(200);
    const url = started.json().authorizationUrl as string;
    expect(url.startsWith(`${PUBLIC_URL}${SSO_AUTHORIZE_PATH}?state=`)).toBe(true);
    const step = await t.app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) });
    expect(step.statusCode).toBe(302);
    expect(step.headers.location).toBe('/auth/login?ssoError=SSOAuthenticationErrorUnknown');
    const expired = await t.app.inject({ method: 'GET', url: `${SSO_AUTHORIZE_PATH}?state=made-up` });
    expect(expired.headers.location).toBe('/auth/login?ssoError=SSOAuthenticationErrorUnknown');
  });

  it('names a person removed during the round trip with SSOAuthenticationErrorUserSoftDeleted', async () => {
    const leaver = await createUser(t.services.database.db, {
      organizationUuid: orgUuid,
      email: `leaver-${randomUUID().slice(0, 6)}@sso.test`,
    });
    const started = await start({ email: leaver.email });
    const callback = await browseToCallback(t.app, started.json().authorizationUrl);
    await t.services.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.uuid, leaver.uuid));
    const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(done.headers.location).toBe('/auth/login?ssoError=SSOAuthenticationErrorUserSoftDeleted');
  });

  it('keeps redirects on our own origin', () => {
    expect(safeRedirect('/dashboard/devices?tab=assets')).toBe('/dashboard/devices?tab=assets');
    expect(safeRedirect('//evil.example')).toBe('/dashboard/overview');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard/overview');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard/overview');
  });
});

describe('single sign-on issuers (no private addresses allowed, as in production)', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let orgUuid: string;

  beforeAll(async () => {
    t = await createTestApp();
    orgUuid = (await createOrganization(t.services.database.db, 'Strict SSO')).uuid;
    owner = await createUser(t.services.database.db, { organizationUuid: orgUuid, role: 'it-owner' });
  });
  afterAll(() => t.app.close());

  it('refuses issuers that are not https or that point into the private network', async () => {
    const token = await tokenFor(t.services, owner);
    for (const issuer of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://idp.example.com',
      'https://127.0.0.1',
      'https://localhost:8443/realms/x',
      'https://169.254.169.254/latest',
      'https://[::1]/',
      'https://10.1.2.3',
      'https://user:pw@idp.example.com',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/organization/sso',
        headers: bearer(token),
        payload: { provider: 'google', issuer, clientId: 'client', clientSecret: 'secret' },
      });
      expect(res.statusCode, issuer).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ location: 'body', param: 'issuer' });
    }
    const [org] = await t.services.database.db
      .select({ issuer: organizations.ssoIssuer })
      .from(organizations)
      .where(eq(organizations.uuid, orgUuid));
    expect(org!.issuer).toBeNull();
  });

  it('never makes the server fetch from a loopback issuer stored earlier, not even unauthenticated', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const plain = await createOrganization(t.services.database.db);
      const person = await createUser(t.services.database.db, { organizationUuid: plain.uuid });
      for (const issuer of [
        `https://127.0.0.1:${port}`,
        `http://127.0.0.1:${port}`,
        `https://localhost:${port}`,
      ]) {
        await t.services.database.db
          .update(organizations)
          .set({ ssoIssuer: issuer, ssoClientId: 'x', ssoClientSecret: 'y' })
          .where(eq(organizations.uuid, plain.uuid));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/shared/auth/unprotected/sso/start',
          payload: { email: person.email },
        });
        expect(res.statusCode, issuer).toBe(200);
        const authorize = new URL(res.json().authorizationUrl);
        const step = await t.app.inject({ method: 'GET', url: `${authorize.pathname}${authorize.search}` });
        expect(step.headers.location, issuer).toBe('/auth/login?ssoError=SSOAuthenticationErrorUnknown');
      }
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });
});
