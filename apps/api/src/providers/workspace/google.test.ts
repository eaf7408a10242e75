import { WORKSPACE_CHECK_ERRORS } from '@equip/domain/workspaces';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GoogleWorkspaceFake, startGoogleWorkspaceFake } from '../../test/google-workspace-fake.ts';
import { equipUserAgent, outboundFetch } from '../outbound/public-fetch.ts';
import { allPages } from './adapter.ts';
import { GoogleWorkspaceClient } from './google.ts';
import { WorkspaceApiError, workspaceFetch } from './http.ts';

describe('Google Workspace client (@googleapis/admin) against a local fake of Google', () => {
  let google: GoogleWorkspaceFake;
  const waits: number[] = [];
  const client = (refreshToken = google.refreshToken, maxRetryWaitMs = 10_000) =>
    new GoogleWorkspaceClient(refreshToken, {
      client: google.client,
      urls: google.urls,
      fetcher: workspaceFetch({
        fetcher: outboundFetch({ allowPrivate: true, userAgent: equipUserAgent('workspace') }),
        timeoutMs: 5000,
        maxRetryWaitMs,
        sleep: async (ms) => void waits.push(ms),
      }),
    });

  beforeAll(async () => {
    google = await startGoogleWorkspaceFake();
  });
  afterAll(() => google.close());
  beforeEach(() => {
    google.reset();
    waits.length = 0;
  });

  it('reads every group across page boundaries, with member counts', async () => {
    for (let i = 0; i < 205; i++)
      google.addGroup(`team-${String(i).padStart(3, '0')}`, i === 0 ? ['a@acme.example'] : []);
    const groups = await allPages((cursor) => client().groups(cursor));
    expect(groups).toHaveLength(205);
    expect(groups[0]).toMatchObject({ name: 'team-000', kind: 'group', memberCount: 1, issue: null });
    expect(groups.at(-1)!.name).toBe('team-204');
    const pages = google.requests.filter((r) => r.path === '/admin/directory/v1/groups');
    expect(pages.map((r) => r.query.get('pageToken'))).toEqual([null, '100', '200']);
    expect(pages.every((r) => r.query.get('customer') === 'my_customer')).toBe(true);
  });

  it('checks the access and names the domain', async () => {
    google.addUser({ primaryEmail: 'admin@acme.example', givenName: 'Ada', familyName: 'Admin' });
    expect(await client().check()).toEqual({ ok: true, domain: 'acme.example' });
  });

  it('a revoked refresh token is a refusal with Google’s words', async () => {
    expect(await client('1//not-ours').check()).toEqual({
      ok: false,
      error: WORKSPACE_CHECK_ERRORS.refused,
      detail: 'Token has been expired or revoked.',
    });
  });

  it('401 from the Directory API is a refusal with Google’s reason', async () => {
    const c = client();
    google.addUser({ primaryEmail: 'admin@acme.example', givenName: 'Ada', familyName: 'Admin' });
    expect((await c.check()).ok).toBe(true);
    google.revoke();
    expect(await c.check()).toEqual({
      ok: false,
      error: WORKSPACE_CHECK_ERRORS.refused,
      detail: 'Invalid Credentials',
    });
  });

  it('429 waits per Retry-After and succeeds', async () => {
    google.addGroup('everyone');
    google.plant(429, '7', '/admin/directory/v1/groups');
    const page = await client().groups(null);
    expect(page.items.map((g) => g.name)).toEqual(['everyone']);
    expect(waits).toEqual([7000]);
  });

  it('a Retry-After longer than allowed is not waited: the call fails as rate limited', async () => {
    google.plant(429, '120', '/admin/directory/v1/groups');
    const error = await client(undefined, 60_000)
      .groups(null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkspaceApiError);
    expect((error as WorkspaceApiError).status).toBe(429);
    expect(waits).toEqual([]);
  });

  it('creates a user with licence, groups and org unit; adds and removes members', async () => {
    const engineering = google.addGroup('engineering');
    const c = client();
    const { user, groups } = await c.createUser({
      email: 'new.hire@acme.example',
      firstName: 'New',
      lastName: 'Hire',
      password: 'first-Password-1',
      licenseIds: ['1010020028'],
      groupIds: [engineering.id],
      orgUnitPath: '/Engineering',
    });
    expect(user).toMatchObject({ email: 'new.hire@acme.example', orgUnitPath: '/Engineering' });
    expect(groups).toEqual([{ groupId: engineering.id, changed: 1, issue: null }]);
    expect(google.licences).toEqual([
      { userId: 'new.hire@acme.example', skuId: '1010020028', skuName: 'Google Workspace Business Standard' },
    ]);
    expect(await allPages((cursor) => c.licenceAssignments(cursor))).toEqual([
      { email: 'new.hire@acme.example', skuId: '1010020028', name: 'Google Workspace Business Standard' },
    ]);
    // Again: already a member, nothing changed; then removed, and removing again is done.
    expect(await c.addMembers([engineering.id], ['new.hire@acme.example'])).toEqual([
      { groupId: engineering.id, changed: 0, issue: null },
    ]);
    expect(await c.removeMembers([engineering.id], ['new.hire@acme.example'])).toEqual([
      { groupId: engineering.id, changed: 1, issue: null },
    ]);
    expect(await c.removeMembers([engineering.id], ['new.hire@acme.example'])).toEqual([
      { groupId: engineering.id, changed: 0, issue: null },
    ]);
  });

  it('offboards: suspends, archives, deletes with a data inheritor and forwarding', async () => {
    google.addUser({ primaryEmail: 'leaver@acme.example', givenName: 'Lea', familyName: 'Ver' });
    const boss = google.addUser({ primaryEmail: 'boss@acme.example', givenName: 'Bo', familyName: 'Ss' });
    const c = client();
    await c.suspendUser('leaver@acme.example');
    await c.archiveUser('leaver@acme.example');
    expect(google.users[0]).toMatchObject({ suspended: true, archived: true });
    const leaverId = google.users[0]!.id;
    await c.deleteUser('leaver@acme.example', {
      forwardTo: 'boss@acme.example',
      dataInheritor: 'boss@acme.example',
    });
    expect(google.users.map((u) => u.primaryEmail)).toEqual(['boss@acme.example']);
    expect(boss.aliases).toEqual(['leaver@acme.example']);
    expect(google.transfers).toEqual([
      expect.objectContaining({ oldOwnerUserId: leaverId, newOwnerUserId: boss.id }),
    ]);
  });
});
