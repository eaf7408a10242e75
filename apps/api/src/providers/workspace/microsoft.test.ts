import { WORKSPACE_CHECK_ERRORS } from '@equip/domain/workspaces';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MicrosoftGraphFake, startMicrosoftGraphFake } from '../../test/microsoft-graph-fake.ts';
import { equipUserAgent, outboundFetch } from '../outbound/public-fetch.ts';
import { allPages, WorkspaceUnsupported } from './adapter.ts';
import { WorkspaceApiError, workspaceFetch } from './http.ts';
import { MicrosoftWorkspaceClient, microsoftToken } from './microsoft.ts';

describe('Microsoft 365 client (@microsoft/microsoft-graph-client) against a local fake of Graph', () => {
  let graph: MicrosoftGraphFake;
  const waits: number[] = [];
  const fetcher = (maxRetryWaitMs = 10_000) =>
    workspaceFetch({
      fetcher: outboundFetch({ allowPrivate: true, userAgent: equipUserAgent('workspace') }),
      timeoutMs: 5000,
      maxRetryWaitMs,
      sleep: async (ms) => void waits.push(ms),
    });
  const client = (refreshToken = graph.refreshToken, maxRetryWaitMs?: number) =>
    new MicrosoftWorkspaceClient(refreshToken, {
      client: graph.client,
      urls: graph.urls,
      fetcher: fetcher(maxRetryWaitMs),
    });

  beforeAll(async () => {
    graph = await startMicrosoftGraphFake();
  });
  afterAll(() => graph.close());
  beforeEach(() => {
    graph.reset();
    waits.length = 0;
  });

  it('exchanges the consent code for a refresh token', async () => {
    const token = await microsoftToken(
      { client: graph.client, urls: graph.urls, fetcher: fetcher() },
      { code: graph.code, redirectUri: 'https://equip.example/dashboard/workspaces' },
    );
    expect(token.refreshToken).toBe(graph.refreshToken);
  });

  it('checks the access and names the default domain; the refresh token Microsoft replaced is handed on', async () => {
    const c = client();
    expect(c.rotatedRefreshToken).toBeNull();
    expect(await c.check()).toEqual({ ok: true, domain: 'contoso.com' });
    const rotated = c.rotatedRefreshToken;
    expect(rotated).toMatch(/^0\.refresh-token-of-contoso-\d+$/);
    expect(await client(rotated!).check()).toEqual({ ok: true, domain: 'contoso.com' });
  });

  it('reads every user across page boundaries, following @odata.nextLink as given', async () => {
    for (let i = 0; i < 150; i++) graph.addUser(`user${String(i).padStart(3, '0')}@contoso.com`);
    const users = await client().allUsers();
    expect(users).toHaveLength(150);
    expect(users.at(-1)!.email).toBe('user149@contoso.com');
    const reads = graph.requests.filter((r) => r.path === '/v1.0/users');
    expect(reads.map((r) => r.query.get('$skiptoken'))).toEqual([null, '100']);
  });

  it('groups: kinds, member counts, and the issues of groups that cannot take members', async () => {
    const ada = graph.addUser('ada@contoso.com');
    graph.addGroup('Engineering', {}, [ada]);
    graph.addGroup('Dynamic staff', { groupTypes: ['Unified', 'DynamicMembership'] });
    graph.addGroup('Announcements', { groupTypes: [], mailEnabled: true });
    graph.addGroup('Admins', { groupTypes: [], mailEnabled: false, securityEnabled: true });
    const groups = await allPages((cursor) => client().groups(cursor));
    expect(groups.map((g) => [g.name, g.kind, g.memberCount, g.issue])).toEqual([
      ['Engineering', 'group', 1, null],
      ['Dynamic staff', 'group', 0, 'GroupSetting_DynamicMembership'],
      ['Announcements', 'distribution_list', 0, 'GroupKind'],
      ['Admins', 'security_group', 0, null],
    ]);
  });

  it('401 is a refusal with Graph’s reason; a revoked refresh token too', async () => {
    const c = client();
    expect((await c.check()).ok).toBe(true);
    graph.revoke();
    expect(await c.check()).toEqual({
      ok: false,
      error: WORKSPACE_CHECK_ERRORS.refused,
      detail: 'Access token has expired or is not yet valid.',
    });
    expect(await client().check()).toEqual({
      ok: false,
      error: WORKSPACE_CHECK_ERRORS.refused,
      detail: 'AADSTS70000: The provided grant has expired due to it being revoked.',
    });
  });

  it('429 waits per the fractional Retry-After and succeeds', async () => {
    graph.plant('2.128', '/v1.0/organization');
    expect(await client().check()).toEqual({ ok: true, domain: 'contoso.com' });
    expect(waits).toEqual([2128]);
  });

  it('a Retry-After longer than allowed fails as rate limited', async () => {
    graph.plant('90', '/v1.0/users');
    const error = await client(undefined, 60_000)
      .users(null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkspaceApiError);
    expect((error as WorkspaceApiError).status).toBe(429);
  });

  it('creates a user with licence and groups; a distribution list answers GroupKind; adds and removes', async () => {
    const team = graph.addGroup('Engineering');
    const list = graph.addGroup('Announcements', { groupTypes: [], mailEnabled: true });
    const c = client();
    const { user, groups } = await c.createUser({
      email: 'new.hire@contoso.com',
      firstName: 'New',
      lastName: 'Hire',
      password: 'first-Password-1',
      licenseIds: [graph.skus[0]!.skuId],
      groupIds: [team.id, list.id],
      orgUnitPath: '/ignored',
    });
    expect(user).toMatchObject({ email: 'new.hire@contoso.com', orgUnitPath: null });
    expect(groups).toEqual([
      { groupId: team.id, changed: 1, issue: null },
      { groupId: list.id, changed: 0, issue: 'GroupKind' },
    ]);
    expect(await allPages((cursor) => c.licenceAssignments(cursor))).toEqual([
      { email: 'new.hire@contoso.com', skuId: graph.skus[0]!.skuId, name: 'SPE_E3' },
    ]);
    expect(await c.addMembers([team.id], ['new.hire@contoso.com'])).toEqual([
      { groupId: team.id, changed: 0, issue: null },
    ]);
    expect(await c.removeMembers([team.id], ['new.hire@contoso.com'])).toEqual([
      { groupId: team.id, changed: 1, issue: null },
    ]);
    expect(team.members).toEqual([]);
  });

  it('suspends and deletes; archive and forwarding are refused as unsupported, nothing changed', async () => {
    graph.addUser('leaver@contoso.com');
    const c = client();
    await c.suspendUser('leaver@contoso.com');
    expect(graph.users[0]!.accountEnabled).toBe(false);
    await expect(c.archiveUser('leaver@contoso.com')).rejects.toBeInstanceOf(WorkspaceUnsupported);
    await expect(
      c.deleteUser('leaver@contoso.com', { forwardTo: 'boss@contoso.com', dataInheritor: null }),
    ).rejects.toBeInstanceOf(WorkspaceUnsupported);
    expect(graph.users).toHaveLength(1);
    await c.deleteUser('leaver@contoso.com', { forwardTo: null, dataInheritor: null });
    expect(graph.users).toHaveLength(0);
  });
});
