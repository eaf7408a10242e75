import { randomUUID } from 'node:crypto';
import {
  DEFAULT_HR_FIELD_MAPPING,
  HR_CHECK_ERRORS,
  type HrIntegration,
  type HrSyncPreview,
  type HrSyncRun,
  type HrSyncRunPage,
} from '@equip/domain/integrations';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readerOfDb } from '../../cli/database-source.ts';
import { checkSealedSecrets } from '../../cli/installation-secret.ts';
import { integrations } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { SandboxHrAdapter } from '../../providers/hr/sandbox.ts';
import { decryptSecret, SEALED_SECRET_PURPOSES, sealingKey } from '../../security/sealed-secrets.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type BambooHrFake, startBambooHrFake } from '../../test/bamboohr-fake.ts';
import { bearer, createOrganization, tokensOfRoles } from '../../test/factories.ts';
import { type PersonioFake, startPersonioFake } from '../../test/personio-fake.ts';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

describe('HR integrations against Personio (issue 30, decision 029)', () => {
  let t: TestApp;
  let app: App;
  let personio: PersonioFake;
  let bamboo: BambooHrFake;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let adminToken: string;
  let otherOwnerToken: string;

  const db = () => t.services.database.db;
  const send = (method: Method, url: string, payload?: unknown, token: string | null = ownerToken) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const connect = (payload: unknown, token: string | null = ownerToken, provider = 'personio') =>
    send('PUT', `/api/integrations/${provider}`, payload, token);
  const good = () => ({
    clientId: personio.credentials.clientId,
    clientSecret: personio.credentials.clientSecret,
  });
  const rows = (org = orgUuid) =>
    db().select().from(integrations).where(eq(integrations.organizationUuid, org));

  beforeAll(async () => {
    personio = await startPersonioFake();
    bamboo = await startBambooHrFake();
    t = await createTestApp({
      env: {
        HR_SANDBOX: 'false',
        HR_ALLOW_PRIVATE_SERVERS: 'true',
        HR_PERSONIO_URL: personio.url,
        HR_BAMBOOHR_URL: bamboo.url,
      },
    });
    app = t.app;
    orgUuid = (await createOrganization(db(), `HR ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db())).uuid;
    ({ ownerToken, regularToken, adminToken, otherOwnerToken } = await tokensOfRoles(
      t.services,
      orgUuid,
      otherOrgUuid,
    ));
  });
  afterAll(async () => {
    await app.close();
    await personio.close();
    await bamboo.close();
  });
  beforeEach(async () => {
    await db()
      .delete(integrations)
      .where(inArray(integrations.organizationUuid, [orgUuid, otherOrgUuid]));
    personio.reset();
    personio.addEmployee({ firstName: 'Alexander', lastName: 'Bergmann' });
  });

  it('connects Personio after testing the credentials: 201, INCOMPLETE, sealed at rest, never answered', async () => {
    const res = await connect({ ...good(), language: 'de' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<HrIntegration>()).toEqual({
      provider: 'personio',
      language: 'de',
      status: 'ACTIVE',
      setupStatus: 'INCOMPLETE',
      credentialHint: good().clientSecret.slice(-4),
      sandbox: false,
      lastCheckedAt: expect.any(String),
      lastError: null,
      lastErrorDetail: null,
      lastSyncedAt: null,
      fieldMapping: DEFAULT_HR_FIELD_MAPPING,
      lastSync: null,
      openConflicts: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.body).not.toContain(good().clientSecret);
    expect(personio.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/auth',
      'GET /v1/company/employees',
    ]);
    const [row] = await rows();
    expect(row!.credentialsEncrypted).not.toContain(good().clientSecret);
    const key = sealingKey(t.services.keys.jwtSecret, SEALED_SECRET_PURPOSES.hrCredentials);
    expect(JSON.parse(decryptSecret(key, row!.credentialsEncrypted!))).toEqual(good());

    const list = await send('GET', '/api/integrations');
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: HrIntegration[] }>().items.map((i) => i.provider)).toEqual(['personio']);
    expect(list.body).not.toContain(good().clientSecret);

    // Connected again: replaced (200), still INCOMPLETE, the language kept.
    const again = await connect(good());
    expect(again.statusCode).toBe(200);
    expect(again.json<HrIntegration>()).toMatchObject({ setupStatus: 'INCOMPLETE', language: 'de' });
  });

  it('connects BambooHR with its subdomain and API key; an unknown subdomain is a 422 at companyDomain', async () => {
    const wrong = await connect({ companyDomain: 'globex', apiKey: bamboo.apiKey }, ownerToken, 'bamboohr');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0]).toMatchObject({ param: 'companyDomain' });
    const badKey = await connect(
      { companyDomain: bamboo.companyDomain, apiKey: 'nope' },
      ownerToken,
      'bamboohr',
    );
    expect(badKey.json().errors[0]).toMatchObject({
      msg: `${HR_CHECK_ERRORS.credentialsRefused}: Invalid API key`,
      param: 'apiKey',
    });
    expect(await rows()).toEqual([]);
    const res = await connect(
      { companyDomain: bamboo.companyDomain, apiKey: bamboo.apiKey },
      ownerToken,
      'bamboohr',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<HrIntegration>()).toMatchObject({
      provider: 'bamboohr',
      status: 'ACTIVE',
      sandbox: false,
    });
    expect(res.body).not.toContain(bamboo.apiKey);
  });

  it('leaves a backup nothing it cannot open: sealed credentials open, a sandbox integration without any is not counted', async () => {
    expect((await connect(good())).statusCode).toBe(201);
    // The demo's integration: served by the sandbox, no credentials stored.
    await db().insert(integrations).values({ organizationUuid: otherOrgUuid, provider: 'kenjo' });
    const checks = await checkSealedSecrets(readerOfDb(db()), t.services.keys.jwtSecret);
    const hr = checks.find((c) => c.table === 'integrations')!;
    expect(hr.total).toBeGreaterThan(0);
    expect(hr.opened).toBe(hr.total);
  });

  it('refuses credentials Personio refuses (422 with its reason at clientSecret), writing nothing', async () => {
    const res = await connect({ ...good(), clientSecret: 'wrong-secret' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      msg: `${HR_CHECK_ERRORS.credentialsRefused}: Authorization is not provided`,
      errorType: 'IntegrationFailed',
      location: 'body',
      param: 'clientSecret',
    });
    expect(await rows()).toEqual([]);
  });

  it('answers bad input with 400 in the error payload and writes nothing; unknown kinds are 404', async () => {
    const missing = await connect({ clientId: 'only-the-id' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({
      msg: 'Required',
      location: 'body',
      param: 'clientSecret',
    });
    const badLanguage = await connect({ ...good(), language: 'xx' });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json().errors[0]).toMatchObject({ location: 'body', param: 'language' });
    const unknown = await connect(good(), ownerToken, 'workday');
    expect(unknown.statusCode).toBe(404);
    // Without the sandbox, a kind without a client cannot be connected.
    const kenjo = await connect({ apiKey: 'kenjo-key-0123456789' }, ownerToken, 'kenjo');
    // (Personio, BambooHR and HiBob have clients; Kenjo, HeavenHR, HRworks and Factorial do not.)
    expect(kenjo.statusCode).toBe(422);
    expect(kenjo.json().errors[0]).toMatchObject({
      msg: 'Equip has no client for Kenjo yet',
      param: 'provider',
    });
    expect(await rows()).toEqual([]);
    expect(personio.requests).toEqual([]);
  });

  it('tests again: INVALID with Personio’s reason when the credentials stop working, ACTIVE again after', async () => {
    expect((await connect(good())).statusCode).toBe(201);
    personio.revokeTokens();
    const key = sealingKey(t.services.keys.jwtSecret, SEALED_SECRET_PURPOSES.hrCredentials);
    // The credentials were rotated at Personio: the stored ones no longer get a token.
    const [row] = await rows();
    const stored = JSON.parse(decryptSecret(key, row!.credentialsEncrypted!));
    personio.credentials.clientSecret = 'rotated-secret-0123456789';
    let res = await send('POST', '/api/integrations/personio/check');
    expect(res.statusCode).toBe(200);
    expect(res.json<HrIntegration>()).toMatchObject({
      status: 'INVALID',
      lastError: HR_CHECK_ERRORS.credentialsRefused,
      lastErrorDetail: 'Authorization is not provided',
    });
    personio.credentials.clientSecret = stored.clientSecret;
    res = await send('POST', '/api/integrations/personio/check');
    expect(res.json<HrIntegration>()).toMatchObject({
      status: 'ACTIVE',
      lastError: null,
      lastErrorDetail: null,
    });
  });

  it('pauses (INACTIVE, kept by a check) and resumes (tested again)', async () => {
    expect((await connect(good())).statusCode).toBe(201);
    const paused = await send('POST', '/api/integrations/personio/pause');
    expect(paused.statusCode).toBe(200);
    expect(paused.json<HrIntegration>().status).toBe('INACTIVE');
    expect((await send('POST', '/api/integrations/personio/check')).json<HrIntegration>().status).toBe(
      'INACTIVE',
    );
    personio.requests.length = 0;
    const resumed = await send('POST', '/api/integrations/personio/resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<HrIntegration>().status).toBe('ACTIVE');
    expect(personio.requests.map((r) => r.path)).toContain('/v1/company/employees');
  });

  it('removes: 204, then 404 for every operation', async () => {
    expect((await connect(good())).statusCode).toBe(201);
    expect((await send('DELETE', '/api/integrations/personio')).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
    for (const [method, url] of [
      ['DELETE', '/api/integrations/personio'],
      ['POST', '/api/integrations/personio/check'],
      ['POST', '/api/integrations/personio/pause'],
      ['POST', '/api/integrations/personio/resume'],
    ] as const)
      expect((await send(method, url)).statusCode, `${method} ${url}`).toBe(404);
  });

  it('answers 401 without a token and 403 to people who are not IT owners, changing nothing; provider admins act for the organisation', async () => {
    expect((await connect(good(), null)).statusCode).toBe(401);
    expect((await send('GET', '/api/integrations', undefined, null)).statusCode).toBe(401);
    expect((await connect(good(), regularToken)).statusCode).toBe(403);
    expect((await send('GET', '/api/integrations', undefined, regularToken)).statusCode).toBe(403);
    expect(await rows()).toEqual([]);
    expect((await connect(good(), adminToken)).statusCode).toBe(201);
    expect((await send('POST', '/api/integrations/personio/pause', undefined, regularToken)).statusCode).toBe(
      403,
    );
    expect((await send('DELETE', '/api/integrations/personio', undefined, regularToken)).statusCode).toBe(
      403,
    );
    expect((await rows())[0]!.status).toBe('ACTIVE');
  });

  it("keeps each organisation's integration to itself", async () => {
    expect((await connect(good())).statusCode).toBe(201);
    const other = await send('GET', '/api/integrations', undefined, otherOwnerToken);
    expect(other.json()).toEqual({ items: [] });
    for (const [method, url] of [
      ['POST', '/api/integrations/personio/check'],
      ['POST', '/api/integrations/personio/pause'],
      ['POST', '/api/integrations/personio/resume'],
      ['DELETE', '/api/integrations/personio'],
    ] as const)
      expect((await send(method, url, undefined, otherOwnerToken)).statusCode, `${method} ${url}`).toBe(404);
    expect((await rows())[0]!.status).toBe('ACTIVE');
    expect(await rows(otherOrgUuid)).toEqual([]);
  });

  it('re-checks every integration that is not paused, hourly, through the job queue', async () => {
    expect((await connect(good())).statusCode).toBe(201);
    personio.credentials.clientSecret = 'rotated-at-personio-0000';
    const since = new Date();
    expect(await t.services.jobs.send('integrations.plan', {})).not.toBeNull();
    for (let i = 0; i < 100; i++) {
      const [checked] = await db()
        .select({ status: integrations.status })
        .from(integrations)
        .where(and(eq(integrations.organizationUuid, orgUuid), gte(integrations.lastCheckedAt, since)));
      if (checked) {
        expect(checked.status).toBe('INVALID');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The hourly check did not run');
  });
});

describe('HR integrations in the sandbox (the demo)', () => {
  let t: TestApp;
  let ownerToken: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { HR_SANDBOX: 'true' } });
    const db = t.services.database.db;
    const org = (await createOrganization(db)).uuid;
    ({ ownerToken } = await tokensOfRoles(t.services, org, (await createOrganization(db)).uuid));
  });
  afterAll(() => t.app.close());

  it('connects any of the seven kinds, served by the sandbox', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/integrations/kenjo',
      headers: bearer(ownerToken),
      payload: { apiKey: 'sandbox-kenjo-key-0001' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<HrIntegration>()).toMatchObject({ provider: 'kenjo', status: 'ACTIVE', sandbox: true });
  });

  it('changes a person at the next sync after the first: the diff in the audit log, the starter’s draft onboarding', async () => {
    SandboxHrAdapter.reset();
    const send = (method: 'PUT' | 'POST' | 'GET', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: bearer(ownerToken), payload: payload as never });
    const connected = await send('PUT', '/api/integrations/personio', {
      clientId: 'sandbox-id',
      clientSecret: 'sandbox-secret-0001',
    });
    expect(connected.statusCode, connected.body).toBe(201);
    const preview = await send('POST', '/api/integrations/personio/sync/preview');
    expect(preview.json<HrSyncPreview>().counts.created).toBe(11);
    const syncNow = async () => {
      const queued = (await send('POST', '/api/integrations/personio/sync')).json<HrSyncRun>();
      let done: HrSyncRun | undefined;
      await expect
        .poll(
          async () => {
            const runs = (
              await send('GET', '/api/integrations/sync-runs?provider=personio')
            ).json<HrSyncRunPage>();
            done = runs.items.find((r) => r.uuid === queued.uuid);
            return done?.status;
          },
          { timeout: 60_000, interval: 200 },
        )
        .toBe('succeeded');
      return done!;
    };
    expect((await syncNow()).created).toBe(11);
    const second = await syncNow();
    expect(second.entries).toEqual([
      expect.objectContaining({
        action: 'update',
        name: 'Lukas Becker',
        changes: [
          { field: 'position', before: 'Sales Development Representative', after: 'Account Executive' },
        ],
      }),
    ]);
    const log = (await send('GET', '/api/audit-log?types=USER_UPDATED')).json<{
      items: { subjectName: string | null; data: Record<string, unknown> }[];
    }>();
    expect(log.items).toEqual([
      expect.objectContaining({
        subjectName: 'Lukas Becker',
        data: {
          before: { position: 'Sales Development Representative' },
          after: { position: 'Account Executive' },
          via: 'hris',
        },
      }),
    ]);
    const onboardingView = (await send('GET', '/api/employees?view=onboarding')).json<{
      items: { firstName: string; flowDraft: unknown }[];
    }>();
    expect(onboardingView.items).toEqual([
      expect.objectContaining({
        firstName: 'Felix',
        flowDraft: { kind: 'onboarding', origin: 'hris', provider: 'personio' },
      }),
    ]);
    SandboxHrAdapter.reset();
  });
});
