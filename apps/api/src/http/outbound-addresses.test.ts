import { randomUUID } from 'node:crypto';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { MDM_CHECK_ERRORS } from '@equip/domain/mdm-connections';
import type { WebhookDeliveryPage } from '@equip/domain/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mdmConnections, organizations, webhookEndpoints } from '../db/schema/index.ts';
import { encryptSecret, SEALED_SECRET_PURPOSES, sealingKey } from '../security/sealed-secrets.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';

/**
 * Issue 24: IPv6 literals that embed a non-public IPv4 address (`[::127.0.0.1]`, stored `[::7f00:1]`)
 * and port 0 passed the public-address check of every address an organisation configures. Each form
 * is refused where it is saved (webhook endpoints, single sign-on, MDM servers: 400 at the field) and
 * where it is used, for an address stored before the rule.
 */
const EMBEDDED_FORMS = {
  'IPv4-compatible ::127.0.0.1': 'https://[::127.0.0.1]/x',
  'IPv4-mapped ::ffff:127.0.0.1': 'https://[::ffff:127.0.0.1]/x',
  'IPv4-translated ::ffff:0:10.1.2.3': 'https://[::ffff:0:10.1.2.3]/x',
  'NAT64 64:ff9b::169.254.169.254': 'https://[64:ff9b::169.254.169.254]/x',
  'NAT64 local use 64:ff9b:1::': 'https://[64:ff9b:1::a01:203]/x',
  '6to4 of 10.1.2.3': 'https://[2002:a01:203::1]/x',
  'Teredo with a loopback client': 'https://[2001:0:808:808::80ff:fffe]/x',
};
const BAD_PORTS = {
  'port 0': 'https://8.8.8.8:0/x',
  'port 65536': 'https://8.8.8.8:65536/x',
};

describe('addresses an organisation configures (no private addresses allowed, as in production)', () => {
  let t: TestApp;
  let orgUuid: string;
  let token: string;
  const db = () => t.services.database.db;
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    orgUuid = (await createOrganization(db(), `Outbound ${randomUUID().slice(0, 6)}`)).uuid;
    token = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' }),
    );
  });
  afterAll(() => t.app.close());

  const saves = [
    [
      'webhook endpoint',
      'url',
      (url: string) => send('POST', '/api/webhooks', { url, eventTypes: ['employee.created'] }),
    ],
    [
      'single sign-on issuer',
      'issuer',
      (issuer: string) =>
        send('PUT', '/api/organization/sso', {
          provider: 'google',
          issuer,
          clientId: 'c',
          clientSecret: 's',
        }),
    ],
    [
      'MDM server',
      'baseUrl',
      (baseUrl: string) => send('PUT', '/api/mdm-connections/FLEET', { baseUrl, apiToken: 'fleet-token' }),
    ],
  ] as const;

  it.each(Object.entries({ ...EMBEDDED_FORMS, ...BAD_PORTS }))(
    'refuses %s when saved, at the field, storing nothing',
    async (_name, url) => {
      for (const [what, field, save] of saves) {
        const res = await save(url);
        expect(res.statusCode, `${what} ${res.body}`).toBe(400);
        expect(res.json().errors[0], what).toMatchObject({ location: 'body', param: field });
      }
      const [org] = await db()
        .select({ issuer: organizations.ssoIssuer })
        .from(organizations)
        .where(eq(organizations.uuid, orgUuid));
      expect(org!.issuer).not.toBe(url);
      expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.url, url))).toEqual([]);
      expect(await db().select().from(mdmConnections).where(eq(mdmConnections.baseUrl, url))).toEqual([]);
    },
  );

  describe('when used: an address stored before the rule reaches nothing', () => {
    let inside: Server;
    let port: number;
    let hits = 0;
    /** Each form at the loopback server's port (the mapped form reaches it unless refused). */
    const storedForms = () =>
      Object.entries({ ...EMBEDDED_FORMS, 'port 0': 'https://8.8.8.8:0/x' }).map(([name, url]) => {
        const withPort = new URL(url);
        if (withPort.port !== '0') withPort.port = String(port);
        return [name, withPort.href] as const;
      });

    beforeAll(async () => {
      // Counts connections, whatever the protocol (the forms are https).
      inside = createServer((socket) => {
        hits++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
      port = (inside.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => inside.close(() => resolve())));

    it('webhook deliveries are refused, and say why', async () => {
      const endpoints: [string, string][] = [];
      for (const [name, url] of storedForms()) {
        // Saved at a public literal (nothing to resolve), then moved to the form in the database.
        const created = await send('POST', '/api/webhooks', {
          url: 'https://8.8.8.8/hook',
          eventTypes: ['employee.created'],
        });
        expect(created.statusCode, created.body).toBe(201);
        const uuid = created.json().uuid as string;
        await db().update(webhookEndpoints).set({ url }).where(eq(webhookEndpoints.uuid, uuid));
        expect((await send('POST', `/api/webhooks/${uuid}/test`)).statusCode).toBe(202);
        endpoints.push([name, uuid]);
      }
      for (const [name, uuid] of endpoints) {
        let lastError: string | null = null;
        for (let tries = 0; tries < 100 && !lastError; tries++) {
          const page = (await send('GET', `/api/webhooks/${uuid}/deliveries`)).json<WebhookDeliveryPage>();
          lastError = page.items[0]?.lastError ?? null;
          if (!lastError) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(lastError, name).toMatch(/^Refused: (.+ is not a public address|Must not use port 0) /);
      }
      expect(hits).toBe(0);
    });

    it('MDM server checks are refused', async () => {
      const tokenKey = sealingKey(t.services.keys.jwtSecret, SEALED_SECRET_PURPOSES.mdmTokens);
      for (const [name, baseUrl] of storedForms()) {
        await db().delete(mdmConnections).where(eq(mdmConnections.organizationUuid, orgUuid));
        await db()
          .insert(mdmConnections)
          .values({
            organizationUuid: orgUuid,
            provider: 'FLEET',
            baseUrl,
            apiTokenEncrypted: encryptSecret(tokenKey, 'fleet-token'),
          });
        const checked = await send('POST', '/api/mdm-connections/FLEET/check');
        expect(checked.statusCode, checked.body).toBe(200);
        expect(checked.json().lastError, name).toBe(MDM_CHECK_ERRORS.unreachable);
      }
      await db().delete(mdmConnections).where(eq(mdmConnections.organizationUuid, orgUuid));
      expect(hits).toBe(0);
    });

    it('single sign-on does not contact the issuer', async () => {
      const person = await createUser(db(), { organizationUuid: orgUuid });
      for (const [name, issuer] of storedForms()) {
        await db()
          .update(organizations)
          .set({ ssoIssuer: issuer.replace(/\/x$/, ''), ssoClientId: 'c', ssoClientSecret: 's' })
          .where(eq(organizations.uuid, orgUuid));
        const started = await t.app.inject({
          method: 'POST',
          url: '/api/user/shared/auth/unprotected/sso/start',
          payload: { email: person.email },
        });
        const authorize = new URL(started.json().authorizationUrl);
        const step = await t.app.inject({ method: 'GET', url: `${authorize.pathname}${authorize.search}` });
        expect(step.headers.location, name).toBe('/auth/login?ssoError=SSOAuthenticationErrorUnknown');
      }
      await db()
        .update(organizations)
        .set({ ssoIssuer: null, ssoClientId: null, ssoClientSecret: null })
        .where(eq(organizations.uuid, orgUuid));
      expect(hits).toBe(0);
    });
  });
});
