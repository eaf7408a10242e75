import { ErrorType } from '@equip/domain/errors';
import {
  WORKSPACE_CHECK_ERRORS,
  WORKSPACE_GROUP_NOT_FOUND,
  WORKSPACE_NOT_CONNECTED,
  type Workspace,
  type WorkspaceGroupList,
  type WorkspaceMembersChange,
  type WorkspaceMembersResult,
  type WorkspaceProviderKind,
  type WorkspaceRules,
  type WorkspaceState,
} from '@equip/domain/workspaces';
import type { CoreServices } from '../../app-services.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import {
  allPages,
  type GroupChange,
  type WorkspaceAdapter,
  type WorkspaceGroupInfo,
  WorkspaceNotFound,
} from '../../providers/workspace/adapter.ts';
import { WorkspaceApiError, workspaceCheckFailure } from '../../providers/workspace/http.ts';
import type { WorkspaceAdapters } from '../../providers/workspace/workspace-adapters.ts';
import { logEvent } from '../audit-log/index.ts';
import { applyWorkspaceLicences } from '../employees/index.ts';
import { emailsByUuid, personRefs } from '../people/index.ts';
import {
  deleteWorkspaces,
  findStoredWorkspace,
  findWorkspace,
  groupsByExternalId,
  listGroups,
  listRules,
  recordCheck,
  replaceGroups,
  replaceRules,
  saveWorkspace,
  setGroupMembers,
  storeRefreshToken,
  type WorkspaceRow,
} from './queries.ts';

/** Runs work in the caller's tenant transaction: one per step, none while the workspace is asked. */
export type InTenant = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

export interface WorkspacesDeps {
  workspace: WorkspaceAdapters;
  flags: Pick<CoreServices['flags'], 'values'>;
}

const toWorkspace = (row: WorkspaceRow, sandbox: boolean): Workspace => ({
  provider: row.provider,
  domain: row.domain,
  status: row.status,
  sandbox: sandbox || !row.hasToken,
  lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
  lastError: row.lastError,
  lastErrorDetail: row.lastErrorDetail,
  connectedAt: row.connectedAt?.toISOString() ?? null,
});

/** 422 with the provider's reason: the workspace refused, or could not be reached; nothing saved. */
function workspaceFailed(error: string, detail: string | null, param = 'code'): AppError {
  return new AppError(422, {
    msg: detail ? `${error}: ${detail}` : error,
    errorType: ErrorType.IntegrationFailed,
    location: 'body',
    param,
    path: [param],
  });
}

/** A provider error during a change, in the spec's payload (422, or 404 for what it does not know). */
function providerFailure(error: unknown): unknown {
  if (error instanceof WorkspaceNotFound)
    return notFound(WORKSPACE_GROUP_NOT_FOUND, { location: 'body', param: 'groupIds', path: ['groupIds'] });
  if (error instanceof WorkspaceApiError) {
    const failure = workspaceCheckFailure(error);
    if (!failure.ok) return workspaceFailed(failure.error, failure.detail, 'groupIds');
  }
  return error;
}

/**
 * Each person's licences as the workspace has them (address → the names joined), or null when they
 * cannot be read: Google's need a scope asked only behind `unverified-google-oauth-scopes`, so a refusal
 * here is no failure of the workspace.
 */
async function licencesOf(adapter: WorkspaceAdapter): Promise<Map<string, string> | null> {
  try {
    const assignments = await allPages((cursor) => adapter.licenceAssignments(cursor));
    const byEmail = new Map<string, string[]>();
    for (const a of assignments) byEmail.set(a.email, [...(byEmail.get(a.email) ?? []), a.name]);
    return new Map([...byEmail].map(([email, names]) => [email, [...new Set(names)].sort().join(', ')]));
  } catch {
    return null;
  }
}

/**
 * Tests the organisation's workspace again, records the outcome and, when it works, reads its groups:
 * the one way both "Test" and the hourly job (`workspaces.check`) do it. The workspace is asked outside
 * any transaction. Answers the workspace as it is now, or null when there is none.
 */
export async function recheckWorkspace(
  tenant: InTenant,
  adapters: WorkspaceAdapters,
  /** Who asked ("Test"); null for the hourly check. */
  actorUuid: string | null = null,
): Promise<WorkspaceRow | null> {
  const stored = await tenant((tx) => findStoredWorkspace(tx));
  if (!stored?.organizationUuid) return null;
  const target = { ...stored, organizationUuid: stored.organizationUuid };
  const opened = adapters.adapterOf(target);
  const checked = 'check' in opened ? await opened.check() : opened;
  let groups: WorkspaceGroupInfo[] | null = null;
  let failure = checked.ok ? null : { error: checked.error, detail: checked.detail };
  // The sandbox's groups are read when it is connected only: it lives in memory (a restart forgets what
  // was added) and the demo seeds groups of its own, which a re-read would replace.
  const adapter = checked.ok && 'check' in opened ? opened : null;
  let licences: Map<string, string> | null = null;
  if (adapter?.kind === 'client') {
    try {
      groups = await allPages((cursor) => adapter.groups(cursor));
    } catch (error) {
      const failed = workspaceCheckFailure(error);
      failure = failed.ok ? null : { error: failed.error, detail: failed.detail };
    }
    if (groups) licences = await licencesOf(adapter);
  }
  return tenant(async (tx) => {
    const recorded = await recordCheck(tx, stored, new Date(), failure);
    if (!recorded) return findWorkspace(tx);
    if (groups) await replaceGroups(tx, target, groups);
    if (licences) await applyWorkspaceLicences(tx, licences);
    const rotated = adapter?.rotatedRefreshToken;
    if (rotated) await storeRefreshToken(tx, stored.uuid, adapters.seal(rotated));
    // Events on a change only (decision 033): failing after working, working after failing.
    const now = recorded.row.status;
    const type =
      recorded.before === 'ACTIVE' && now === 'INVALID'
        ? 'WORKSPACE_FAILED'
        : recorded.before === 'INVALID' && now === 'ACTIVE'
          ? 'WORKSPACE_RESTORED'
          : null;
    if (type)
      await logEvent(tx, {
        organizationUuid: target.organizationUuid,
        type,
        actorUuid,
        data: {
          provider: stored.provider,
          ...(failure ? { error: failure.error, detail: failure.detail } : {}),
          ...(actorUuid ? {} : { automatic: true }),
        },
      });
    return recorded.row;
  });
}

/**
 * The organisation's workspace (decision 033): connected with the OAuth code flow (the code exchanged
 * and the workspace tested before anything is saved; the refresh token stored sealed and never
 * answered), its groups with member counts, members added and removed, the auto-assignment rules.
 */
export function createWorkspacesService(deps: WorkspacesDeps) {
  const { workspace: adapters, flags } = deps;

  const connected = async (tx: Db) => {
    const row = await findWorkspace(tx);
    if (!row) throw notFound(WORKSPACE_NOT_CONNECTED);
    return row;
  };

  return {
    async state(tx: Db): Promise<WorkspaceState> {
      const row = await findWorkspace(tx);
      return {
        workspace: row ? toWorkspace(row, adapters.sandbox) : null,
        sandbox: adapters.sandbox,
        connectable: adapters.connectable(),
      };
    },

    /** The provider's consent page (null in the sandbox), Google's unverified scopes behind their flag. */
    async authorize(
      provider: WorkspaceProviderKind,
      redirectUri: string,
      state: string,
    ): Promise<{ url: string | null; unverifiedScopes: boolean }> {
      if (!adapters.connectable().includes(provider))
        throw workspaceFailed(WORKSPACE_CHECK_ERRORS.notConfigured, null, 'providerKind');
      const unverifiedScopes =
        provider === 'google' && (await flags.values())['unverified-google-oauth-scopes'] === 'on';
      return {
        url: adapters.authorizeUrl(provider, { redirectUri, state, unverifiedScopes }),
        unverifiedScopes,
      };
    },

    /**
     * SPEC §7 workspace token acquisition: exchanges the code, tests the workspace, reads its groups,
     * then saves it (sealed). A refused code or a workspace that fails its test is a 422 with the
     * provider's reason, and nothing is saved.
     */
    async connect(
      tenant: InTenant,
      auth: AuthContext,
      input: { code: string; providerKind: WorkspaceProviderKind; redirectUri: string },
    ): Promise<{ workspace: Workspace; created: boolean }> {
      const provider = input.providerKind;
      if (!adapters.connectable().includes(provider))
        throw workspaceFailed(WORKSPACE_CHECK_ERRORS.notConfigured, null, 'providerKind');
      let refreshToken: string | null;
      try {
        refreshToken = await adapters.exchange(provider, input.code, input.redirectUri);
      } catch (error) {
        const failure = workspaceCheckFailure(error);
        if (failure.ok) throw error;
        throw workspaceFailed(failure.error, failure.detail);
      }
      const adapter = adapters.with(provider, refreshToken, auth.organizationUuid);
      const checked = await adapter.check();
      if (!checked.ok) throw workspaceFailed(checked.error, checked.detail);
      let groups: WorkspaceGroupInfo[];
      try {
        groups = await allPages((cursor) => adapter.groups(cursor));
      } catch (error) {
        const failure = workspaceCheckFailure(error);
        throw failure.ok ? error : workspaceFailed(failure.error, failure.detail);
      }
      // The sandbox's licences are its own users' (the demo's people keep theirs).
      const licences = adapter.kind === 'client' ? await licencesOf(adapter) : null;
      return tenant(async (tx) => {
        const before = await findWorkspace(tx);
        const row = await saveWorkspace(tx, {
          organizationUuid: auth.organizationUuid,
          provider,
          domain: checked.domain,
          // Microsoft replaces the refresh token at every refresh: the newest is kept.
          refreshTokenEncrypted: refreshToken
            ? adapters.seal(adapter.rotatedRefreshToken ?? refreshToken)
            : null,
          checkedAt: new Date(),
        });
        await replaceGroups(tx, { uuid: row.uuid, organizationUuid: auth.organizationUuid }, groups);
        if (licences) await applyWorkspaceLicences(tx, licences);
        const created = before?.provider !== provider;
        await logEvent(tx, {
          organizationUuid: auth.organizationUuid,
          type: 'WORKSPACE_CONNECTED',
          actorUuid: auth.userUuid,
          data: {
            provider,
            domain: checked.domain,
            ...(before && created ? { replaced: before.provider } : {}),
            ...(created ? {} : { again: true }),
          },
        });
        return { workspace: toWorkspace(row, adapters.sandbox), created };
      });
    },

    async check(tenant: InTenant, auth: AuthContext): Promise<Workspace> {
      const row = await recheckWorkspace(tenant, adapters, auth.userUuid);
      if (!row) throw notFound(WORKSPACE_NOT_CONNECTED);
      return toWorkspace(row, adapters.sandbox);
    },

    async remove(tx: Db, auth: AuthContext): Promise<void> {
      const row = await findWorkspace(tx);
      if (!row || !(await deleteWorkspaces(tx))) throw notFound(WORKSPACE_NOT_CONNECTED);
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'WORKSPACE_DISCONNECTED',
        actorUuid: auth.userUuid,
        data: { provider: row.provider, domain: row.domain },
      });
    },

    async groups(tx: Db): Promise<WorkspaceGroupList> {
      const row = await connected(tx);
      const items = (await listGroups(tx, row.uuid)).map((g) => ({
        ...g,
        memberUserUuids: g.memberUserUuids,
      }));
      return { items, total: items.length };
    },

    /**
     * Adds (or removes) employees to groups (SPEC §5, `groupIds` required): each group the workspace
     * lets Equip change gets them; a group that cannot take members answers its issue (SPEC §8) and is
     * left as it is. Unknown groups or people (another organisation's) are a 404, nothing changed.
     */
    async changeMembers(
      tenant: InTenant,
      change: WorkspaceMembersChange,
      direction: 'add' | 'remove',
    ): Promise<WorkspaceMembersResult> {
      const groupIds = [...new Set(change.groupIds)];
      const userUuids = [...new Set(change.userUuids)];
      const { stored, emails, issues } = await tenant(async (tx) => {
        const row = await connected(tx);
        const known = await groupsByExternalId(tx, row.uuid, groupIds);
        const missing = groupIds.findIndex((id) => !known.some((g) => g.externalId === id));
        if (missing >= 0)
          throw notFound(WORKSPACE_GROUP_NOT_FOUND, {
            location: 'body',
            param: 'groupIds',
            path: ['groupIds', missing],
          });
        const people = await personRefs(tx, userUuids);
        const unknown = userUuids.findIndex((uuid) => !people.has(uuid));
        if (unknown >= 0)
          throw notFound('No such employee', {
            location: 'body',
            param: 'userUuids',
            path: ['userUuids', unknown],
          });
        return {
          stored: (await findStoredWorkspace(tx))!,
          emails: await emailsByUuid(tx, userUuids),
          issues: known.filter((g) => g.autoAssignIssue !== null),
        };
      });
      const adapter = adapters.for({ ...stored, organizationUuid: stored.organizationUuid! });
      const addresses = userUuids.map((uuid) => emails.get(uuid)!);
      // A group Equip already knows cannot take members is not asked again: its issue is the answer.
      const blocked = new Map(issues.map((g) => [g.externalId, g.autoAssignIssue!]));
      const asked = groupIds.filter((id) => !blocked.has(id));
      let answered: GroupChange[] = [];
      try {
        if (asked.length > 0)
          answered =
            direction === 'add'
              ? await adapter.addMembers(asked, addresses)
              : await adapter.removeMembers(asked, addresses);
      } catch (error) {
        throw providerFailure(error);
      }
      const changes = groupIds.map(
        (id) =>
          answered.find((c) => c.groupId === id) ?? {
            groupId: id,
            changed: 0,
            issue: blocked.get(id) ?? null,
          },
      );
      await tenant(async (tx) => {
        const groups = await groupsByExternalId(tx, stored.uuid, groupIds);
        for (const result of changes) {
          const group = groups.find((g) => g.externalId === result.groupId);
          if (!group || result.issue) continue;
          const members = new Set(group.memberUserUuids);
          for (const uuid of userUuids) direction === 'add' ? members.add(uuid) : members.delete(uuid);
          await setGroupMembers(
            tx,
            group.uuid,
            [...members],
            direction === 'add' ? result.changed : -result.changed,
          );
        }
      });
      return { groups: changes };
    },

    async rules(tx: Db): Promise<WorkspaceRules> {
      await connected(tx);
      return { items: await listRules(tx) };
    },

    /** The rules replaced whole; every group named must be one of the workspace's. */
    async saveRules(tx: Db, auth: AuthContext, body: WorkspaceRules): Promise<WorkspaceRules> {
      const row = await connected(tx);
      const wanted = [...new Set(body.items.flatMap((r) => r.groupIds))];
      const known = new Set((await groupsByExternalId(tx, row.uuid, wanted)).map((g) => g.externalId));
      for (const [index, rule] of body.items.entries()) {
        const at = rule.groupIds.findIndex((id) => !known.has(id));
        if (at >= 0)
          throw notFound(WORKSPACE_GROUP_NOT_FOUND, {
            location: 'body',
            param: 'items',
            path: ['items', index, 'groupIds', at],
          });
      }
      const departments = body.items.map((r) => r.department.toLocaleLowerCase());
      const twice = departments.findIndex((d, i) => departments.indexOf(d) !== i);
      if (twice >= 0)
        throw new AppError(400, {
          msg: 'Each department has one rule',
          errorType: ErrorType.ZodValidationError,
          location: 'body',
          param: 'items',
          path: ['items', twice, 'department'],
        });
      await replaceRules(tx, auth.organizationUuid, body.items);
      return { items: await listRules(tx) };
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
