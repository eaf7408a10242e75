import { randomUUID } from 'node:crypto';
import type { Workspace, WorkspaceGroupList, WorkspaceState } from '@equip/domain/workspaces';
import { WORKSPACE_CHECK_ERRORS } from '@equip/domain/workspaces';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventLog, notifications, users, workspaceGroups, workspaces } from '../../db/schema/index.ts';
import { SandboxWorkspaceAdapter } from '../../providers/workspace/sandbox.ts';
import { decryptSecret, SEALED_SECRET_PURPOSES, sealingKey } from '../../security/sealed-secrets.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  bearer,
  createOrganization,
  createUser,
  setFeatureFlag,
  tokensOfRoles,
} from '../../test/factories.ts';
import { type GoogleWorkspaceFake, startGoogleWorkspaceFake } from '../../test/google-workspace-fake.ts';
import { type MicrosoftGraphFake, startMicrosoftGraphFake } from '../../test/microsoft-graph-fake.ts';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

describe('workspaces with the sandbox (issue 30 items 3 and 4, decision 033)', () => {
  let t: TestApp;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let adminToken: string;
  let otherOwnerToken: string;
  let ada: { uuid: string };
  let bo: { uuid: string };
  let stranger: { uuid: string };

  const db = () => t.services.database.db;
  const send = (method: Method, url: string, payload?: unknown, token: string | null = ownerToken) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const connect = (token: string | null = ownerToken, code = 'sandbox', providerKind = 'google') =>
    send('POST', '/api/workspaces/token', { code, providerKind }, token);
  const groups = async (token = ownerToken) =>
    (await send('GET', '/api/workspaces/groups', undefined, token)).json<WorkspaceGroupList>().items;

  beforeAll(async () => {
    t = await createTestApp({ env: { WORKSPACE_SANDBOX: 'true' } });
    orgUuid = (await createOrganization(db())).uuid;
    otherOrgUuid = (await createOrganization(db())).uuid;
    ({ ownerToken, regularToken, adminToken, otherOwnerToken } = await tokensOfRoles(
      t.services,
      orgUuid,
      otherOrgUuid,
    ));
    ada = await createUser(db(), {
      organizationUuid: orgUuid,
      email: `ada-${randomUUID().slice(0, 6)}@acme.test`,
    });
    bo = await createUser(db(), {
      organizationUuid: orgUuid,
      email: `bo-${randomUUID().slice(0, 6)}@acme.test`,
    });
    stranger = await createUser(db(), { organizationUuid: otherOrgUuid });
  });
  afterAll(() => t.app.close());
  beforeEach(async () => {
    SandboxWorkspaceAdapter.reset();
    await db()
      .delete(workspaces)
      .where(inArray(workspaces.organizationUuid, [orgUuid, otherOrgUuid]));
  });

  it('nothing connected: the state says so and how to connect', async () => {
    const res = await send('GET', '/api/workspaces');
    expect(res.statusCode).toBe(200);
    expect(res.json<WorkspaceState>()).toEqual({
      workspace: null,
      sandbox: true,
      connectable: ['google', 'microsoft'],
    });
    expect((await send('GET', '/api/workspaces/groups')).statusCode).toBe(404);
    expect(
      (
        await send(
          'GET',
          '/api/workspaces/authorize?providerKind=google&redirectUri=https://equip.test/dashboard/workspaces&state=abcdefgh',
        )
      ).json(),
    ).toEqual({
      url: null,
      unverifiedScopes: false,
    });
  });

  it('connects the sandbox Google Workspace with the consent code: tested, its groups read', async () => {
    const res = await connect();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Workspace>()).toMatchObject({
      provider: 'google',
      domain: 'sandbox.example.com',
      status: 'ACTIVE',
      sandbox: true,
      lastError: null,
    });
    const list = await groups();
    expect(list.map((g) => [g.externalId, g.name, g.memberCount, g.autoAssignIssue])).toEqual([
      ['grp-all-staff', 'All staff', 4, 'GroupSetting_DynamicMembership'],
      ['grp-engineering', 'Engineering', 2, null],
      ['grp-everyone', 'Everyone', 4, null],
      ['grp-sales', 'Sales', 1, null],
    ]);
    // Connecting again is the same workspace (200), Microsoft replaces it (201) with its groups.
    expect((await connect()).statusCode).toBe(200);
    expect((await connect(ownerToken, 'sandbox', 'microsoft')).statusCode).toBe(201);
    expect((await groups()).find((g) => g.externalId === 'grp-announcements')!.autoAssignIssue).toBe(
      'GroupKind',
    );
    expect(await db().select().from(workspaces).where(eq(workspaces.organizationUuid, orgUuid))).toHaveLength(
      1,
    );
  });

  it('a code the provider refuses is a 422 with the reason; nothing saved', async () => {
    const res = await connect(ownerToken, 'not-a-code');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: [
        expect.objectContaining({
          errorType: 'IntegrationFailed',
          param: 'code',
          msg: `${WORKSPACE_CHECK_ERRORS.refused}: Unknown consent code`,
        }),
      ],
    });
    expect(await db().select().from(workspaces).where(eq(workspaces.organizationUuid, orgUuid))).toEqual([]);
  });

  it('bad input: groupIds and providerKind required (400), nothing written', async () => {
    await connect();
    expect((await send('POST', '/api/workspaces/token', { code: 'sandbox' })).statusCode).toBe(400);
    const missing = await send('POST', '/api/workspaces/groups/members', { userUuids: [ada.uuid] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [expect.objectContaining({ param: 'groupIds' })] });
    expect(
      (await send('POST', '/api/workspaces/groups/members', { groupIds: [], userUuids: [ada.uuid] }))
        .statusCode,
    ).toBe(400);
    expect((await groups()).find((g) => g.externalId === 'grp-sales')!.memberCount).toBe(1);
  });

  it('adds two employees to a group and removes one; a dynamic group answers its issue and is left as it is', async () => {
    await connect();
    const res = await send('POST', '/api/workspaces/groups/members', {
      groupIds: ['grp-sales', 'grp-all-staff'],
      userUuids: [ada.uuid, bo.uuid],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      groups: [
        { groupId: 'grp-sales', changed: 2, issue: null },
        { groupId: 'grp-all-staff', changed: 0, issue: 'GroupSetting_DynamicMembership' },
      ],
    });
    let list = await groups();
    expect(list.find((g) => g.externalId === 'grp-sales')).toMatchObject({ memberCount: 3 });
    expect(list.find((g) => g.externalId === 'grp-sales')!.memberUserUuids.sort()).toEqual(
      [ada.uuid, bo.uuid].sort(),
    );
    expect(list.find((g) => g.externalId === 'grp-all-staff')).toMatchObject({
      memberCount: 4,
      memberUserUuids: [],
    });
    const removed = await send('POST', '/api/workspaces/groups/members/remove', {
      groupIds: ['grp-sales'],
      userUuids: [bo.uuid],
    });
    expect(removed.json()).toEqual({ groups: [{ groupId: 'grp-sales', changed: 1, issue: null }] });
    list = await groups();
    expect(list.find((g) => g.externalId === 'grp-sales')).toMatchObject({
      memberCount: 2,
      memberUserUuids: [ada.uuid],
    });
    // A check of the sandbox keeps the groups as they are (a real client's reads them again, below).
    expect((await send('POST', '/api/workspaces/check')).json<Workspace>().status).toBe('ACTIVE');
    expect((await groups()).find((g) => g.externalId === 'grp-sales')).toMatchObject({
      memberCount: 2,
      memberUserUuids: [ada.uuid],
    });
  });

  it('a group Equip knows cannot take members is not asked: its issue is the answer', async () => {
    await connect();
    await db()
      .update(workspaceGroups)
      .set({ autoAssignIssue: 'GroupKind' })
      .where(eq(workspaceGroups.externalId, 'grp-sales'));
    const res = await send('POST', '/api/workspaces/groups/members', {
      groupIds: ['grp-sales', 'grp-engineering'],
      userUuids: [ada.uuid],
    });
    expect(res.json()).toEqual({
      groups: [
        { groupId: 'grp-sales', changed: 0, issue: 'GroupKind' },
        { groupId: 'grp-engineering', changed: 1, issue: null },
      ],
    });
    const list = await groups();
    expect(list.find((g) => g.externalId === 'grp-sales')).toMatchObject({
      memberCount: 1,
      memberUserUuids: [],
    });
    expect(list.find((g) => g.externalId === 'grp-engineering')).toMatchObject({
      memberCount: 3,
      memberUserUuids: [ada.uuid],
    });
  });

  it('an unknown group or another organisation’s employee is a 404 at its index; nothing changed', async () => {
    await connect();
    const unknownGroup = await send('POST', '/api/workspaces/groups/members', {
      groupIds: ['grp-sales', 'nope'],
      userUuids: [ada.uuid],
    });
    expect(unknownGroup.statusCode).toBe(404);
    expect(unknownGroup.json()).toMatchObject({
      errors: [expect.objectContaining({ path: ['groupIds', 1] })],
    });
    const foreign = await send('POST', '/api/workspaces/groups/members', {
      groupIds: ['grp-sales'],
      userUuids: [ada.uuid, stranger.uuid],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ errors: [expect.objectContaining({ path: ['userUuids', 1] })] });
    expect((await groups()).find((g) => g.externalId === 'grp-sales')).toMatchObject({
      memberCount: 1,
      memberUserUuids: [],
    });
  });

  it('auto-assignment rules: saved whole, groups must be the workspace’s', async () => {
    await connect();
    const put = await send('PUT', '/api/workspaces/rules', {
      items: [
        { department: 'Sales', groupIds: ['grp-sales', 'grp-everyone'] },
        { department: 'Engineering', groupIds: ['grp-engineering'] },
        { department: 'Legal', groupIds: [] },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({
      items: [
        { department: 'Engineering', groupIds: ['grp-engineering'] },
        { department: 'Sales', groupIds: ['grp-sales', 'grp-everyone'] },
      ],
    });
    const unknown = await send('PUT', '/api/workspaces/rules', {
      items: [{ department: 'Ops', groupIds: ['nope'] }],
    });
    expect(unknown.statusCode).toBe(404);
    const twice = await send('PUT', '/api/workspaces/rules', {
      items: [
        { department: 'Ops', groupIds: ['grp-sales'] },
        { department: 'ops', groupIds: ['grp-everyone'] },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect((await send('GET', '/api/workspaces/rules')).json().items).toHaveLength(2);
  });

  it('who may: no token 401, a regular employee 403, a provider admin may; another organisation sees none of it', async () => {
    await connect();
    expect((await send('GET', '/api/workspaces', undefined, null)).statusCode).toBe(401);
    expect((await connect(null)).statusCode).toBe(401);
    expect((await send('GET', '/api/workspaces/groups', undefined, regularToken)).statusCode).toBe(403);
    expect(
      (
        await send(
          'POST',
          '/api/workspaces/groups/members',
          { groupIds: ['grp-sales'], userUuids: [ada.uuid] },
          regularToken,
        )
      ).statusCode,
    ).toBe(403);
    expect((await send('GET', '/api/workspaces/groups', undefined, adminToken)).statusCode).toBe(200);
    expect(
      (await send('GET', '/api/workspaces', undefined, otherOwnerToken)).json<WorkspaceState>().workspace,
    ).toBeNull();
    expect(
      (
        await send(
          'POST',
          '/api/workspaces/groups/members',
          { groupIds: ['grp-sales'], userUuids: [ada.uuid] },
          otherOwnerToken,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('disconnects: the workspace, its groups and the state go', async () => {
    await connect();
    expect((await send('DELETE', '/api/workspaces')).statusCode).toBe(204);
    const [event] = await db()
      .select({ type: eventLog.type, data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, orgUuid), eq(eventLog.type, 'WORKSPACE_DISCONNECTED')));
    expect(event).toEqual({
      type: 'WORKSPACE_DISCONNECTED',
      data: { provider: 'google', domain: 'sandbox.example.com' },
    });
    expect((await send('GET', '/api/workspaces')).json<WorkspaceState>().workspace).toBeNull();
    expect(
      await db().select().from(workspaceGroups).where(eq(workspaceGroups.organizationUuid, orgUuid)),
    ).toEqual([]);
    expect((await send('DELETE', '/api/workspaces')).statusCode).toBe(404);
  });
});

describe('workspaces with the real Google client against a local fake of Google (decision 033)', () => {
  let t: TestApp;
  let google: GoogleWorkspaceFake;
  let orgUuid: string;
  let ownerToken: string;
  let restoreFlag: () => Promise<void>;
  const db = () => t.services.database.db;
  const send = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(ownerToken), payload: payload as never });

  beforeAll(async () => {
    google = await startGoogleWorkspaceFake();
    t = await createTestApp({
      env: {
        WORKSPACE_SANDBOX: 'false',
        WORKSPACE_ALLOW_PRIVATE_SERVERS: 'true',
        GOOGLE_WORKSPACE_CLIENT_ID: google.client.clientId,
        GOOGLE_WORKSPACE_CLIENT_SECRET: google.client.clientSecret,
        WORKSPACE_GOOGLE_ADMIN_URL: google.urls.adminUrl,
        WORKSPACE_GOOGLE_LICENSING_URL: google.urls.licensingUrl,
        WORKSPACE_GOOGLE_TOKEN_URL: google.urls.tokenUrl,
        WORKSPACE_GOOGLE_AUTHORIZE_URL: google.urls.authorizeUrl,
      },
    });
    orgUuid = (await createOrganization(db())).uuid;
    ({ ownerToken } = await tokensOfRoles(t.services, orgUuid, (await createOrganization(db())).uuid));
    restoreFlag = await setFeatureFlag(db(), 'unverified-google-oauth-scopes', 'off');
  });
  afterAll(async () => {
    await restoreFlag();
    await t.app.close();
    await google.close();
  });

  it('the consent page asks the unverified scopes only behind their flag; Microsoft is not configured', async () => {
    const url = (
      await send(
        'GET',
        '/api/workspaces/authorize?providerKind=google&redirectUri=https://equip.test/dashboard/workspaces&state=state-123',
      )
    ).json<{ url: string; unverifiedScopes: boolean }>();
    expect(url.unverifiedScopes).toBe(false);
    const consent = new URL(url.url);
    expect(consent.origin + consent.pathname).toBe(google.urls.authorizeUrl);
    expect(consent.searchParams.get('state')).toBe('state-123');
    expect(consent.searchParams.get('access_type')).toBe('offline');
    expect(consent.searchParams.get('scope')).not.toContain('apps.licensing');
    await setFeatureFlag(db(), 'unverified-google-oauth-scopes', 'on');
    const unverified = (
      await send(
        'GET',
        '/api/workspaces/authorize?providerKind=google&redirectUri=https://equip.test/dashboard/workspaces&state=state-123',
      )
    ).json<{ url: string; unverifiedScopes: boolean }>();
    expect(unverified.unverifiedScopes).toBe(true);
    expect(new URL(unverified.url).searchParams.get('scope')).toContain('apps.licensing');
    await setFeatureFlag(db(), 'unverified-google-oauth-scopes', 'off');
    expect(
      (
        await send(
          'GET',
          '/api/workspaces/authorize?providerKind=microsoft&redirectUri=https://equip.test/x&state=state-123',
        )
      ).statusCode,
    ).toBe(422);
  });

  it('connects with the code: the refresh token sealed, never answered; a revoked grant turns INVALID with Google’s words', async () => {
    google.addUser({ primaryEmail: 'admin@acme.example', givenName: 'Ada', familyName: 'Admin' });
    google.addGroup('Engineering', ['admin@acme.example']);
    google.licences.push(
      { userId: 'admin@acme.example', skuId: '1010020028', skuName: 'Google Workspace Business Standard' },
      { userId: 'admin@acme.example', skuId: '1010020025', skuName: 'Google Workspace Business Plus' },
    );
    // The employees' licence column shows the workspace's licences; one it does not name keeps theirs.
    const ada = await createUser(db(), { organizationUuid: orgUuid, email: 'Admin@acme.example' });
    const other = await createUser(db(), {
      organizationUuid: orgUuid,
      email: `other-${randomUUID().slice(0, 6)}@acme.example`,
    });
    await db().update(users).set({ license: 'Kept by hand' }).where(eq(users.uuid, other.uuid));
    const res = await send('POST', '/api/workspaces/token', {
      code: google.code,
      providerKind: 'google',
      redirectUri: 'https://equip.test/dashboard/workspaces',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Workspace>()).toMatchObject({
      provider: 'google',
      domain: 'acme.example',
      status: 'ACTIVE',
      sandbox: false,
    });
    expect(res.body).not.toContain(google.refreshToken);
    const licences = await db()
      .select({ uuid: users.uuid, license: users.license })
      .from(users)
      .where(inArray(users.uuid, [ada.uuid, other.uuid]));
    expect(new Map(licences.map((u) => [u.uuid, u.license]))).toEqual(
      new Map([
        [ada.uuid, 'Google Workspace Business Plus, Google Workspace Business Standard'],
        [other.uuid, 'Kept by hand'],
      ]),
    );
    const [row] = await db().select().from(workspaces).where(eq(workspaces.organizationUuid, orgUuid));
    expect(row!.refreshTokenEncrypted).not.toContain(google.refreshToken);
    const key = sealingKey(t.services.keys.jwtSecret, SEALED_SECRET_PURPOSES.workspaceTokens);
    expect(decryptSecret(key, row!.refreshTokenEncrypted!)).toBe(google.refreshToken);
    expect((await send('GET', '/api/workspaces/groups')).json<WorkspaceGroupList>().items).toMatchObject([
      { name: 'Engineering', memberCount: 1, kind: 'group', autoAssignIssue: null },
    ]);
    // The check reads the groups again: a new one shows, counts follow the workspace.
    google.addGroup('Sales', ['admin@acme.example', 'someone@acme.example']);
    expect((await send('POST', '/api/workspaces/check')).json<Workspace>().status).toBe('ACTIVE');
    expect(
      (await send('GET', '/api/workspaces/groups'))
        .json<WorkspaceGroupList>()
        .items.map((g) => [g.name, g.memberCount]),
    ).toEqual([
      ['Engineering', 1],
      ['Sales', 2],
    ]);
    google.revoke();
    const checked = await send('POST', '/api/workspaces/check');
    expect(checked.json<Workspace>()).toMatchObject({
      status: 'INVALID',
      lastError: WORKSPACE_CHECK_ERRORS.refused,
      lastErrorDetail: 'Token has been expired or revoked.',
    });
    // Events on a change only: connected, then failing once however often it is checked.
    expect((await send('POST', '/api/workspaces/check')).json<Workspace>().status).toBe('INVALID');
    const events = await db()
      .select({ type: eventLog.type, data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, orgUuid), like(eventLog.type, 'WORKSPACE_%')))
      .orderBy(asc(eventLog.createdAt));
    expect(events).toEqual([
      { type: 'WORKSPACE_CONNECTED', data: { provider: 'google', domain: 'acme.example' } },
      {
        type: 'WORKSPACE_FAILED',
        data: {
          provider: 'google',
          error: WORKSPACE_CHECK_ERRORS.refused,
          detail: 'Token has been expired or revoked.',
        },
      },
    ]);
    const bad = await send('POST', '/api/workspaces/token', {
      code: '4/wrong',
      providerKind: 'google',
      redirectUri: 'https://equip.test/x',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      errors: [
        expect.objectContaining({
          msg: `${WORKSPACE_CHECK_ERRORS.refused}: Token has been expired or revoked.`,
        }),
      ],
    });
  });

  it('a check that starts failing tells each IT owner once (a second failing check does not); working again tells them too', async () => {
    google.reset();
    google.addUser({ primaryEmail: 'admin@acme.example', givenName: 'Ada', familyName: 'Admin' });
    // Its own organisation: two IT owners to tell, an employee who is not told, another organisation.
    const org = (await createOrganization(db())).uuid;
    const other = (await createOrganization(db())).uuid;
    const roles = await tokensOfRoles(t.services, org, other);
    const second = await createUser(db(), { organizationUuid: org, role: 'it-owner' });
    const regular = await createUser(db(), { organizationUuid: org });
    const owners = [roles.owner.uuid, second.uuid].sort();
    const as = (method: Method, url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: bearer(roles.ownerToken), payload: payload as never });
    const told = () =>
      db()
        .select({
          userUuid: notifications.userUuid,
          kind: notifications.kind,
          severity: notifications.severity,
          params: notifications.params,
        })
        .from(notifications)
        .where(and(eq(notifications.organizationUuid, org), like(notifications.kind, 'workspace.%')))
        .orderBy(asc(notifications.createdAt), asc(notifications.userUuid));

    const connected = await as('POST', '/api/workspaces/token', {
      code: google.code,
      providerKind: 'google',
      redirectUri: 'https://equip.test/dashboard/workspaces',
    });
    expect(connected.statusCode, connected.body).toBe(201);
    expect((await as('POST', '/api/workspaces/check')).json<Workspace>().status).toBe('ACTIVE');
    expect(await told()).toEqual([]);

    google.revoke();
    expect((await as('POST', '/api/workspaces/check')).json<Workspace>().status).toBe('INVALID');
    const failed = await told();
    expect(failed.map((n) => n.userUuid).sort()).toEqual(owners);
    expect(failed.map((n) => n.userUuid)).not.toContain(regular.uuid);
    for (const n of failed)
      expect(n).toMatchObject({
        kind: 'workspace.failed',
        severity: 'negative',
        params: { provider: 'Google Workspace', reason: WORKSPACE_CHECK_ERRORS.refused },
      });

    // Failing again: nobody is told a second time.
    expect((await as('POST', '/api/workspaces/check')).json<Workspace>().status).toBe('INVALID');
    expect(await told()).toHaveLength(2);

    // Working again: each IT owner is told once.
    google.reset();
    google.addUser({ primaryEmail: 'admin@acme.example', givenName: 'Ada', familyName: 'Admin' });
    expect((await as('POST', '/api/workspaces/check')).json<Workspace>().status).toBe('ACTIVE');
    const restored = (await told()).filter((n) => n.kind === 'workspace.restored');
    expect(restored.map((n) => n.userUuid).sort()).toEqual(owners);
    for (const n of restored)
      expect(n).toMatchObject({ severity: 'positive', params: { provider: 'Google Workspace' } });
    expect((await as('POST', '/api/workspaces/check')).json<Workspace>().status).toBe('ACTIVE');
    expect(await told()).toHaveLength(4);
    // The other organisation heard nothing.
    expect(await db().select().from(notifications).where(eq(notifications.organizationUuid, other))).toEqual(
      [],
    );
  });
});

describe('workspaces with the real Microsoft 365 client against a local fake of Graph (decision 033)', () => {
  let t: TestApp;
  let graph: MicrosoftGraphFake;
  let orgUuid: string;
  let ownerToken: string;
  const db = () => t.services.database.db;
  const send = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(ownerToken), payload: payload as never });
  const storedToken = async () => {
    const [row] = await db().select().from(workspaces).where(eq(workspaces.organizationUuid, orgUuid));
    const key = sealingKey(t.services.keys.jwtSecret, SEALED_SECRET_PURPOSES.workspaceTokens);
    return decryptSecret(key, row!.refreshTokenEncrypted!);
  };

  beforeAll(async () => {
    graph = await startMicrosoftGraphFake();
    t = await createTestApp({
      env: {
        WORKSPACE_SANDBOX: 'false',
        WORKSPACE_ALLOW_PRIVATE_SERVERS: 'true',
        MICROSOFT_365_CLIENT_ID: graph.client.clientId,
        MICROSOFT_365_CLIENT_SECRET: graph.client.clientSecret,
        WORKSPACE_MICROSOFT_GRAPH_URL: graph.urls.graphUrl,
        WORKSPACE_MICROSOFT_LOGIN_URL: graph.urls.loginUrl,
      },
    });
    orgUuid = (await createOrganization(db())).uuid;
    ({ ownerToken } = await tokensOfRoles(t.services, orgUuid, (await createOrganization(db())).uuid));
  });
  afterAll(async () => {
    await t.app.close();
    await graph.close();
  });

  it('connects with the code and keeps the newest refresh token Microsoft gives; groups with their issues', async () => {
    graph.addGroup('Engineering', {}, [graph.addUser('ada@contoso.com')]);
    graph.addGroup('Announcements', { groupTypes: [], mailEnabled: true });
    const res = await send('POST', '/api/workspaces/token', {
      code: graph.code,
      providerKind: 'microsoft',
      redirectUri: 'https://equip.test/dashboard/workspaces',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Workspace>()).toMatchObject({
      provider: 'microsoft',
      domain: 'contoso.com',
      status: 'ACTIVE',
    });
    const first = await storedToken();
    expect(first).not.toBe(graph.refreshToken);
    expect(first).toMatch(/^0\.refresh-token-of-contoso-\d+$/);
    expect(
      (await send('GET', '/api/workspaces/groups'))
        .json<WorkspaceGroupList>()
        .items.map((g) => [g.name, g.memberCount, g.autoAssignIssue]),
    ).toEqual([
      ['Announcements', 0, 'GroupKind'],
      ['Engineering', 1, null],
    ]);
    expect((await send('POST', '/api/workspaces/check')).json<Workspace>().status).toBe('ACTIVE');
    expect(await storedToken()).not.toBe(first);
  });
});
