import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scimGroupMembers, scimGroups, scimTokens, scimUsers } from '../../db/schema/index.ts';

/** The SQL of the SCIM server (decision 034): its tokens, its links to people and its groups. */

const TOKEN_COLUMNS = {
  uuid: scimTokens.uuid,
  name: scimTokens.name,
  hint: scimTokens.hint,
  lastUsedAt: scimTokens.lastUsedAt,
  revokedAt: scimTokens.revokedAt,
  createdAt: scimTokens.createdAt,
};
export type ScimTokenRow = Awaited<ReturnType<typeof listScimTokens>>[number];

/** The tenant's tokens, newest first (never their hashes). */
export function listScimTokens(tx: Db) {
  return tx.select(TOKEN_COLUMNS).from(scimTokens).orderBy(desc(scimTokens.createdAt), asc(scimTokens.uuid));
}

export async function insertScimToken(
  tx: Db,
  values: {
    organizationUuid: string;
    name: string;
    tokenHash: string;
    hint: string;
    createdByUuid: string | null;
  },
): Promise<ScimTokenRow> {
  const [row] = await tx.insert(scimTokens).values(values).returning(TOKEN_COLUMNS);
  return row!;
}

/**
 * Revokes a token of the tenant; null when there is none (or it is another organisation's). `revoked`
 * says whether this call revoked it (false: it was revoked already, its time kept).
 */
export async function revokeScimToken(
  tx: Db,
  uuid: string,
): Promise<{ row: ScimTokenRow; revoked: boolean } | null> {
  const [before] = await tx
    .select({ revokedAt: scimTokens.revokedAt })
    .from(scimTokens)
    .where(eq(scimTokens.uuid, uuid))
    .for('update');
  if (!before) return null;
  const [row] = await tx
    .update(scimTokens)
    .set({ revokedAt: sql`coalesce(${scimTokens.revokedAt}, now())` })
    .where(eq(scimTokens.uuid, uuid))
    .returning(TOKEN_COLUMNS);
  return row ? { row, revoked: before.revokedAt === null } : null;
}

/**
 * The organisation of a live token (system handle: before the tenant is known); notes its use at most
 * once a minute.
 */
export async function organizationOfScimToken(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ uuid: scimTokens.uuid, organizationUuid: scimTokens.organizationUuid })
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, tokenHash), isNull(scimTokens.revokedAt)));
  if (!row) return null;
  await db
    .update(scimTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(scimTokens.uuid, row.uuid),
        or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
  return row.organizationUuid;
}

export type ScimUserRow = typeof scimUsers.$inferSelect;

/** The tenant's provisioned people (all, or these), in a stable order for paging. */
export function scimUserRows(tx: Db, userUuids?: readonly string[]): Promise<ScimUserRow[]> {
  if (userUuids && userUuids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(scimUsers)
    .where(userUuids ? inArray(scimUsers.userUuid, [...userUuids]) : undefined)
    .orderBy(asc(scimUsers.createdAt), asc(scimUsers.userUuid));
}

/** The tenant's provisioned people with this userName (in any case) or this externalId (exactly). */
export function scimUserRowsWhere(
  tx: Db,
  where: { userName: string } | { externalId: string },
): Promise<ScimUserRow[]> {
  return tx
    .select()
    .from(scimUsers)
    .where(
      'userName' in where
        ? eq(sql`lower(${scimUsers.userName})`, where.userName.toLowerCase())
        : eq(scimUsers.externalId, where.externalId),
    )
    .orderBy(asc(scimUsers.createdAt), asc(scimUsers.userUuid));
}

export async function scimUserByUserName(tx: Db, userName: string): Promise<ScimUserRow | null> {
  const [row] = await tx
    .select()
    .from(scimUsers)
    .where(eq(sql`lower(${scimUsers.userName})`, userName.toLowerCase()));
  return row ?? null;
}

export async function upsertScimUser(
  tx: Db,
  values: {
    userUuid: string;
    organizationUuid: string;
    userName: string;
    externalId: string | null;
    active: boolean;
  },
): Promise<void> {
  await tx
    .insert(scimUsers)
    .values(values)
    .onConflictDoUpdate({
      target: scimUsers.userUuid,
      set: {
        userName: values.userName,
        externalId: values.externalId,
        active: values.active,
        updatedAt: sql`now()`,
      },
    });
}

/** Ends the link of a person (and their group memberships). */
export async function deleteScimUser(tx: Db, userUuid: string): Promise<void> {
  await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.userUuid, userUuid));
  await tx.delete(scimUsers).where(eq(scimUsers.userUuid, userUuid));
}

export type ScimGroupRow = typeof scimGroups.$inferSelect & { members: string[] };

/** The tenant's groups (all, or one) with their members' uuids. */
export async function scimGroupRows(tx: Db, uuid?: string): Promise<ScimGroupRow[]> {
  const groups = await tx
    .select()
    .from(scimGroups)
    .where(uuid ? eq(scimGroups.uuid, uuid) : undefined)
    .orderBy(asc(scimGroups.createdAt), asc(scimGroups.uuid));
  if (groups.length === 0) return [];
  const members = await tx
    .select({ groupUuid: scimGroupMembers.groupUuid, userUuid: scimGroupMembers.userUuid })
    .from(scimGroupMembers)
    .where(
      inArray(
        scimGroupMembers.groupUuid,
        groups.map((g) => g.uuid),
      ),
    )
    .orderBy(asc(scimGroupMembers.userUuid));
  return groups.map((g) => ({
    ...g,
    members: members.filter((m) => m.groupUuid === g.uuid).map((m) => m.userUuid),
  }));
}

/** Creates a group (uuid null) or changes one; null when there is no such group. Members are replaced. */
export async function saveScimGroup(
  tx: Db,
  organizationUuid: string,
  uuid: string | null,
  values: { displayName: string; externalId: string | null; members: readonly string[] },
): Promise<string | null> {
  let groupUuid: string;
  if (uuid === null) {
    const [row] = await tx
      .insert(scimGroups)
      .values({ organizationUuid, displayName: values.displayName, externalId: values.externalId })
      .returning({ uuid: scimGroups.uuid });
    groupUuid = row!.uuid;
  } else {
    const [row] = await tx
      .update(scimGroups)
      .set({ displayName: values.displayName, externalId: values.externalId, updatedAt: sql`now()` })
      .where(eq(scimGroups.uuid, uuid))
      .returning({ uuid: scimGroups.uuid });
    if (!row) return null;
    groupUuid = row.uuid;
    await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.groupUuid, groupUuid));
  }
  const members = [...new Set(values.members)];
  if (members.length > 0)
    await tx
      .insert(scimGroupMembers)
      .values(members.map((userUuid) => ({ groupUuid, userUuid, organizationUuid })));
  return groupUuid;
}

export async function deleteScimGroup(tx: Db, uuid: string): Promise<boolean> {
  const rows = await tx
    .delete(scimGroups)
    .where(eq(scimGroups.uuid, uuid))
    .returning({ uuid: scimGroups.uuid });
  return rows.length > 0;
}
