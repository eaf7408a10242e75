import type { NotificationListQuery } from '@equip/domain/notification-api';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(tx: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}

/** One person's notifications in the tenant (row-level security also keeps the organisation). */
const mine = (organizationUuid: string, userUuid: string): SQL =>
  and(eq(notifications.organizationUuid, organizationUuid), eq(notifications.userUuid, userUuid))!;

/** A page of the person's notifications, newest first (index notifications_org_user_idx). */
export function notificationPage(
  tx: Db,
  organizationUuid: string,
  userUuid: string,
  query: NotificationListQuery,
) {
  return tx
    .select({
      uuid: notifications.uuid,
      kind: notifications.kind,
      severity: notifications.severity,
      params: notifications.params,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(mine(organizationUuid, userUuid), query.unreadOnly ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.uuid))
    .limit(query.take)
    .offset(query.skip);
}

/** How many the person has, and how many of them are unread, in one statement. */
export async function notificationCounts(
  tx: Db,
  organizationUuid: string,
  userUuid: string,
): Promise<{ total: number; unread: number }> {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::integer`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::integer`,
    })
    .from(notifications)
    .where(mine(organizationUuid, userUuid));
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/** Marks one of the person's notifications read (keeping the first time); false when it is not theirs. */
export async function markRead(tx: Db, organizationUuid: string, userUuid: string, uuid: string) {
  const rows = await tx
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(mine(organizationUuid, userUuid), eq(notifications.uuid, uuid)))
    .returning({ uuid: notifications.uuid });
  return rows.length > 0;
}

/** Marks every unread notification of the person read; answers how many. */
export async function markAllRead(tx: Db, organizationUuid: string, userUuid: string): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine(organizationUuid, userUuid), isNull(notifications.readAt)))
    .returning({ uuid: notifications.uuid });
  return rows.length;
}
