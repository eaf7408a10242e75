import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from '@equip/domain/webhooks';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

/** The columns an endpoint answers (never the secret). */
const endpointColumns = {
  uuid: webhookEndpoints.uuid,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  eventTypes: webhookEndpoints.eventTypes,
  enabled: webhookEndpoints.enabled,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};

export type EndpointRow = {
  uuid: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    ...row,
    eventTypes: row.eventTypes as WebhookEndpoint['eventTypes'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function listEndpoints(db: Db, organizationUuid: string): Promise<EndpointRow[]> {
  return db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationUuid, organizationUuid))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.uuid);
}

export async function findEndpoint(db: Db, uuid: string): Promise<EndpointRow | null> {
  const [row] = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.uuid, uuid));
  return row ?? null;
}

export async function insertEndpoint(
  db: Db,
  values: {
    organizationUuid: string;
    url: string;
    description: string;
    eventTypes: string[];
    enabled: boolean;
    secretCiphertext: string;
  },
): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning(endpointColumns);
  return row!;
}

export async function updateEndpoint(
  db: Db,
  uuid: string,
  values: Partial<{
    url: string;
    description: string;
    eventTypes: string[];
    enabled: boolean;
    secretCiphertext: string;
  }>,
): Promise<EndpointRow | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.uuid, uuid))
    .returning(endpointColumns);
  return row ?? null;
}

/** Deletes an endpoint (its deliveries go with it); answers what it was, or null when there was none. */
export async function deleteEndpoint(db: Db, uuid: string): Promise<EndpointRow | null> {
  const [deleted] = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.uuid, uuid))
    .returning(endpointColumns);
  return deleted ?? null;
}

/** A delivery with what an attempt needs: its endpoint's address, state and secret. */
export async function deliveryForAttempt(db: Db, deliveryUuid: string) {
  const [row] = await db
    .select({
      uuid: webhookDeliveries.uuid,
      organizationUuid: webhookDeliveries.organizationUuid,
      messageId: webhookDeliveries.messageId,
      payload: webhookDeliveries.payload,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      secretCiphertext: webhookEndpoints.secretCiphertext,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.uuid, webhookDeliveries.endpointUuid))
    .where(eq(webhookDeliveries.uuid, deliveryUuid));
  return row ?? null;
}

/** Records an attempt's outcome, only if no other attempt was recorded since this one was planned. */
export async function recordAttempt(
  db: Db,
  deliveryUuid: string,
  attempt: number,
  outcome: {
    status: WebhookDeliveryStatus;
    statusCode: number | null;
    durationMs: number | null;
    error: string | null;
    responseExcerpt: string | null;
    nextAttemptAt: Date | null;
  },
): Promise<boolean> {
  const updated = await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      attempts: attempt,
      lastStatusCode: outcome.statusCode,
      lastDurationMs: outcome.durationMs,
      lastError: outcome.error,
      responseExcerpt: outcome.responseExcerpt,
      nextAttemptAt: outcome.nextAttemptAt,
      lastAttemptAt: sql`now()`,
    })
    .where(and(eq(webhookDeliveries.uuid, deliveryUuid), eq(webhookDeliveries.attempts, attempt - 1)))
    .returning({ uuid: webhookDeliveries.uuid });
  return updated.length > 0;
}

/** A delivery of an endpoint, in the caller's (tenant) transaction. */
export async function findDelivery(db: Db, endpointUuid: string, deliveryUuid: string) {
  const [row] = await db
    .select({ uuid: webhookDeliveries.uuid, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.uuid, deliveryUuid), eq(webhookDeliveries.endpointUuid, endpointUuid)));
  return row ?? null;
}

/** Puts a delivery back in line for a new attempt now (a redelivery). */
export async function requeueDelivery(db: Db, deliveryUuid: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()` })
    .where(eq(webhookDeliveries.uuid, deliveryUuid));
}

export interface NewDelivery {
  organizationUuid: string;
  endpointUuid: string;
  eventUuid: string | null;
  eventType: string;
  payload: Record<string, unknown>;
}

/** Inserts deliveries; the `webhook-id` is derived from the row's id. */
export async function insertDeliveries(db: Db, deliveries: NewDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const rows = deliveries.map((d) => {
    const uuid = crypto.randomUUID();
    return { ...d, uuid, messageId: messageIdOf(uuid), nextAttemptAt: sql`now()` };
  });
  const inserted = await db
    .insert(webhookDeliveries)
    .values(rows)
    .returning({ uuid: webhookDeliveries.uuid });
  return inserted.map((r) => r.uuid);
}

export const messageIdOf = (deliveryUuid: string) => `msg_${deliveryUuid.replaceAll('-', '')}`;

export interface FannedEvent {
  organizationUuid: string;
  eventUuid: string;
  webhookType: string;
  payload: Record<string, unknown>;
}

/**
 * One statement: a delivery for every enabled endpoint of the events' organisations subscribed to
 * their types. Answers the new deliveries (none, usually: no round trip more).
 */
export async function fanOutDeliveries(
  db: Db,
  events: FannedEvent[],
): Promise<{ uuid: string; organizationUuid: string }[]> {
  const result = (await db.execute(sql`
    insert into ${webhookDeliveries} (uuid, organization_uuid, endpoint_uuid, event_uuid, message_id, event_type, payload, next_attempt_at)
    select d.id, d.org, d.endpoint, d.event_uuid, 'msg_' || replace(d.id::text, '-', ''), d.type, d.payload, now()
    from (
      select gen_random_uuid() as id, e.organization_uuid as org, e.uuid as endpoint, v.event_uuid, v.type, v.payload
      from jsonb_to_recordset(${JSON.stringify(events.map((e) => ({ org: e.organizationUuid, event_uuid: e.eventUuid, type: e.webhookType, payload: e.payload })))}::jsonb)
        as v(org uuid, event_uuid uuid, type text, payload jsonb)
      join ${webhookEndpoints} e on e.organization_uuid = v.org and e.enabled and v.type = any(e.event_types)
    ) d
    returning uuid, organization_uuid as "organizationUuid"`)) as unknown as {
    rows: { uuid: string; organizationUuid: string }[];
  };
  return result.rows;
}

/** One delivery as the list answers it. */
export async function findDeliveryItem(db: Db, deliveryUuid: string): Promise<WebhookDelivery | null> {
  const d = webhookDeliveries;
  const [row] = await db
    .select({
      uuid: d.uuid,
      messageId: d.messageId,
      eventType: d.eventType,
      status: d.status,
      attempts: d.attempts,
      lastStatusCode: d.lastStatusCode,
      lastDurationMs: d.lastDurationMs,
      lastError: d.lastError,
      responseExcerpt: d.responseExcerpt,
      nextAttemptAt: d.nextAttemptAt,
      lastAttemptAt: d.lastAttemptAt,
      createdAt: d.createdAt,
    })
    .from(d)
    .where(eq(d.uuid, deliveryUuid));
  if (!row) return null;
  return {
    ...row,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Deliveries kept this long after they were made (the list shows recent history, not an archive). */
export const DELIVERY_RETENTION_DAYS = 30;

/**
 * Deletes finished deliveries (delivered or failed) older than the retention (the daily clean-up);
 * answers how many. A delivery still being retried is kept.
 */
export async function cleanUpDeliveries(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000);
  const deleted = await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['succeeded', 'failed']),
        lt(webhookDeliveries.createdAt, before),
      ),
    )
    .returning({ uuid: webhookDeliveries.uuid });
  return deleted.length;
}
