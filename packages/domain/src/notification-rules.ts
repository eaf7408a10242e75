import { z } from 'zod';
import type { EventType } from './audit-log.ts';
import type { Severity } from './notifications.ts';

/**
 * Which events become notifications, of which kind and severity, and for whom (issue 10). Pure: the
 * API calls `notificationsFor` in the transaction that writes the events, and stores each draft's
 * `kind` and `params`; the web writes the title and body from them in the reader's language.
 */

/**
 * What a notification says: the web renders each kind's title, body and link from its params in the
 * reader's language (nothing is stored as text). A kind exists only for an area that logs the event
 * its rule reads: procurement, onboarding and the security add-ons add theirs when they are built.
 * `message` is no rule's: it holds the words of a notification written as text before notifications
 * were data (migration 0034), shown as written.
 */
export const NotificationKind = z.enum([
  'message',
  'employees.imported',
  'device.unencrypted',
  'device.unprotected',
  'device.lost',
  'device.action_failed',
  'mdm.connection_failed',
  'mdm.connection_restored',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

const DeviceParams = z.object({ deviceUuid: z.string().nullable(), deviceName: z.string() });

/** The params of each kind: the values its title, body and link need. */
export const NOTIFICATION_PARAMS = {
  message: z.object({ title: z.string(), body: z.string().nullable() }),
  'employees.imported': z.object({ count: z.number().int().min(0), fileName: z.string().nullable() }),
  'device.unencrypted': DeviceParams,
  'device.unprotected': DeviceParams,
  'device.lost': DeviceParams,
  'device.action_failed': DeviceParams.extend({ action: z.string(), error: z.string().nullable() }),
  'mdm.connection_failed': z.object({ provider: z.string(), error: z.string().nullable() }),
  'mdm.connection_restored': z.object({ provider: z.string() }),
} as const satisfies Record<NotificationKind, z.ZodObject>;
export type NotificationParams<K extends NotificationKind> = z.infer<(typeof NOTIFICATION_PARAMS)[K]>;

/** Plain JSON values a notification's params hold. */
export const NotificationParamValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type NotificationParamValue = z.infer<typeof NotificationParamValue>;

/** Who receives a notification: the person who caused the event, or every IT owner of the organisation. */
export type NotificationAudience = 'actor' | 'it-owners';

export interface NotificationDraft<K extends NotificationKind = NotificationKind> {
  kind: K;
  severity: Severity;
  audience: NotificationAudience;
  params: NotificationParams<K>;
}

/** The fields of an event the rules read (the event log's row, before or after it is written). */
export interface NotifiableEvent {
  type: EventType;
  actorUuid: string | null;
  subjectUuid?: string | null | undefined;
  data?: Record<string, unknown> | undefined;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const count = (value: unknown): number => (typeof value === 'number' && value >= 0 ? Math.trunc(value) : 0);

function draft<K extends NotificationKind>(
  kind: K,
  severity: Severity,
  audience: NotificationAudience,
  params: NotificationParams<K>,
): NotificationDraft<K> {
  return { kind, severity, audience, params };
}

const deviceParams = (event: NotifiableEvent) => ({
  deviceUuid: event.subjectUuid ?? null,
  deviceName: text(event.data?.name) ?? '',
});

/**
 * The rule, one entry per event type that matters. Each entry reads an event some API module logs
 * (the API's notifications test holds this): an area that starts writing an event worth a
 * notification adds its entry here with the kind and its params above, and its texts and link in the
 * web's `notification-text.ts` (the type makes them required). Planned, once their areas exist:
 * procurement's `order.shipped` (to the buyer) and `order.stuck` (to the IT owners), onboarding's
 * `onboarding.task_failed` (to the IT owners), a security add-on's report of a lost device.
 */
export const NOTIFICATION_RULES: Partial<Record<EventType, (event: NotifiableEvent) => NotificationDraft[]>> =
  {
    // An import finished: the person who ran it learns how many were added.
    USERS_IMPORTED: (event) => [
      draft('employees.imported', 'positive', 'actor', {
        count: count(event.data?.count),
        fileName: text(event.data?.fileName),
      }),
    ],
    // A device stopped being encrypted or protected: every IT owner is told.
    SECURITY_ALERT: (event) => {
      const lost = Array.isArray(event.data?.lost) ? event.data.lost : [];
      const drafts: NotificationDraft[] = [];
      if (lost.includes('encryption'))
        drafts.push(draft('device.unencrypted', 'negative', 'it-owners', deviceParams(event)));
      if (lost.includes('protection'))
        drafts.push(draft('device.unprotected', 'negative', 'it-owners', deviceParams(event)));
      return drafts;
    },
    // A device put into lost mode (the MDM action) is reported lost.
    DEVICE_ACTION_SENT: (event) =>
      event.data?.action === 'enable_lost_mode'
        ? [draft('device.lost', 'negative', 'it-owners', deviceParams(event))]
        : [],
    // An MDM command that did not complete: the person who sent it learns why.
    DEVICE_ACTION_COMPLETED: (event) =>
      event.data?.state === 'failed'
        ? [
            draft('device.action_failed', 'negative', 'actor', {
              ...deviceParams(event),
              action: text(event.data?.action) ?? '',
              error: text(event.data?.error),
            }),
          ]
        : [],
    // The organisation's MDM server stopped answering (or refused the token) at a check, scheduled or
    // asked for: every IT owner is told, once per change (decision 015), and again when it works.
    MDM_CONNECTION_FAILED: (event) => [
      draft('mdm.connection_failed', 'negative', 'it-owners', {
        provider: text(event.data?.provider) ?? '',
        error: text(event.data?.error),
      }),
    ],
    MDM_CONNECTION_RESTORED: (event) => [
      draft('mdm.connection_restored', 'positive', 'it-owners', {
        provider: text(event.data?.provider) ?? '',
      }),
    ],
  };

/** The notifications an event causes (none for most). */
export function notificationsFor(event: NotifiableEvent): NotificationDraft[] {
  return NOTIFICATION_RULES[event.type]?.(event) ?? [];
}

/**
 * The people a draft goes to, given the organisation's IT owners: each once; the actor only when
 * there is one (the system notifies nobody by name).
 */
export function recipientsOf(
  audience: NotificationAudience,
  event: Pick<NotifiableEvent, 'actorUuid'>,
  itOwners: readonly string[],
): string[] {
  if (audience === 'actor') return event.actorUuid ? [event.actorUuid] : [];
  return [...new Set(itOwners)];
}
