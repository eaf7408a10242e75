import { z } from 'zod';
import { IsoDateTime, pageOf, pagination, QueryBoolean, Uuid } from './common.ts';
import { NotificationKind, NotificationParamValue } from './notification-rules.ts';
import { Severity } from './notifications.ts';

/** One notification of the signed-in person's panel. */
export const Notification = z.object({
  uuid: Uuid,
  kind: NotificationKind,
  severity: Severity,
  /**
   * The values the kind's title, body and link need (notification-rules.ts: NOTIFICATION_PARAMS). No
   * text is stored: a reader's client writes it in their language.
   */
  params: z.record(z.string(), NotificationParamValue),
  readAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type Notification = z.infer<typeof Notification>;

/** The panel's list: newest first, paged by skip and take. */
export const NotificationListQuery = z.object({
  ...pagination(100, 20),
  unreadOnly: QueryBoolean.optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** A page of the panel with the person's unread count (the top bar's badge). */
export const NotificationPage = pageOf(Notification).extend({ unreadCount: z.number().int().min(0) });
export type NotificationPage = z.infer<typeof NotificationPage>;

/** How many notifications a "mark all read" marked. */
export const MarkAllReadResult = z.object({ marked: z.number().int().min(0) });
export type MarkAllReadResult = z.infer<typeof MarkAllReadResult>;
