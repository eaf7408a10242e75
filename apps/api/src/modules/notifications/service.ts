import type {
  MarkAllReadResult,
  NotificationListQuery,
  NotificationPage,
} from '@equip/domain/notification-api';
import {
  type NotificationParamValue,
  notificationsFor,
  recipientsOf,
} from '@equip/domain/notification-rules';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { LoggedEvent } from '../audit-log/index.ts';
import { itOwnerUuids } from '../people/index.ts';
import {
  insertNotifications,
  markAllRead,
  markRead,
  type NewNotification,
  notificationCounts,
  notificationPage,
} from './queries.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/**
 * Writes the notifications these events cause (domain rule: notification-rules.ts), in the caller's
 * transaction, so a notification exists exactly when its event does. Most events cause none and cost
 * nothing here; the IT owners are read once per organisation when a rule asks for them.
 */
export async function notifyAbout(tx: Db, events: readonly LoggedEvent[]): Promise<void> {
  const caused = events.flatMap((event) => notificationsFor(event).map((draft) => ({ event, draft })));
  if (caused.length === 0) return;
  const owners = new Map<string, Promise<string[]>>();
  const ownersOf = (organizationUuid: string) => {
    let found = owners.get(organizationUuid);
    if (!found) {
      found = itOwnerUuids(tx, organizationUuid);
      owners.set(organizationUuid, found);
    }
    return found;
  };
  const rows: NewNotification[] = [];
  for (const { event, draft } of caused) {
    const itOwners = draft.audience === 'it-owners' ? await ownersOf(event.organizationUuid) : [];
    for (const userUuid of recipientsOf(draft.audience, event, itOwners))
      rows.push({
        organizationUuid: event.organizationUuid,
        userUuid,
        kind: draft.kind,
        severity: draft.severity,
        params: draft.params as Record<string, NotificationParamValue>,
      });
  }
  await insertNotifications(tx, rows);
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function createNotificationsService() {
  return {
    /** The caller's notifications, newest first, with their total and unread count. */
    async list(tx: Db, auth: AuthContext, query: NotificationListQuery): Promise<NotificationPage> {
      const [rows, counts] = [
        await notificationPage(tx, auth.organizationUuid, auth.userUuid, query),
        await notificationCounts(tx, auth.organizationUuid, auth.userUuid),
      ];
      return {
        items: rows.map((row) => ({ ...row, readAt: iso(row.readAt), createdAt: iso(row.createdAt)! })),
        total: query.unreadOnly ? counts.unread : counts.total,
        unreadCount: counts.unread,
      };
    },

    /** Marks one of the caller's notifications read; anyone else's is not found. */
    async markRead(tx: Db, auth: AuthContext, uuid: string): Promise<void> {
      if (!(await markRead(tx, auth.organizationUuid, auth.userUuid, uuid)))
        throw notFound(NOTIFICATION_NOT_FOUND);
    },

    async markAllRead(tx: Db, auth: AuthContext): Promise<MarkAllReadResult> {
      return { marked: await markAllRead(tx, auth.organizationUuid, auth.userUuid) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
