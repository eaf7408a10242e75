import type { WorkspaceProviderKind } from '@equip/domain/workspaces';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workspaceGroups, workspaceRules, workspaces } from '../../db/schema/index.ts';
import type { WorkspaceGroupInfo } from '../../providers/workspace/adapter.ts';

/** What the API answers of a workspace (never the sealed token). */
const WORKSPACE_COLUMNS = {
  uuid: workspaces.uuid,
  organizationUuid: workspaces.organizationUuid,
  provider: workspaces.provider,
  domain: workspaces.domain,
  status: workspaces.status,
  hasToken: sql<boolean>`${workspaces.refreshTokenEncrypted} is not null`,
  lastCheckedAt: workspaces.lastCheckedAt,
  lastError: workspaces.lastError,
  lastErrorDetail: workspaces.lastErrorDetail,
  connectedAt: workspaces.connectedAt,
};
export type WorkspaceRow = NonNullable<Awaited<ReturnType<typeof findWorkspace>>>;

/** The tenant's workspace (one at a time; the newest if an older one was left). */
export async function findWorkspace(tx: Db) {
  const [row] = await tx
    .select(WORKSPACE_COLUMNS)
    .from(workspaces)
    .orderBy(sql`${workspaces.connectedAt} desc nulls last`)
    .limit(1);
  return row ?? null;
}

/** The workspace with its sealed token, to reach it. */
export async function findStoredWorkspace(tx: Db) {
  const [row] = await tx
    .select({
      uuid: workspaces.uuid,
      organizationUuid: workspaces.organizationUuid,
      provider: workspaces.provider,
      status: workspaces.status,
      refreshTokenEncrypted: workspaces.refreshTokenEncrypted,
    })
    .from(workspaces)
    .orderBy(sql`${workspaces.connectedAt} desc nulls last`)
    .limit(1);
  return row ?? null;
}
export type StoredWorkspaceRow = NonNullable<Awaited<ReturnType<typeof findStoredWorkspace>>>;

/** Connects the provider's workspace (ACTIVE, tested); another provider's is removed with its groups. */
export async function saveWorkspace(
  tx: Db,
  saved: {
    organizationUuid: string;
    provider: WorkspaceProviderKind;
    domain: string | null;
    refreshTokenEncrypted: string | null;
    checkedAt: Date;
  },
): Promise<WorkspaceRow> {
  await tx.delete(workspaces).where(ne(workspaces.provider, saved.provider));
  const values = {
    domain: saved.domain,
    refreshTokenEncrypted: saved.refreshTokenEncrypted,
    status: 'ACTIVE' as const,
    lastCheckedAt: saved.checkedAt,
    lastError: null,
    lastErrorDetail: null,
    connectedAt: saved.checkedAt,
    updatedAt: saved.checkedAt,
  };
  const [row] = await tx
    .insert(workspaces)
    .values({ organizationUuid: saved.organizationUuid, provider: saved.provider, ...values })
    .onConflictDoUpdate({ target: [workspaces.organizationUuid, workspaces.provider], set: values })
    .returning(WORKSPACE_COLUMNS);
  return row!;
}

/**
 * Records a test's outcome: ACTIVE or INVALID, or INACTIVE kept for a paused workspace. Null when the
 * workspace is gone or was connected anew since the test (that connection tested itself).
 */
export async function recordCheck(
  tx: Db,
  checked: StoredWorkspaceRow,
  checkedAt: Date,
  failure: { error: string; detail: string | null } | null,
): Promise<{ row: WorkspaceRow; before: string } | null> {
  const same = and(
    eq(workspaces.uuid, checked.uuid),
    sql`${workspaces.refreshTokenEncrypted} is not distinct from ${checked.refreshTokenEncrypted}`,
  );
  const [before] = await tx.select({ status: workspaces.status }).from(workspaces).where(same).for('update');
  if (!before) return null;
  const [row] = await tx
    .update(workspaces)
    .set({
      lastCheckedAt: checkedAt,
      lastError: failure?.error ?? null,
      lastErrorDetail: failure?.detail ?? null,
      status: before.status === 'INACTIVE' ? 'INACTIVE' : failure ? 'INVALID' : 'ACTIVE',
    })
    .where(same)
    .returning(WORKSPACE_COLUMNS);
  return row ? { row, before: before.status } : null;
}

/** The newer refresh token the provider gave (sealed), in place of the one the check used. */
export async function storeRefreshToken(tx: Db, workspaceUuid: string, sealed: string): Promise<void> {
  await tx
    .update(workspaces)
    .set({ refreshTokenEncrypted: sealed })
    .where(eq(workspaces.uuid, workspaceUuid));
}

export async function deleteWorkspaces(tx: Db): Promise<boolean> {
  const removed = await tx.delete(workspaces).returning({ uuid: workspaces.uuid });
  return removed.length > 0;
}

/** Every organisation's workspace that is not paused, for the hourly re-check (system handle). */
export function activeWorkspacesOfEveryOrganisation(db: Db) {
  return db
    .select({ organizationUuid: workspaces.organizationUuid, provider: workspaces.provider })
    .from(workspaces)
    .where(and(ne(workspaces.status, 'INACTIVE'), isNotNull(workspaces.organizationUuid)))
    .orderBy(asc(workspaces.organizationUuid), asc(workspaces.provider));
}

const GROUP_COLUMNS = {
  uuid: workspaceGroups.uuid,
  externalId: workspaceGroups.externalId,
  name: workspaceGroups.name,
  email: workspaceGroups.email,
  kind: workspaceGroups.kind,
  memberCount: workspaceGroups.memberCount,
  memberUserUuids: workspaceGroups.memberUserUuids,
  autoAssignIssue: workspaceGroups.autoAssignIssue,
};
export type GroupRow = Awaited<ReturnType<typeof listGroups>>[number];

/** The workspace's groups by name. */
export function listGroups(tx: Db, workspaceUuid: string) {
  return tx
    .select(GROUP_COLUMNS)
    .from(workspaceGroups)
    .where(eq(workspaceGroups.workspaceUuid, workspaceUuid))
    .orderBy(asc(workspaceGroups.name), asc(workspaceGroups.uuid));
}

export function groupsByExternalId(tx: Db, workspaceUuid: string, externalIds: readonly string[]) {
  return tx
    .select(GROUP_COLUMNS)
    .from(workspaceGroups)
    .where(
      and(
        eq(workspaceGroups.workspaceUuid, workspaceUuid),
        inArray(workspaceGroups.externalId, [...externalIds]),
      ),
    );
}

/**
 * The groups as the workspace has them now: new ones added, names, kinds, counts and issues refreshed,
 * those gone removed. The employees Equip put in a group are kept.
 */
export async function replaceGroups(
  tx: Db,
  workspace: { uuid: string; organizationUuid: string },
  groups: readonly WorkspaceGroupInfo[],
): Promise<void> {
  const ids = groups.map((g) => g.externalId);
  await tx
    .delete(workspaceGroups)
    .where(
      and(
        eq(workspaceGroups.workspaceUuid, workspace.uuid),
        ids.length > 0 ? sql`${workspaceGroups.externalId} <> all(${sql.param(ids)}::text[])` : sql`true`,
      ),
    );
  if (groups.length === 0) return;
  await tx
    .insert(workspaceGroups)
    .values(
      groups.map((g) => ({
        organizationUuid: workspace.organizationUuid,
        workspaceUuid: workspace.uuid,
        externalId: g.externalId,
        name: g.name,
        email: g.email,
        kind: g.kind,
        memberCount: g.memberCount ?? 0,
        autoAssignIssue: g.issue,
      })),
    )
    .onConflictDoUpdate({
      target: [workspaceGroups.workspaceUuid, workspaceGroups.externalId],
      set: {
        name: sql`excluded.name`,
        email: sql`excluded.email`,
        kind: sql`excluded.kind`,
        memberCount: sql`excluded.member_count`,
        autoAssignIssue: sql`excluded.auto_assign_issue`,
      },
    });
}

/** A group's employees and count after a change the workspace confirmed. */
export async function setGroupMembers(
  tx: Db,
  groupUuid: string,
  memberUserUuids: readonly string[],
  countChange: number,
): Promise<void> {
  await tx
    .update(workspaceGroups)
    .set({
      memberUserUuids: [...memberUserUuids],
      memberCount: sql`greatest(0, ${workspaceGroups.memberCount} + ${countChange})`,
    })
    .where(eq(workspaceGroups.uuid, groupUuid));
}

export function listRules(tx: Db) {
  return tx
    .select({ department: workspaceRules.department, groupIds: workspaceRules.groupIds })
    .from(workspaceRules)
    .orderBy(asc(workspaceRules.department));
}

/** The rules replaced whole: a department without groups has no rule. */
export async function replaceRules(
  tx: Db,
  organizationUuid: string,
  rules: readonly { department: string; groupIds: readonly string[] }[],
): Promise<void> {
  await tx.delete(workspaceRules);
  const kept = rules.filter((r) => r.groupIds.length > 0);
  if (kept.length > 0)
    await tx
      .insert(workspaceRules)
      .values(
        kept.map((r) => ({ organizationUuid, department: r.department, groupIds: [...new Set(r.groupIds)] })),
      );
}
