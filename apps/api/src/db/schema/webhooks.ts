import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import { webhookDeliveryStatusEnum } from './enums.ts';
import { organizations } from './identity.ts';

/**
 * An organisation's webhook endpoints (decision 010). The signing secret is stored encrypted with the
 * installation's key (modules/webhooks/secrets.ts) and never answered after create or rotate.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Webhook event types (domain WebhookEventType), checked by the domain schema. */
    eventTypes: text('event_types').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** AES-256-GCM of the `whsec_…` secret: iv.tag.ciphertext, base64url. */
    secretCiphertext: text('secret_ciphertext').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationUuid, t.createdAt)],
);

/** One event (or test, or redelivery) to one endpoint, with the outcome of its last attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    endpointUuid: uuid('endpoint_uuid')
      .notNull()
      .references(() => webhookEndpoints.uuid, { onDelete: 'cascade' }),
    /** The event of the log (null for test events). */
    eventUuid: uuid('event_uuid'),
    /** The `webhook-id` header, the same on every attempt (`msg_<uuid>`). */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: webhookDeliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    responseExcerpt: text('response_excerpt'),
    nextAttemptAt: nullableTimestamp('next_attempt_at'),
    lastAttemptAt: nullableTimestamp('last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointUuid, t.createdAt, t.uuid)],
);
