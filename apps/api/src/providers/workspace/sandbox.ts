import { autoAssignIssueOf, type WorkspaceProviderKind } from '@equip/domain/workspaces';
import {
  type DeleteOptions,
  type GroupChange,
  type NewWorkspaceUser,
  type WorkspaceAdapter,
  type WorkspaceCheckResult,
  type WorkspaceGroupInfo,
  type WorkspaceLicence,
  type WorkspaceLicenceAssignment,
  type WorkspaceMember,
  WorkspaceNotFound,
  type WorkspaceOrgUnit,
  type WorkspacePage,
  WorkspaceUnsupported,
  type WorkspaceUser,
} from './adapter.ts';

/** Items per page of the sandbox (small, so the demo and the tests cross page boundaries). */
export const SANDBOX_WORKSPACE_PAGE = 3;

/** The sandbox's domain: what a sandbox workspace says it is. */
export const SANDBOX_WORKSPACE_DOMAIN = 'sandbox.example.com';

interface SandboxGroup {
  info: Omit<WorkspaceGroupInfo, 'memberCount' | 'issue'>;
  members: Set<string>;
}

interface SandboxState {
  users: Map<string, WorkspaceUser & { licences: Set<string>; deleted: boolean }>;
  groups: Map<string, SandboxGroup>;
  aliases: Map<string, string>;
  transfers: { from: string; to: string }[];
}

const LICENCES: Record<WorkspaceProviderKind, WorkspaceLicence[]> = {
  google: [
    { skuId: '1010020028', name: 'Google Workspace Business Standard' },
    { skuId: '1010020025', name: 'Google Workspace Business Plus' },
  ],
  microsoft: [
    { skuId: '05e9a617-0261-4cee-bb44-138d3ef5d965', name: 'Microsoft 365 E3' },
    { skuId: 'f245ecc8-75af-4f8e-b61f-27d8114de5f3', name: 'Microsoft 365 Business Standard' },
  ],
};

const ORG_UNITS: WorkspaceOrgUnit[] = [
  { path: '/', name: SANDBOX_WORKSPACE_DOMAIN },
  { path: '/Engineering', name: 'Engineering' },
  { path: '/Sales', name: 'Sales' },
];

/** The groups a sandbox workspace starts with: ordinary ones, and one of each kind Equip cannot change. */
function initialGroups(provider: WorkspaceProviderKind): SandboxGroup[] {
  const domain = SANDBOX_WORKSPACE_DOMAIN;
  const group = (
    externalId: string,
    name: string,
    kind: WorkspaceGroupInfo['kind'],
    members: string[],
    dynamic = false,
  ): SandboxGroup => ({
    info: { externalId, name, email: `${name.toLowerCase().replace(/\s+/g, '-')}@${domain}`, kind, dynamic },
    members: new Set(members.map((m) => `${m}@${domain}`)),
  });
  const groups = [
    group('grp-everyone', 'Everyone', 'group', ['alex', 'sam', 'kim', 'lee']),
    group('grp-engineering', 'Engineering', 'group', ['alex', 'sam']),
    group('grp-sales', 'Sales', provider === 'microsoft' ? 'team' : 'group', ['kim']),
    group('grp-all-staff', 'All staff', 'security_group', ['alex', 'sam', 'kim', 'lee'], true),
  ];
  if (provider === 'microsoft')
    groups.push(group('grp-announcements', 'Announcements', 'distribution_list', []));
  return groups;
}

const states = new Map<string, SandboxState>();

function stateOf(key: string, provider: WorkspaceProviderKind): SandboxState {
  let state = states.get(key);
  if (!state) {
    state = {
      users: new Map(),
      groups: new Map(initialGroups(provider).map((g) => [g.info.externalId, g])),
      aliases: new Map(),
      transfers: [],
    };
    states.set(key, state);
  }
  return state;
}

function page<T>(items: T[], cursor: string | null): WorkspacePage<T> {
  const from = cursor ? Number(cursor) : 0;
  const to = from + SANDBOX_WORKSPACE_PAGE;
  return { items: items.slice(from, to), next: to < items.length ? String(to) : null };
}

/**
 * The sandbox workspace (decision 033): the demo's and the tests' Google Workspace or Microsoft 365,
 * kept in memory per organisation (`key`) while the process runs. It behaves as the provider would
 * where Equip cares: dynamic groups and (Microsoft) distribution lists refuse members with their
 * SPEC §8 issue, Microsoft has no archive and no org units.
 */
export class SandboxWorkspaceAdapter implements WorkspaceAdapter {
  readonly kind = 'sandbox' as const;
  private readonly state: SandboxState;

  constructor(
    readonly provider: WorkspaceProviderKind,
    key: string,
  ) {
    this.state = stateOf(`${provider}:${key}`, provider);
  }

  /** Forgets every organisation's sandbox workspace (tests). */
  static reset(): void {
    states.clear();
  }

  async check(): Promise<WorkspaceCheckResult> {
    return { ok: true, domain: SANDBOX_WORKSPACE_DOMAIN };
  }

  async users(cursor: string | null): Promise<WorkspacePage<WorkspaceUser>> {
    const users = [...this.state.users.values()].filter((u) => !u.deleted);
    return page(
      users.map(({ licences: _l, deleted: _d, ...user }) => user),
      cursor,
    );
  }

  async groups(cursor: string | null): Promise<WorkspacePage<WorkspaceGroupInfo>> {
    return page(
      [...this.state.groups.values()].map((g) => ({
        ...g.info,
        memberCount: g.members.size,
        issue: this.issueOf(g),
      })),
      cursor,
    );
  }

  async members(groupId: string, cursor: string | null): Promise<WorkspacePage<WorkspaceMember>> {
    const group = this.group(groupId);
    return page(
      [...group.members].map((email) => ({ externalId: `user-${email}`, email, type: 'user' as const })),
      cursor,
    );
  }

  async orgUnits(): Promise<WorkspaceOrgUnit[]> {
    return this.provider === 'google' ? ORG_UNITS : [];
  }

  async licences(): Promise<WorkspaceLicence[]> {
    return LICENCES[this.provider];
  }

  async licenceAssignments(cursor: string | null): Promise<WorkspacePage<WorkspaceLicenceAssignment>> {
    const names = new Map(LICENCES[this.provider].map((l) => [l.skuId, l.name]));
    const assignments = [...this.state.users.values()]
      .filter((u) => !u.deleted)
      .flatMap((u) =>
        [...u.licences].map((skuId) => ({ email: u.email, skuId, name: names.get(skuId) ?? skuId })),
      );
    return page(assignments, cursor);
  }

  async createUser(input: NewWorkspaceUser): Promise<{ user: WorkspaceUser; groups: GroupChange[] }> {
    const email = input.email.toLowerCase();
    if (this.state.users.get(email)?.deleted === false) throw new Error(`${email} already exists`);
    const known = new Set(LICENCES[this.provider].map((l) => l.skuId));
    const unknown = input.licenseIds.find((id) => !known.has(id));
    if (unknown) throw new Error(`No licence ${unknown}`);
    const user: WorkspaceUser = {
      externalId: `user-${email}`,
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      suspended: false,
      archived: false,
      orgUnitPath: this.provider === 'google' ? (input.orgUnitPath ?? '/') : null,
    };
    this.state.users.set(email, { ...user, licences: new Set(input.licenseIds), deleted: false });
    const groups = input.groupIds.length > 0 ? await this.addMembers(input.groupIds, [email]) : [];
    return { user, groups };
  }

  async suspendUser(email: string): Promise<void> {
    this.user(email).suspended = true;
  }

  async deleteUser(email: string, options: DeleteOptions): Promise<void> {
    const user = this.user(email);
    if (this.provider === 'microsoft' && (options.forwardTo || options.dataInheritor))
      throw new WorkspaceUnsupported(
        'Microsoft 365 forwarding and data transfer are set in Exchange and OneDrive',
      );
    if (options.dataInheritor) this.state.transfers.push({ from: user.email, to: options.dataInheritor });
    user.deleted = true;
    for (const group of this.state.groups.values()) group.members.delete(user.email);
    if (options.forwardTo) this.state.aliases.set(user.email, options.forwardTo);
  }

  async archiveUser(email: string): Promise<void> {
    if (this.provider === 'microsoft') throw new WorkspaceUnsupported('Microsoft 365 has no archived users');
    this.user(email).archived = true;
  }

  async addMembers(groupIds: readonly string[], emails: readonly string[]): Promise<GroupChange[]> {
    return groupIds.map((groupId) => {
      const group = this.group(groupId);
      const issue = this.issueOf(group);
      if (issue) return { groupId, changed: 0, issue };
      const fresh = emails.map((e) => e.toLowerCase()).filter((e) => !group.members.has(e));
      for (const email of fresh) group.members.add(email);
      return { groupId, changed: fresh.length, issue: null };
    });
  }

  async removeMembers(groupIds: readonly string[], emails: readonly string[]): Promise<GroupChange[]> {
    return groupIds.map((groupId) => {
      const group = this.group(groupId);
      const issue = this.issueOf(group);
      if (issue) return { groupId, changed: 0, issue };
      const gone = emails.map((e) => e.toLowerCase()).filter((e) => group.members.delete(e));
      return { groupId, changed: gone.length, issue: null };
    });
  }

  /** What the sandbox did with a deleted person's mail and files (tests). */
  get handovers() {
    return { aliases: new Map(this.state.aliases), transfers: [...this.state.transfers] };
  }

  private issueOf(group: SandboxGroup) {
    return autoAssignIssueOf({ provider: this.provider, kind: group.info.kind, dynamic: group.info.dynamic });
  }

  /**
   * The group of that id. The sandbox plays along with any group Equip knows (the demo seeds its own
   * groups): one it has not seen is an ordinary group with no members yet.
   */
  private group(groupId: string): SandboxGroup {
    let group = this.state.groups.get(groupId);
    if (!group) {
      group = {
        info: { externalId: groupId, name: groupId, email: null, kind: 'group', dynamic: false },
        members: new Set(),
      };
      this.state.groups.set(groupId, group);
    }
    return group;
  }

  private user(email: string) {
    const user = this.state.users.get(email.toLowerCase());
    if (!user || user.deleted) throw new WorkspaceNotFound(`No user ${email}`);
    return user;
  }
}
