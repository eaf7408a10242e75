import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery, WebhookEndpointWithSecret } from '@equip/domain/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { counter, RateLimiter } from '../../security/rate-limit.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { freshWindow } from '../../test/rate-windows.ts';
import { WEBHOOK_POLICIES } from './rate-limit.ts';

/**
 * Issue 24, a noisy neighbour: test-sends and redeliveries reach outside, so each organisation has a
 * share of them (WEBHOOK_POLICIES); past it the answer is 429 with Retry-After, and nothing is written
 * or sent.
 */
describe('the per-organisation limit of webhook sends on request', () => {
  let t: TestApp;
  let receiver: Server;
  const arrived: string[] = [];
  let base: string;
  const db = () => t.services.database.db;
  const policy = WEBHOOK_POLICIES.sendsPerOrganization;

  const organization = async () => {
    const uuid = (await createOrganization(db(), `Sends ${randomUUID().slice(0, 6)}`)).uuid;
    const token = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: uuid, role: 'it-owner' }),
    );
    const post = (url: string, payload?: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        ...(payload ? { payload: payload as never } : {}),
      });
    const endpoint = (
      await post('/api/webhooks', { url: `${base}/${uuid}`, eventTypes: ['employee.created'] })
    ).json<WebhookEndpointWithSecret>();
    return { uuid, post, endpoint };
  };
  const deliveriesOf = (endpointUuid: string) =>
    db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointUuid, endpointUuid));
  const sent = async (endpointUuid: string) =>
    (await deliveriesOf(endpointUuid)).every((d) => d.status === 'succeeded');

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      arrived.push(req.url ?? '');
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(async () => {
    await t?.app.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('answers 429 with Retry-After past the limit, writing and sending nothing; other organisations go on', async () => {
    const a = await organization();
    const b = await organization();
    const first = await a.post(`/api/webhooks/${a.endpoint.uuid}/test`);
    expect(first.statusCode, first.body).toBe(202);
    const delivery = first.json<WebhookDelivery>();
    for (let i = 0; i < 100 && !(await sent(a.endpoint.uuid)); i++)
      await new Promise((r) => setTimeout(r, 100));
    // The rest of A's share is used up (as a script sending tests in a loop would).
    await freshWindow(policy);
    const limiter = new RateLimiter(db());
    const share = counter(policy, a.uuid);
    await limiter.spend(share, policy.limit - (await limiter.count(share)));
    const before = await deliveriesOf(a.endpoint.uuid);
    const arrivedBefore = arrived.length;

    for (const url of [
      `/api/webhooks/${a.endpoint.uuid}/test`,
      `/api/webhooks/${a.endpoint.uuid}/deliveries/${delivery.uuid}/redeliver`,
    ]) {
      const refused = await a.post(url);
      expect(refused.statusCode, url).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(policy.windowMs / 1000);
      expect(refused.json().errors[0]).toMatchObject({ errorType: 'TooManyRequests', errorCode: 429 });
    }
    await new Promise((r) => setTimeout(r, 1200));
    expect(await deliveriesOf(a.endpoint.uuid)).toEqual(before);
    expect(arrived.length).toBe(arrivedBefore);
    expect(await limiter.count(share)).toBe(policy.limit);

    // The limit is A's alone.
    expect((await b.post(`/api/webhooks/${b.endpoint.uuid}/test`)).statusCode).toBe(202);
  });

  it('gives the share back when the send fails (an endpoint or delivery the organisation does not have)', async () => {
    const a = await organization();
    await freshWindow(policy);
    const share = counter(policy, a.uuid);
    const limiter = new RateLimiter(db());
    expect((await a.post(`/api/webhooks/${randomUUID()}/test`)).statusCode).toBe(404);
    expect(
      (await a.post(`/api/webhooks/${a.endpoint.uuid}/deliveries/${randomUUID()}/redeliver`)).statusCode,
    ).toBe(404);
    expect(await limiter.count(share)).toBe(0);
    expect((await a.post(`/api/webhooks/${a.endpoint.uuid}/test`)).statusCode).toBe(202);
    expect(await limiter.count(share)).toBe(1);
  });
});
