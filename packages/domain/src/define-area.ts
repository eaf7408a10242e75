import type { z } from 'zod';
import type { Severity } from './notifications.ts';

/**
 * What an area declares of itself for the shared registries (issue 25, item 8): the events it logs,
 * the webhook types it publishes and which of its events publish them, the notifications its events
 * cause, and its background jobs. Each area writes one declaration in `areas/<area>.ts` (this file and
 * zod are all it imports); `areas.ts` lists the declarations and `gatherAreas` builds the registries
 * every reader uses (`EventType`, `WEBHOOK_EVENT_GROUPS`, `NOTIFICATION_RULES`, `JOBS`), so a new area
 * is one line there and the compiler holds every side to the gathered unions.
 */

/**
 * Who receives a notification: the person who caused the event, the person the event is about (its
 * subject is a user, e.g. a hardware request's requester), or every IT owner of the organisation.
 */
export type NotificationAudience = 'actor' | 'subject' | 'it-owners';

/** The fields of an event a notification rule reads (the event log's row, before or after it is written). */
export interface NotifiableEvent<E extends string = string> {
  type: E;
  actorUuid: string | null;
  subjectUuid?: string | null | undefined;
  data?: Record<string, unknown> | undefined;
}

/** A notification to write: its kind, severity, who gets it and the params its texts need. */
export interface NotificationDraft<K extends string = string, P = Record<string, unknown>> {
  kind: K;
  severity: Severity;
  audience: NotificationAudience;
  params: P;
}

type ParamsMap = Record<string, z.ZodObject>;

/** A draft of one of the area's own kinds, its params typed by the kind's schema. */
export type AreaNotificationDraft<P extends ParamsMap> = {
  [K in keyof P & string]: NotificationDraft<K, z.infer<P[K]>>;
}[keyof P & string];

export interface AreaDeclaration<
  E extends string = string,
  G extends Record<string, readonly string[]> = Record<string, readonly string[]>,
  P extends ParamsMap = ParamsMap,
  J extends Record<string, z.ZodType> = Record<string, z.ZodType>,
> {
  /** The area's name (the module's and feature's). */
  name: string;
  /** The event types it logs with `logEvent`, in the audit log's order. */
  events: readonly E[];
  /** The webhook types it publishes, by the group the webhooks page shows them under. */
  webhookGroups: G;
  /** Which of its events publishes which webhook type (events without one are not published). */
  webhookOfEvent: Partial<Record<E, G[keyof G][number]>>;
  /** Its notification kinds and the params each one's title, body and link need. */
  notificationParams: P;
  /** Which of its events become notifications (one entry per event type that matters). */
  notificationRules: Partial<Record<E, (event: NotifiableEvent) => AreaNotificationDraft<P>[]>>;
  /** Its background jobs: each name and the zod schema of its payload (decision 009). */
  jobs: J;
}

/**
 * Declares an area. Every part but the name and events is optional; the mapping to webhooks and the
 * rules are held to the area's own events, groups and kinds.
 */
export function defineArea<
  const E extends string,
  const G extends Record<string, readonly string[]> = Record<never, never>,
  const P extends ParamsMap = Record<never, never>,
  const J extends Record<string, z.ZodType> = Record<never, never>,
>(area: {
  name: string;
  events: readonly E[];
  webhookGroups?: G;
  webhookOfEvent?: NoInfer<Partial<Record<E, G[keyof G][number]>>>;
  notificationParams?: P;
  notificationRules?: NoInfer<Partial<Record<E, (event: NotifiableEvent) => AreaNotificationDraft<P>[]>>>;
  jobs?: J;
}): AreaDeclaration<E, G, P, J> {
  return {
    name: area.name,
    events: area.events,
    webhookGroups: area.webhookGroups ?? ({} as G),
    webhookOfEvent: area.webhookOfEvent ?? {},
    notificationParams: area.notificationParams ?? ({} as P),
    notificationRules: area.notificationRules ?? {},
    jobs: area.jobs ?? ({} as J),
  };
}

/** A draft of one of an area's kinds (`const draft = drafts(PARAMS)`; `draft('device.lost', …)`). */
export const drafts =
  <P extends ParamsMap>(_params: P) =>
  <K extends keyof P & string>(
    kind: K,
    severity: Severity,
    audience: NotificationAudience,
    params: z.infer<P[K]>,
  ): NotificationDraft<K, z.infer<P[K]>> => ({ kind, severity, audience, params });

// Gathering: the unions and merged records of a list of declarations.
type AnyArea = AreaDeclaration<
  string,
  Record<string, readonly string[]>,
  ParamsMap,
  Record<string, z.ZodType>
>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
type Merged<U> = { [K in keyof UnionToIntersection<U>]: UnionToIntersection<U>[K] };

/** The event types of the listed areas. */
export type EventOf<A extends readonly AnyArea[]> = A[number]['events'][number];
/** The webhook groups of the listed areas, each with its types. */
export type WebhookGroupsOf<A extends readonly AnyArea[]> = Merged<A[number]['webhookGroups']>;
/** The notification kinds' params of the listed areas. */
export type NotificationParamsOf<A extends readonly AnyArea[]> = Merged<A[number]['notificationParams']>;
/** The jobs of the listed areas. */
export type JobsOf<A extends readonly AnyArea[]> = Merged<A[number]['jobs']>;

export interface GatheredAreas<A extends readonly AnyArea[]> {
  /** Every event type, area by area in the list's order. */
  events: [EventOf<A>, ...EventOf<A>[]];
  webhookGroups: WebhookGroupsOf<A>;
  webhookOfEvent: Partial<Record<EventOf<A>, string>>;
  notificationParams: NotificationParamsOf<A>;
  notificationRules: Partial<Record<EventOf<A>, (event: NotifiableEvent) => NotificationDraft[]>>;
  jobs: JobsOf<A>;
}

function mergeOnce(what: string, parts: readonly Record<string, unknown>[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key in merged) throw new Error(`${what} ${key} is declared by two areas`);
      merged[key] = value;
    }
  }
  return merged;
}

/**
 * The registries of a list of areas. Each name (event type, webhook group and type, notification kind,
 * job) belongs to one area: one declared twice throws when the registry is built.
 */
export function gatherAreas<const A extends readonly AnyArea[]>(areas: A): GatheredAreas<A> {
  const events = areas.flatMap((area) => area.events);
  const seen = new Set<string>();
  for (const type of events) {
    if (seen.has(type)) throw new Error(`Event type ${type} is declared by two areas`);
    seen.add(type);
  }
  const webhookGroups = mergeOnce(
    'Webhook group',
    areas.map((area) => area.webhookGroups),
  );
  const webhookTypes = Object.values(webhookGroups).flat() as string[];
  if (new Set(webhookTypes).size !== webhookTypes.length)
    throw new Error('A webhook type is declared in two groups');
  return {
    events: events as GatheredAreas<A>['events'],
    webhookGroups: webhookGroups as WebhookGroupsOf<A>,
    webhookOfEvent: mergeOnce(
      'Event type',
      areas.map((area) => area.webhookOfEvent),
    ) as GatheredAreas<A>['webhookOfEvent'],
    notificationParams: mergeOnce(
      'Notification kind',
      areas.map((area) => area.notificationParams),
    ) as NotificationParamsOf<A>,
    notificationRules: mergeOnce(
      'Event type',
      areas.map((area) => area.notificationRules),
    ) as GatheredAreas<A>['notificationRules'],
    jobs: mergeOnce(
      'Job',
      areas.map((area) => area.jobs),
    ) as JobsOf<A>,
  };
}
