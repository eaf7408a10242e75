import { randomUUID } from 'node:crypto';
import { MDM_CHECK_ERRORS, type MdmConnection } from '@equip/domain/mdm-connections';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventLog, mdmConnections } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import {
  decryptSecret,
  encryptSecret,
  SEALED_SECRET_PURPOSES,
  sealingKey,
} from '../../security/sealed-secrets.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor, tokensOfRoles } from '../../test/factories.ts';
import { type FleetFake, startFleetFake } from '../../test/fleet-fake.ts';

const FLEET_TOKEN = 'fleet-api-token-0123456789abcdef';

describe('MDM connections (issue 11, decision 015)', () => {
  let t: TestApp;
  let app: App;
  let fleet: FleetFake;
  let orgUuid: string;
  let otherOrgUuid: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let ownerToken: string;
  let regularToken: string;
  let adminToken: string;
  let otherOwnerToken: string;

  const db = () => t.services.database.db;
  type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
  const send = (method: Method, url: string, payload?: unknown, token: string | null = ownerToken) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const connect = (payload: unknown, token: string | null = ownerToken, provider = 'FLEET') =>
    send('PUT', `/api/mdm-connections/${provider}`, payload, token);
  const good = () => ({ baseUrl: fleet.url, apiToken: FLEET_TOKEN });

  const rawRows = (org = orgUuid) =>
    db().select().from(mdmConnections).where(eq(mdmConnections.organizationUuid, org));
  const eventsOf = (org = orgUuid) =>
    db()
      .select({ type: eventLog.type, actorUuid: eventLog.actorUuid, data: eventLog.data })
      .from(eventLog)
      .where(
        and(
          eq(eventLog.organizationUuid, org),
          inArray(eventLog.type, [
            'MDM_CONNECTION_ADDED',
            'MDM_CONNECTION_CHANGED',
            'MDM_CONNECTION_REMOVED',
          ]),
        ),
      )
      .orderBy(asc(eventLog.createdAt));

  beforeAll(async () => {
    fleet = await startFleetFake({ token: FLEET_TOKEN });
    t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true' } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `MDM ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db())).uuid;
    ({ owner, ownerToken, regularToken, adminToken, otherOwnerToken } = await tokensOfRoles(
      t.services,
      orgUuid,
      otherOrgUuid,
    ));
  });
  afterAll(async () => {
    await app.close();
    await fleet.close();
  });
  beforeEach(async () => {
    await db()
      .delete(mdmConnections)
      .where(inArray(mdmConnections.organizationUuid, [orgUuid, otherOrgUuid]));
    await db()
      .delete(eventLog)
      .where(inArray(eventLog.organizationUuid, [orgUuid, otherOrgUuid]));
    fleet.requests.length = 0;
  });

  it('connects Fleet after testing it: 201, the token sealed at rest and never answered, the event logged', async () => {
    const res = await connect(good());
    expect(res.statusCode, res.body).toBe(201);
    const connection = res.json<MdmConnection>();
    expect(connection).toEqual({
      provider: 'FLEET',
      baseUrl: fleet.url,
      tokenHint: 'cdef',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastCheckedAt: expect.any(String),
      lastError: null,
      sync: { requestedAt: null, startedAt: null, finishedAt: null, counts: null, error: null },
    });
    expect(res.body).not.toContain(FLEET_TOKEN);
    // Tested with Fleet's "who am I" before saving.
    expect(fleet.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/v1/fleet/me',
        authorization: `Bearer ${FLEET_TOKEN}`,
      }),
    ]);
    // At rest: sealed with the installation's MDM token key, nothing readable.
    const [row] = await rawRows();
    expect(row!.apiTokenEncrypted).not.toContain(FLEET_TOKEN);
    expect(row!.apiTokenEncrypted).not.toContain(Buffer.from(FLEET_TOKEN).toString('base64'));
    const key = sealingKey(t.services.keys.jwtSecret, SEALED_SECRET_PURPOSES.mdmTokens);
    expect(decryptSecret(key, row!.apiTokenEncrypted)).toBe(FLEET_TOKEN);
    expect(row!.apiTokenHint).toBe('cdef');
    const events = await eventsOf();
    expect(events).toEqual([
      {
        type: 'MDM_CONNECTION_ADDED',
        actorUuid: owner.uuid,
        data: { provider: 'FLEET', baseUrl: fleet.url, tokenHint: 'cdef' },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(FLEET_TOKEN);

    const list = await send('GET', '/api/mdm-connections');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [connection] });
    expect(list.body).not.toContain(FLEET_TOKEN);
    expect(list.body).not.toContain(row!.apiTokenEncrypted);
  });

  it('replaces the address and token of a connected server: 200, the change logged with what it was', async () => {
    expect((await connect(good())).statusCode).toBe(201);
    const [before] = await rawRows();
    const other = await startFleetFake({ token: 'second-fleet-token-ffffffff9999' });
    try {
      const res = await connect({ baseUrl: `${other.url}/`, apiToken: other.token }, adminToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ baseUrl: `${other.url}/`, tokenHint: '9999', lastError: null });
      const rows = await rawRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.createdAt).toEqual(before!.createdAt);
      expect(rows[0]!.apiTokenEncrypted).not.toBe(before!.apiTokenEncrypted);
      expect((await eventsOf()).at(-1)).toMatchObject({
        type: 'MDM_CONNECTION_CHANGED',
        data: {
          provider: 'FLEET',
          baseUrl: `${other.url}/`,
          tokenHint: '9999',
          before: { baseUrl: fleet.url, tokenHint: 'cdef' },
        },
      });
    } finally {
      await other.close();
    }
  });

  it('refuses a token Fleet refuses (422 at apiToken) and a server it cannot reach (422 at baseUrl), saving nothing', async () => {
    const wrong = await connect({ baseUrl: fleet.url, apiToken: 'not-the-token-at-all' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      errors: [
        {
          msg: MDM_CHECK_ERRORS.tokenRefused,
          errorType: 'MdmConnectionFailed',
          errorCode: 422,
          location: 'body',
          param: 'apiToken',
          path: ['apiToken'],
        },
      ],
    });
    const unreachable = await connect({ baseUrl: 'http://127.0.0.1:1', apiToken: FLEET_TOKEN });
    expect(unreachable.statusCode).toBe(422);
    expect(unreachable.json().errors[0]).toMatchObject({
      msg: MDM_CHECK_ERRORS.unreachable,
      param: 'baseUrl',
    });
    fleet.failNext(500);
    const broken = await connect(good());
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors[0]).toMatchObject({ msg: MDM_CHECK_ERRORS.serverError, param: 'baseUrl' });
    expect(await rawRows()).toEqual([]);
    expect(await eventsOf()).toEqual([]);

    // A connected server stays as it was when the replacement fails its test.
    expect((await connect(good())).statusCode).toBe(201);
    const before = await rawRows();
    expect((await connect({ baseUrl: fleet.url, apiToken: 'wrong-token-wrong-token' })).statusCode).toBe(422);
    expect(await rawRows()).toEqual(before);
    expect(await eventsOf()).toHaveLength(1);
  });

  it('answers bad input with 400 at the field and unknown providers with 404', async () => {
    const cases: [unknown, string][] = [
      [{ baseUrl: fleet.url }, 'apiToken'],
      [{ baseUrl: fleet.url, apiToken: '   ' }, 'apiToken'],
      [{ apiToken: FLEET_TOKEN }, 'baseUrl'],
      [{ baseUrl: 'not a url', apiToken: FLEET_TOKEN }, 'baseUrl'],
      [{ baseUrl: 'ftp://fleet.example.com', apiToken: FLEET_TOKEN }, 'baseUrl'],
      [{ baseUrl: 'https://user:pw@fleet.example.com', apiToken: FLEET_TOKEN }, 'baseUrl'],
    ];
    for (const [payload, field] of cases) {
      const res = await connect(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0], JSON.stringify(payload)).toMatchObject({ location: 'body', param: field });
    }
    const unknown = await connect(good(), ownerToken, 'MOBILEIRON');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ msg: 'No such MDM provider', errorType: 'NotFound' });
    // Jamf Pro and ManageEngine have clients (jamf-connection.test.ts, manage-engine-connection.test.ts).
    expect(fleet.requests).toEqual([]);
    expect(await rawRows()).toEqual([]);
    expect(await eventsOf()).toEqual([]);
  });

  it('tests a connection again and keeps when and why it failed', async () => {
    expect((await connect(good())).statusCode).toBe(201);
    const [first] = await rawRows();
    fleet.failNext(401);
    const failed = await send('POST', '/api/mdm-connections/FLEET/check');
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ lastError: MDM_CHECK_ERRORS.tokenRefused });
    const [afterFailure] = await rawRows();
    expect(afterFailure!.lastError).toBe(MDM_CHECK_ERRORS.tokenRefused);
    expect(afterFailure!.lastCheckedAt!.getTime()).toBeGreaterThanOrEqual(first!.lastCheckedAt!.getTime());
    // The stored (sealed) token is what is sent.
    expect(fleet.requests.at(-1)).toMatchObject({
      path: '/api/v1/fleet/me',
      authorization: `Bearer ${FLEET_TOKEN}`,
    });
    const ok = await send('POST', '/api/mdm-connections/FLEET/check', undefined, adminToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ lastError: null });
    expect(ok.body).not.toContain(FLEET_TOKEN);
    // Nothing connected: 404.
    expect((await send('POST', '/api/mdm-connections/JAMF/check')).statusCode).toBe(404);
    expect((await send('POST', '/api/mdm-connections/NOPE/check')).statusCode).toBe(404);
  });

  it('fails a check whose stored token cannot be opened (another installation secret)', async () => {
    expect((await connect(good())).statusCode).toBe(201);
    const foreign = sealingKey(new Uint8Array(32).fill(9), SEALED_SECRET_PURPOSES.mdmTokens);
    await db()
      .update(mdmConnections)
      .set({ apiTokenEncrypted: encryptSecret(foreign, FLEET_TOKEN) })
      .where(eq(mdmConnections.organizationUuid, orgUuid));
    const res = await send('POST', '/api/mdm-connections/FLEET/check');
    expect(res.json()).toMatchObject({ lastError: MDM_CHECK_ERRORS.tokenUnreadable });
  });

  it('disconnects: 204, the event logged, then 404', async () => {
    expect((await connect(good())).statusCode).toBe(201);
    const res = await send('DELETE', '/api/mdm-connections/FLEET');
    expect(res.statusCode).toBe(204);
    expect(await rawRows()).toEqual([]);
    expect((await eventsOf()).at(-1)).toEqual({
      type: 'MDM_CONNECTION_REMOVED',
      actorUuid: owner.uuid,
      data: { provider: 'FLEET', baseUrl: fleet.url },
    });
    expect((await send('DELETE', '/api/mdm-connections/FLEET')).statusCode).toBe(404);
    expect((await send('GET', '/api/mdm-connections')).json()).toEqual({ items: [] });
  });

  it('answers 401 without a token and 403 to people who may not send MDM actions, changing nothing', async () => {
    expect((await connect(good())).statusCode).toBe(201);
    const before = await rawRows();
    const routes: [Method, string, unknown?][] = [
      ['GET', '/api/mdm-connections'],
      ['PUT', '/api/mdm-connections/FLEET', good()],
      ['POST', '/api/mdm-connections/FLEET/check'],
      ['DELETE', '/api/mdm-connections/FLEET'],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await send(method, url, payload, null);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().errors[0].errorType).toBe('Unauthorized');
      const regular = await send(method, url, payload, regularToken);
      expect(regular.statusCode, `${method} ${url}`).toBe(403);
      expect(regular.json().errors[0].errorType).toBe('Forbidden');
    }
    expect(await rawRows()).toEqual(before);
    expect(await eventsOf()).toHaveLength(1);
  });

  it("keeps each organisation's connection to itself", async () => {
    expect((await connect(good())).statusCode).toBe(201);
    const before = await rawRows();
    const list = await send('GET', '/api/mdm-connections', undefined, otherOwnerToken);
    expect(list.json()).toEqual({ items: [] });
    expect(list.body).not.toContain(fleet.url);
    expect(
      (await send('POST', '/api/mdm-connections/FLEET/check', undefined, otherOwnerToken)).statusCode,
    ).toBe(404);
    expect((await send('DELETE', '/api/mdm-connections/FLEET', undefined, otherOwnerToken)).statusCode).toBe(
      404,
    );
    expect(await rawRows()).toEqual(before);
    // The other organisation connecting its own server leaves this one's alone.
    expect((await connect(good(), otherOwnerToken)).statusCode).toBe(201);
    expect(await rawRows()).toEqual(before);
    expect(await rawRows(otherOrgUuid)).toHaveLength(1);
    expect(await eventsOf(otherOrgUuid)).toHaveLength(1);
  });
});

describe('MDM connections on an installation without private servers', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.database.db;
    const org = await createOrganization(db);
    token = await tokenFor(
      t.services,
      await createUser(db, { organizationUuid: org.uuid, role: 'it-owner' }),
    );
  });
  afterAll(() => t.app.close());

  it('accepts https only, and no private or loopback address', async () => {
    for (const [baseUrl, msg] of [
      ['http://fleet.example.com', 'The server URL cannot be used: Must be an https:// address'],
      [
        'https://127.0.0.1:8080',
        'The server URL cannot be used: 127.0.0.1 is a private, loopback or link-local address',
      ],
      [
        'https://10.1.2.3',
        'The server URL cannot be used: 10.1.2.3 is a private, loopback or link-local address',
      ],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/mdm-connections/FLEET',
        headers: bearer(token),
        payload: { baseUrl, apiToken: FLEET_TOKEN },
      });
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ msg, param: 'baseUrl' });
    }
  });
});
