import { randomUUID } from 'node:crypto';
import type { WebhookEndpointWithSecret } from '@equip/domain/webhooks';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, webhookEndpoints } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';

/**
 * Issue 24 (low): adding, changing, rotating the secret of and deleting a webhook endpoint are in the
 * audit log, with who and what changed, and never the secret.
 */
describe('webhook endpoint changes in the audit log', () => {
  let t: TestApp;
  let orgUuid: string;
  let ownerUuid: string;
  let token: string;
  const db = () => t.services.database.db;
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  const eventsAbout = (endpointUuid: string) =>
    db()
      .select({ type: eventLog.type, actorUuid: eventLog.actorUuid, data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, orgUuid), eq(eventLog.subjectUuid, endpointUuid)))
      .orderBy(asc(eventLog.createdAt), asc(eventLog.uuid));

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    orgUuid = (await createOrganization(db(), `Audit ${randomUUID().slice(0, 6)}`)).uuid;
    const owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
    ownerUuid = owner.uuid;
    token = await tokenFor(t.services, owner);
  });
  afterAll(() => t?.app.close());

  it('logs create, update, secret rotation and delete with the actor and the changed fields, never the secret', async () => {
    const created = await send('POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      eventTypes: ['employee.created'],
      description: 'HR system',
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json<WebhookEndpointWithSecret>();
    const changed = await send('PATCH', `/api/webhooks/${endpoint.uuid}`, {
      url: 'http://127.0.0.1:9/hooks/v2',
      eventTypes: ['employee.created', 'employee.updated'],
      description: 'HR system',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const rotated = await send('POST', `/api/webhooks/${endpoint.uuid}/secret`);
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json<WebhookEndpointWithSecret>().secret;
    const [stored] = await db()
      .select({ ciphertext: webhookEndpoints.secretCiphertext })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.uuid, endpoint.uuid));
    expect((await send('DELETE', `/api/webhooks/${endpoint.uuid}`)).statusCode).toBe(204);

    const events = await eventsAbout(endpoint.uuid);
    expect(events).toEqual([
      {
        type: 'WEBHOOK_ENDPOINT_ADDED',
        actorUuid: ownerUuid,
        data: {
          url: 'http://127.0.0.1:9/hooks',
          description: 'HR system',
          eventTypes: ['employee.created'],
          enabled: true,
        },
      },
      {
        type: 'WEBHOOK_ENDPOINT_CHANGED',
        actorUuid: ownerUuid,
        data: {
          url: 'http://127.0.0.1:9/hooks/v2',
          // Only what changed: the description was sent unchanged.
          before: { url: 'http://127.0.0.1:9/hooks', eventTypes: ['employee.created'] },
          after: {
            url: 'http://127.0.0.1:9/hooks/v2',
            eventTypes: ['employee.created', 'employee.updated'],
          },
        },
      },
      {
        type: 'WEBHOOK_ENDPOINT_SECRET_ROTATED',
        actorUuid: ownerUuid,
        data: { url: 'http://127.0.0.1:9/hooks/v2' },
      },
      {
        type: 'WEBHOOK_ENDPOINT_REMOVED',
        actorUuid: ownerUuid,
        data: {
          url: 'http://127.0.0.1:9/hooks/v2',
          description: 'HR system',
          eventTypes: ['employee.created', 'employee.updated'],
          enabled: true,
        },
      },
    ]);
    const logged = JSON.stringify(events);
    for (const secret of [endpoint.secret, newSecret])
      for (const part of [secret, secret.replace(/^whsec_/, '')]) expect(logged).not.toContain(part);
    expect(logged).not.toContain(stored!.ciphertext);
    // No field of any event's data even names it.
    expect(JSON.stringify(events.map((e) => e.data))).not.toMatch(/secret|ciphertext/i);
  });

  it('logs nothing for a change that changes nothing, or that is refused', async () => {
    const endpoint = (
      await send('POST', '/api/webhooks', { url: 'http://127.0.0.1:9/same', eventTypes: ['device.enrolled'] })
    ).json<WebhookEndpointWithSecret>();
    expect((await send('PATCH', `/api/webhooks/${endpoint.uuid}`, { enabled: true })).statusCode).toBe(200);
    expect((await send('PATCH', `/api/webhooks/${endpoint.uuid}`, { eventTypes: [] })).statusCode).toBe(400);
    const unknown = randomUUID();
    expect((await send('PATCH', `/api/webhooks/${unknown}`, { enabled: false })).statusCode).toBe(404);
    expect((await send('POST', `/api/webhooks/${unknown}/secret`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/webhooks/${unknown}`)).statusCode).toBe(404);
    expect((await eventsAbout(endpoint.uuid)).map((e) => e.type)).toEqual(['WEBHOOK_ENDPOINT_ADDED']);
    expect(await eventsAbout(unknown)).toEqual([]);
  });
});
