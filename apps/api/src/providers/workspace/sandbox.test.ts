import { beforeEach, describe, expect, it } from 'vitest';
import { allPages, WorkspaceUnsupported } from './adapter.ts';
import { SANDBOX_WORKSPACE_PAGE, SandboxWorkspaceAdapter } from './sandbox.ts';

describe('sandbox workspace', () => {
  beforeEach(() => SandboxWorkspaceAdapter.reset());

  it('Google: groups in pages with counts; the dynamic group answers its issue; members added once', async () => {
    const google = new SandboxWorkspaceAdapter('google', 'org-1');
    const first = await google.groups(null);
    expect(first.items).toHaveLength(SANDBOX_WORKSPACE_PAGE);
    const groups = await allPages((c) => google.groups(c));
    expect(groups.map((g) => [g.externalId, g.memberCount, g.issue])).toEqual([
      ['grp-everyone', 4, null],
      ['grp-engineering', 2, null],
      ['grp-sales', 1, null],
      ['grp-all-staff', 4, 'GroupSetting_DynamicMembership'],
    ]);
    expect(await google.addMembers(['grp-sales', 'grp-all-staff'], ['a@x.test', 'b@x.test'])).toEqual([
      { groupId: 'grp-sales', changed: 2, issue: null },
      { groupId: 'grp-all-staff', changed: 0, issue: 'GroupSetting_DynamicMembership' },
    ]);
    expect(await google.addMembers(['grp-sales'], ['A@x.test'])).toEqual([
      { groupId: 'grp-sales', changed: 0, issue: null },
    ]);
    expect((await allPages((c) => google.members('grp-sales', c))).map((m) => m.email)).toEqual([
      'kim@sandbox.example.com',
      'a@x.test',
      'b@x.test',
    ]);
    // A group Equip knows and the sandbox has not seen (the demo's) takes members.
    expect(await google.addMembers(['demo-group'], ['a@x.test'])).toEqual([
      { groupId: 'demo-group', changed: 1, issue: null },
    ]);
    // Another organisation's sandbox is its own.
    const other = new SandboxWorkspaceAdapter('google', 'org-2');
    expect(
      (await allPages((c) => other.groups(c))).find((g) => g.externalId === 'grp-sales')!.memberCount,
    ).toBe(1);
  });

  it('Microsoft: a distribution list answers GroupKind; no archive, no forwarding, no org units', async () => {
    const microsoft = new SandboxWorkspaceAdapter('microsoft', 'org-1');
    expect(await microsoft.addMembers(['grp-announcements'], ['a@x.test'])).toEqual([
      { groupId: 'grp-announcements', changed: 0, issue: 'GroupKind' },
    ]);
    await microsoft.createUser({
      email: 'new@x.test',
      firstName: 'N',
      lastName: 'Ew',
      password: 'pw-Secret-123',
      licenseIds: ['05e9a617-0261-4cee-bb44-138d3ef5d965'],
      groupIds: [],
      orgUnitPath: '/Engineering',
    });
    expect(await microsoft.orgUnits()).toEqual([]);
    await expect(microsoft.archiveUser('new@x.test')).rejects.toBeInstanceOf(WorkspaceUnsupported);
    await expect(
      microsoft.deleteUser('new@x.test', { forwardTo: 'boss@x.test', dataInheritor: null }),
    ).rejects.toBeInstanceOf(WorkspaceUnsupported);
    expect((await microsoft.users(null)).items.map((u) => [u.email, u.orgUnitPath])).toEqual([
      ['new@x.test', null],
    ]);
  });

  it('Google: onboarding and offboarding operations', async () => {
    const google = new SandboxWorkspaceAdapter('google', 'org-3');
    const { user, groups } = await google.createUser({
      email: 'New@x.test',
      firstName: 'N',
      lastName: 'Ew',
      password: 'pw-Secret-123',
      licenseIds: ['1010020028'],
      groupIds: ['grp-engineering', 'grp-all-staff'],
      orgUnitPath: '/Engineering',
    });
    expect(user).toMatchObject({ email: 'new@x.test', orgUnitPath: '/Engineering' });
    expect(groups.map((g) => g.issue)).toEqual([null, 'GroupSetting_DynamicMembership']);
    expect((await google.licenceAssignments(null)).items).toEqual([
      { email: 'new@x.test', skuId: '1010020028', name: 'Google Workspace Business Standard' },
    ]);
    await google.suspendUser('new@x.test');
    await google.archiveUser('new@x.test');
    expect((await google.users(null)).items[0]).toMatchObject({ suspended: true, archived: true });
    await google.deleteUser('new@x.test', { forwardTo: 'boss@x.test', dataInheritor: 'boss@x.test' });
    expect((await google.users(null)).items).toEqual([]);
    expect(google.handovers.aliases.get('new@x.test')).toBe('boss@x.test');
    expect(google.handovers.transfers).toEqual([{ from: 'new@x.test', to: 'boss@x.test' }]);
  });
});
