import { z } from 'zod';
import { REGISTRY } from './areas.ts';
import type { EventType } from './audit-log.ts';
import type {
  NotificationDraft as AreaDraft,
  NotifiableEvent as AreaEvent,
  NotificationAudience,
} from './define-area.ts';

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
  ...(Object.keys(REGISTRY.notificationParams) as (keyof typeof REGISTRY.notificationParams)[]),
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** The params of each kind: the values its title, body and link need (each area's in its declaration). */
export const NOTIFICATION_PARAMS = {
  message: z.object({ title: z.string(), body: z.string().nullable() }),
  ...REGISTRY.notificationParams,
} as const satisfies Record<NotificationKind, z.ZodObject>;
export type NotificationParams<K extends NotificationKind> = z.infer<(typeof NOTIFICATION_PARAMS)[K]>;

/** Plain JSON values a notification's params hold. */
export const NotificationParamValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type NotificationParamValue = z.infer<typeof NotificationParamValue>;

export type { NotificationAudience } from './define-area.ts';

export type NotificationDraft<K extends NotificationKind = NotificationKind> = {
  [Kind in K]: AreaDraft<Kind, NotificationParams<Kind>>;
}[K];

/** The fields of an event the rules read (the event log's row, before or after it is written). */
export type NotifiableEvent = AreaEvent<EventType>;

/**
 * The rule, one entry per event type that matters, gathered from the areas' declarations
 * (`notificationRules` in `areas/<area>.ts`). Each entry reads an event some API module logs (the API's
 * notifications test holds this): an area that starts writing an event worth a notification adds its
 * entry and kind with its params to its declaration, and its texts and link in its web feature's
 * `area.ts` (the web's registry makes them required). Planned, once their areas exist: procurement's
 * `order.shipped` (to the buyer) and `order.stuck` (to the IT owners), onboarding's
 * `onboarding.task_failed` (to the IT owners), a security add-on's report of a lost device.
 */
export const NOTIFICATION_RULES = REGISTRY.notificationRules as Partial<
  Record<EventType, (event: NotifiableEvent) => NotificationDraft[]>
>;

/** The notifications an event causes (none for most). */
export function notificationsFor(event: NotifiableEvent): NotificationDraft[] {
  return NOTIFICATION_RULES[event.type]?.(event) ?? [];
}

/**
 * The people a draft goes to, given the organisation's IT owners: each once; the actor or the subject
 * only when there is one (the system notifies nobody by name).
 */
export function recipientsOf(
  audience: NotificationAudience,
  event: Pick<NotifiableEvent, 'actorUuid' | 'subjectUuid'>,
  itOwners: readonly string[],
): string[] {
  if (audience === 'actor') return event.actorUuid ? [event.actorUuid] : [];
  if (audience === 'subject') return event.subjectUuid ? [event.subjectUuid] : [];
  return [...new Set(itOwners)];
}
