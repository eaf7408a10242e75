import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryPage } from '@equip/domain/webhooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, tokensOfRoles } from '../../test/factories.ts';

/**
 * An endpoint's deliveries as the deliveries table reads them: sorted by time either way, filtered by
 * status, with the filtered total, from the server.
 */
describe('GET /api/webhooks/:uuid/deliveries as a list', () => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof tokensOfRoles>>;
  let endpointUuid: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.database.db;
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    tokens = await tokensOfRoles(t.services, org.uuid, other.uuid);
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        organizationUuid: org.uuid,
        url: 'https://hooks.example.com/equip',
        eventTypes: ['employee.created'],
        secretCiphertext: 'x.y.z',
      })
      .returning({ uuid: webhookEndpoints.uuid });
    endpointUuid = endpoint!.uuid;
    // Three deliveries a minute apart: the oldest failed, the others succeeded.
    await db.insert(webhookDeliveries).values(
      (['failed', 'succeeded', 'succeeded'] as const).map((status, minute) => ({
        organizationUuid: org.uuid,
        endpointUuid,
        messageId: `msg_${randomUUID().replaceAll('-', '')}`,
        eventType: `employee.created`,
        payload: { minute },
        status,
        createdAt: sql`now() - make_interval(mins => ${10 - minute})` as unknown as Date,
      })),
    );
  });
  afterAll(() => t.app.close());

  const get = (query: string, token = tokens.ownerToken) =>
    t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${endpointUuid}/deliveries${query}`,
      headers: bearer(token),
    });
  const minutes = (page: WebhookDeliveryPage) => page.items.map((d) => d.createdAt);

  it('sorts by time, newest first unless asked otherwise', async () => {
    const newest = (await get('')).json<WebhookDeliveryPage>();
    const oldest = (await get('?sortingKey=createdAt&sortingDirection=asc')).json<WebhookDeliveryPage>();
    expect(newest.total).toBe(3);
    expect(minutes(oldest)).toEqual([...minutes(newest)].reverse());
    expect(oldest.items[0]!.status).toBe('failed');
  });

  it('filters by status with the filtered total', async () => {
    const failed = (await get('?status=failed')).json<WebhookDeliveryPage>();
    expect(failed.total).toBe(1);
    expect(failed.items.map((d) => d.status)).toEqual(['failed']);
  });

  it('refuses an unknown sort key with a 400 naming it', async () => {
    const res = await get('?sortingKey=url');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ location: 'query', param: 'sortingKey' });
  });

  it('answers 401 without a token, 403 to a regular user and 404 to another organisation', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/webhooks/${endpointUuid}/deliveries` })).statusCode,
    ).toBe(401);
    expect((await get('', tokens.regularToken)).statusCode).toBe(403);
    expect((await get('', tokens.otherOwnerToken)).statusCode).toBe(404);
  });
});
