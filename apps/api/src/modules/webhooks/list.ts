import {
  WebhookDelivery,
  type WebhookDelivery as WebhookDeliveryItem,
  type WebhookDeliveryListQuery,
} from '@equip/domain/webhooks';
import { eq, inArray, sql } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { defineList } from '../../lists/list-query.ts';

/** The deliveries of one endpoint: the list query plus the endpoint from the path. */
export type EndpointDeliveriesQuery = WebhookDeliveryListQuery & { endpointUuid: string };

const d = webhookDeliveries;

/**
 * An endpoint's deliveries, newest first (or oldest), paged by cursor (the index on endpoint, created_at, uuid
 * serves every page alike), counted with the page (an endpoint's deliveries are few enough).
 */
export const deliveryList = defineList<EndpointDeliveriesQuery, WebhookDeliveryItem, 'createdAt'>(
  WebhookDelivery,
  {
    name: 'webhook-deliveries',
    columns: {
      uuid: sql`${d.uuid}`,
      messageId: sql`${d.messageId}`,
      eventType: sql`${d.eventType}`,
      status: sql`${d.status}`,
      attempts: sql`${d.attempts}`,
      lastStatusCode: sql`${d.lastStatusCode}`,
      lastDurationMs: sql`${d.lastDurationMs}`,
      lastError: sql`${d.lastError}`,
      responseExcerpt: sql`${d.responseExcerpt}`,
      nextAttemptAt: sql`${d.nextAttemptAt}`,
      lastAttemptAt: sql`${d.lastAttemptAt}`,
      createdAt: sql`${d.createdAt}`,
    },
    from: () => sql`${d}`,
    where: (query, organizationUuid) => [
      eq(d.organizationUuid, organizationUuid),
      eq(d.endpointUuid, query.endpointUuid),
      query.status?.length ? inArray(d.status, query.status) : undefined,
    ],
    sorts: { createdAt: { columns: [sql`${d.createdAt}`], keyset: true } },
    tieBreaker: sql`${d.uuid}`,
    sortOf: (query) => ({ key: 'createdAt', direction: query.sortingDirection ?? 'desc' }),
    total: () => 'window',
  },
);
