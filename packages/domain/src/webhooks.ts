import { z } from 'zod';
import { REGISTRY } from './areas.ts';
import type { EventType } from './audit-log.ts';
import { IsoDateTime, listQuery, pageOf, queryArray, Uuid } from './common.ts';

/**
 * Outbound webhooks (issue 10, decision 010): an organisation registers endpoints and picks the event
 * types it wants; each event of the log that maps to a webhook type is delivered to every enabled
 * endpoint subscribed to it, signed the Standard Webhooks way.
 */

/**
 * Every event type an endpoint can subscribe to, grouped by area (the web shows the groups): each area
 * declares its groups in `areas/<area>.ts`.
 */
export const WEBHOOK_EVENT_GROUPS = REGISTRY.webhookGroups;
export type WebhookEventGroup = keyof typeof WEBHOOK_EVENT_GROUPS;

type GroupedTypes = (typeof WEBHOOK_EVENT_GROUPS)[WebhookEventGroup][number];
export const WebhookEventType = z.enum(
  Object.values(WEBHOOK_EVENT_GROUPS).flat() as [GroupedTypes, ...GroupedTypes[]],
);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The type of the test event ("Send test event"); no endpoint subscribes to it, it goes to one. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * Which event of the log publishes which webhook type. An area publishes webhooks by logging its
 * events (`logEvent`); an event type it declares is published once its declaration maps it
 * (`webhookOfEvent` in `areas/<area>.ts`). Event types without one (sign-ins, reminders …) are not
 * published.
 */
export const WEBHOOK_TYPE_OF_EVENT = REGISTRY.webhookOfEvent as Partial<Record<EventType, WebhookEventType>>;

export function webhookTypeOf(eventType: string): WebhookEventType | null {
  return (WEBHOOK_TYPE_OF_EVENT as Record<string, WebhookEventType | undefined>)[eventType] ?? null;
}

/**
 * The body of every delivery. `data` is the event's: the subject, the actor and what the log holds;
 * for updates that includes `before` and `after` (the changed fields only).
 */
export const WebhookPayload = z.object({
  type: z.union([WebhookEventType, z.literal(WEBHOOK_TEST_EVENT)]),
  timestamp: IsoDateTime,
  data: z
    .object({
      eventUuid: Uuid.nullable(),
      organizationUuid: Uuid,
      subjectUuid: Uuid.nullable(),
      actorUuid: Uuid.nullable(),
      before: z.record(z.string(), z.unknown()).optional(),
      after: z.record(z.string(), z.unknown()).optional(),
    })
    .catchall(z.unknown()),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/** The body of a delivery for a logged event (pure; the API adds nothing else). */
export function webhookPayload(
  type: WebhookPayload['type'],
  event: {
    uuid: string | null;
    organizationUuid: string;
    subjectUuid: string | null;
    actorUuid: string | null;
    data: Record<string, unknown>;
    createdAt: Date;
  },
): WebhookPayload {
  return {
    type,
    timestamp: event.createdAt.toISOString(),
    data: {
      ...event.data,
      eventUuid: event.uuid,
      organizationUuid: event.organizationUuid,
      subjectUuid: event.subjectUuid,
      actorUuid: event.actorUuid,
    },
  };
}

export const WebhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed', 'retrying']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/**
 * When a failed attempt is tried again, in seconds after it: the schedule of the Standard Webhooks
 * reference implementation (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h): eight attempts over about
 * 27 hours, then the delivery is failed. A redelivery starts a new series.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/** Seconds until the next attempt after `attempts` failed ones, or null when they are used up. */
export function webhookRetryDelay(
  attempts: number,
  delays: readonly number[] = WEBHOOK_RETRY_DELAYS_SECONDS,
): number | null {
  return attempts >= 1 && attempts <= delays.length ? (delays[attempts - 1] ?? null) : null;
}

/** The secret's prefix (Standard Webhooks: a symmetric secret). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Checks the URL's form; the API checks where it leads (public addresses only, see decision 010). */
export const WebhookUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => URL.canParse(value), { message: 'Must be a URL', abort: true })
  .refine((value) => /^https?:$/.test(new URL(value).protocol), 'Must be an https:// address');

const EventTypes = z
  .array(WebhookEventType)
  .min(1, 'Pick at least one event type')
  .transform((types) => [...new Set(types)]);

export const CreateWebhookEndpointRequest = z.object({
  url: WebhookUrl,
  description: z.string().trim().max(500).default(''),
  eventTypes: EventTypes,
  enabled: z.boolean().default(true),
});
export type CreateWebhookEndpointRequest = z.input<typeof CreateWebhookEndpointRequest>;

export const UpdateWebhookEndpointRequest = z.object({
  url: WebhookUrl.optional(),
  description: z.string().trim().max(500).optional(),
  eventTypes: EventTypes.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointRequest = z.input<typeof UpdateWebhookEndpointRequest>;

/** An endpoint as the API answers it: never its secret (that is answered once, see below). */
export const WebhookEndpoint = z.object({
  uuid: Uuid,
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(WebhookEventType),
  enabled: z.boolean(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
export const WebhookEndpointList = z.object({ items: z.array(WebhookEndpoint) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

/** Create and rotate answer the signing secret, this once; it is not shown again. */
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

/** A row of an endpoint's deliveries. */
export const WebhookDelivery = z.object({
  uuid: Uuid,
  /** The `webhook-id` header: the same for every attempt of this delivery. */
  messageId: z.string(),
  eventType: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.number().int().min(0),
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** The start of the last answer's body (at most WEBHOOK_RESPONSE_EXCERPT_BYTES). */
  responseExcerpt: z.string().nullable(),
  nextAttemptAt: IsoDateTime.nullable(),
  lastAttemptAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** Deliveries sort by when they were made (newest first by default). */
export const WebhookDeliverySortingKey = z.enum(['createdAt']);
export type WebhookDeliverySortingKey = z.infer<typeof WebhookDeliverySortingKey>;

export const WebhookDeliveryListQuery = listQuery({
  sortingKeys: WebhookDeliverySortingKey,
  maxTake: 100,
  defaultTake: 20,
}).extend({ status: queryArray(WebhookDeliveryStatus) });
export type WebhookDeliveryListQuery = z.infer<typeof WebhookDeliveryListQuery>;
export const WebhookDeliveryPage = pageOf(WebhookDelivery);
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

export const WebhookDeliveryParams = z.object({ uuid: Uuid, deliveryUuid: Uuid });

/** How much of a receiver's answer is kept. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 4096;
