import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery, WebhookDeliveryPage, WebhookEndpointWithSecret } from '@equip/domain/webhooks';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, tokensOfRoles } from '../../test/factories.ts';
import { cleanUpDeliveries, insertDeliveries } from './queries.ts';
import { webhookSecretKey } from './secrets.ts';
import { type PlannedAttempt, WebhookService } from './service.ts';

/** What the receiver saw: each request, and whether standardwebhooks verified it with the secret. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
}

/** A local HTTP receiver; a path's handler decides the answer (after the signature check). */
class Receiver {
  readonly received: Received[] = [];
  secrets = new Map<string, string>();
  private server: Server;
  private hits = new Map<string, number>();
  constructor(
    private readonly answer: (
      path: string,
      hit: number,
    ) => { status: number; body?: string; headers?: Record<string, string>; hang?: boolean },
  ) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        const body = Buffer.concat(chunks).toString('utf8');
        const secret = this.secrets.get(path);
        let verified = false;
        try {
          if (secret) new Webhook(secret).verify(body, req.headers as Record<string, string>);
          verified = Boolean(secret);
        } catch {
          verified = false;
        }
        this.received.push({ path, headers: req.headers, body, verified });
        const hit = (this.hits.get(path) ?? 0) + 1;
        this.hits.set(path, hit);
        const a = this.answer(path, hit);
        if (a.hang) return;
        res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? 'ok');
      });
    });
  }
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  at(path: string) {
    return this.received.filter((r) => r.path === path);
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhooks', () => {
  let t: TestApp;
  let app: App;
  let base: string;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let providerToken: string;
  let otherOwnerToken: string;
  let otherEndpoint: WebhookEndpointWithSecret;
  const receiver = new Receiver((path, hit) => {
    if (path === '/flaky') return { status: hit === 1 ? 500 : 200 };
    if (path === '/redirect') return { status: 302, headers: { location: '/redirected' } };
    if (path === '/big') return { status: 200, body: 'x'.repeat(100_000) };
    if (path === '/hang') return { status: 200, hang: true };
    return { status: 200, body: '{"received":true}' };
  });

  const db = () => t.services.database.db;
  const send = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token = ownerToken,
  ) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  const register = async (path: string, eventTypes: string[], token = ownerToken) => {
    const res = await send(
      'POST',
      '/api/webhooks',
      { url: `${base}${path}`, eventTypes, description: path },
      token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const endpoint = res.json<WebhookEndpointWithSecret>();
    receiver.secrets.set(path, endpoint.secret);
    return endpoint;
  };
  const deliveries = async (endpointUuid: string, query = '') => {
    const res = await send('GET', `/api/webhooks/${endpointUuid}/deliveries${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WebhookDeliveryPage>();
  };
  const settled = (endpointUuid: string, count: number, status: WebhookDelivery['status'] = 'succeeded') =>
    until(
      () => deliveries(endpointUuid),
      (p) => p.items.length >= count && p.items.every((d) => d.status === status),
    );

  beforeAll(async () => {
    base = await receiver.start();
    t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `Hooks ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Other ${randomUUID().slice(0, 6)}`)).uuid;
    ({
      ownerToken,
      regularToken,
      adminToken: providerToken,
      otherOwnerToken,
    } = await tokensOfRoles(t.services, orgUuid, otherOrgUuid));
    otherEndpoint = await register('/other', ['employee.created'], otherOwnerToken);
  });

  afterAll(async () => {
    await t?.app.close();
    await receiver.close();
  });

  describe('endpoints', () => {
    it('registers an endpoint, answers its secret once, lists it without', async () => {
      const endpoint = await register('/list', ['employee.created', 'employee.created', 'device.enrolled']);
      expect(endpoint.secret).toMatch(/^whsec_/);
      expect(endpoint.eventTypes).toEqual(['employee.created', 'device.enrolled']);
      expect(endpoint.enabled).toBe(true);
      const list = await send('GET', '/api/webhooks');
      expect(list.statusCode).toBe(200);
      const listed = list.json<{ items: Record<string, unknown>[] }>().items;
      expect(listed.map((e) => e.uuid)).toContain(endpoint.uuid);
      expect(listed.map((e) => e.uuid)).not.toContain(otherEndpoint.uuid);
      expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
      expect(listed.every((e) => !('secret' in e))).toBe(true);
      // Stored encrypted: the table does not hold the secret.
      const [row] = await db()
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.uuid, endpoint.uuid));
      expect(row!.secretCiphertext).not.toContain(endpoint.secret.slice(6));
    });

    it('refuses bad input with the field, writing nothing', async () => {
      const before = (await db().select().from(webhookEndpoints)).length;
      const cases = [
        [{ url: 'ftp://example.com/hook', eventTypes: ['employee.created'] }, 'url'],
        [{ url: 'not a url', eventTypes: ['employee.created'] }, 'url'],
        [{ url: `${base}/x`, eventTypes: [] }, 'eventTypes'],
        [{ url: `${base}/x`, eventTypes: ['employee.exploded'] }, 'eventTypes'],
        [{ eventTypes: ['employee.created'] }, 'url'],
      ] as const;
      for (const [body, field] of cases) {
        const res = await send('POST', '/api/webhooks', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(res.json().errors)).toContain(field);
      }
      const noEvents = await send('PATCH', `/api/webhooks/${otherEndpoint.uuid}`, { eventTypes: [] });
      expect(noEvents.statusCode).toBe(400);
      expect((await db().select().from(webhookEndpoints)).length).toBe(before);
    });

    it('answers 401 without a token and 403 to a regular person', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/webhooks' })).statusCode).toBe(401);
      expect((await send('GET', '/api/webhooks', undefined, regularToken)).statusCode).toBe(403);
      const created = await send(
        'POST',
        '/api/webhooks',
        { url: `${base}/r`, eventTypes: ['employee.created'] },
        regularToken,
      );
      expect(created.statusCode).toBe(403);
    });

    it("lets a provider admin acting for the organisation manage it, and hides another organisation's endpoints (404)", async () => {
      const res = await send(
        'POST',
        '/api/webhooks',
        { url: `${base}/provider`, eventTypes: ['security.alert'] },
        providerToken,
      );
      expect(res.statusCode).toBe(201);
      const id = otherEndpoint.uuid;
      for (const [method, url, body] of [
        ['PATCH', `/api/webhooks/${id}`, { enabled: false }],
        ['DELETE', `/api/webhooks/${id}`, undefined],
        ['POST', `/api/webhooks/${id}/secret`, undefined],
        ['GET', `/api/webhooks/${id}/deliveries`, undefined],
        ['POST', `/api/webhooks/${id}/test`, undefined],
        ['POST', `/api/webhooks/${id}/deliveries/${randomUUID()}/redeliver`, undefined],
      ] as const) {
        const answer = await send(method, url, body);
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
      }
      const [still] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.uuid, id));
      expect(still!.enabled).toBe(true);
    });

    it('updates, disables and deletes an endpoint', async () => {
      const endpoint = await register('/edit', ['employee.created']);
      const res = await send('PATCH', `/api/webhooks/${endpoint.uuid}`, {
        description: 'HR system',
        eventTypes: ['employee.updated'],
        enabled: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        description: 'HR system',
        eventTypes: ['employee.updated'],
        enabled: false,
      });
      expect((await send('PATCH', `/api/webhooks/${endpoint.uuid}`, { url: 'gopher://x' })).statusCode).toBe(
        400,
      );
      expect((await send('DELETE', `/api/webhooks/${endpoint.uuid}`)).statusCode).toBe(204);
      expect((await send('DELETE', `/api/webhooks/${endpoint.uuid}`)).statusCode).toBe(404);
    });

    it('edits URL, event types and enabled in one change, answering the endpoint without its secret', async () => {
      const endpoint = await register('/edit-all', ['employee.created']);
      const res = await send('PATCH', `/api/webhooks/${endpoint.uuid}`, {
        url: `${base}/edit-all/v2`,
        eventTypes: ['device.enrolled', 'employee.deleted'],
        enabled: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        uuid: endpoint.uuid,
        url: `${base}/edit-all/v2`,
        description: '/edit-all',
        eventTypes: ['device.enrolled', 'employee.deleted'],
        enabled: false,
      });
      expect(res.json()).not.toHaveProperty('secret');
      expect(res.body).not.toContain(endpoint.secret);
      const listed = (await send('GET', '/api/webhooks')).json<{ items: { uuid: string; url: string }[] }>();
      expect(listed.items.find((e) => e.uuid === endpoint.uuid)?.url).toBe(`${base}/edit-all/v2`);
    });

    it('refuses a bad edit with the field, changing nothing', async () => {
      const endpoint = await register('/edit-bad', ['employee.created']);
      const cases = [
        [{ url: 'not a url' }, 'url'],
        [{ url: 'ftp://example.com/hook' }, 'url'],
        [{ url: '' }, 'url'],
        [{ eventTypes: ['employee.exploded'] }, 'eventTypes'],
        [{ eventTypes: 'employee.created' }, 'eventTypes'],
        [{ description: 'x'.repeat(501) }, 'description'],
        [{ enabled: 'no' }, 'enabled'],
      ] as const;
      for (const [body, field] of cases) {
        const res = await send('PATCH', `/api/webhooks/${endpoint.uuid}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(res.json().errors), JSON.stringify(body)).toContain(field);
      }
      expect((await send('PATCH', '/api/webhooks/not-a-uuid', { enabled: false })).statusCode).toBe(400);
      const [row] = await db()
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.uuid, endpoint.uuid));
      expect(row).toMatchObject({
        url: `${base}/edit-bad`,
        description: '/edit-bad',
        eventTypes: ['employee.created'],
        enabled: true,
      });
    });

    it('answers an edit 401 without a token and 403 to a regular person, changing nothing', async () => {
      const endpoint = await register('/edit-guard', ['employee.created']);
      const anonymous = await app.inject({
        method: 'PATCH',
        url: `/api/webhooks/${endpoint.uuid}`,
        payload: { enabled: false },
      });
      expect(anonymous.statusCode).toBe(401);
      const regular = await send(
        'PATCH',
        `/api/webhooks/${endpoint.uuid}`,
        { url: `${base}/taken-over`, enabled: false },
        regularToken,
      );
      expect(regular.statusCode).toBe(403);
      const [row] = await db()
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.uuid, endpoint.uuid));
      expect(row).toMatchObject({ url: `${base}/edit-guard`, enabled: true });
    });
  });

  describe('deliveries', () => {
    it('delivers an event signed (verified by standardwebhooks), only to subscribed endpoints of the organisation', async () => {
      const created = await register('/created', ['employee.created']);
      const updatedOnly = await register('/updated', ['employee.updated']);
      const email = `ada-${randomUUID().slice(0, 6)}@hooks.test`;
      const res = await send('POST', '/api/employees', { firstName: 'Ada', lastName: 'Hook', email });
      expect(res.statusCode, res.body).toBe(201);
      const page = await settled(created.uuid, 1);
      expect(page.items).toHaveLength(1);
      const [delivery] = page.items;
      expect(delivery).toMatchObject({
        eventType: 'employee.created',
        status: 'succeeded',
        attempts: 1,
        lastStatusCode: 200,
      });
      expect(delivery!.lastDurationMs).toBeGreaterThanOrEqual(0);
      expect(delivery!.responseExcerpt).toBe('{"received":true}');
      const [got] = receiver.at('/created');
      expect(got!.verified).toBe(true);
      expect(got!.headers['webhook-id']).toBe(delivery!.messageId);
      const body = JSON.parse(got!.body);
      expect(body).toMatchObject({ type: 'employee.created', data: { organizationUuid: orgUuid, email } });
      expect(new Date(body.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect((await deliveries(updatedOnly.uuid)).items).toHaveLength(0);
      expect(receiver.at('/other')).toHaveLength(0);
    });

    it('carries before and after for updates', async () => {
      const endpoint = await register('/diff', ['employee.updated']);
      const email = `bo-${randomUUID().slice(0, 6)}@hooks.test`;
      const person = (
        await send('POST', '/api/employees', { firstName: 'Bo', lastName: 'Old', email })
      ).json();
      expect((await send('PATCH', `/api/employees/${person.uuid}`, { lastName: 'New' })).statusCode).toBe(
        200,
      );
      await settled(endpoint.uuid, 1);
      const body = JSON.parse(receiver.at('/diff')[0]!.body);
      expect(body).toMatchObject({
        type: 'employee.updated',
        data: { subjectUuid: person.uuid, before: { lastName: 'Old' }, after: { lastName: 'New' } },
      });
    });

    it('enqueues nothing when the change rolls back', async () => {
      const endpoint = await register('/rollback', ['employee.created']);
      const email = `dup-${randomUUID().slice(0, 6)}@hooks.test`;
      expect(
        (await send('POST', '/api/employees', { firstName: 'A', lastName: 'B', email })).statusCode,
      ).toBe(201);
      expect(
        (await send('POST', '/api/employees', { firstName: 'C', lastName: 'D', email })).statusCode,
      ).toBe(409);
      await settled(endpoint.uuid, 1);
      await new Promise((r) => setTimeout(r, 700));
      expect((await deliveries(endpoint.uuid)).items).toHaveLength(1);
    });

    it('sends one employee.imported for an import, not one call per person', async () => {
      const endpoint = await register('/import', ['employee.created', 'employee.imported']);
      const tag = randomUUID().slice(0, 6);
      const csv = [
        'First Name,Last Name,Email',
        ...[1, 2, 3].map((i) => `P${i},Import,p${i}-${tag}@hooks.test`),
      ].join('\n');
      const res = await app.inject({
        method: 'POST',
        url: '/api/employees/import',
        headers: { ...bearer(ownerToken), 'content-type': 'text/csv', 'x-file-name': 'people.csv' },
        payload: csv,
      });
      expect(res.statusCode, res.body).toBe(201);
      const page = await settled(endpoint.uuid, 1);
      await new Promise((r) => setTimeout(r, 700));
      expect((await deliveries(endpoint.uuid)).items.map((d) => d.eventType)).toEqual(['employee.imported']);
      expect(JSON.parse(receiver.at('/import')[0]!.body).data).toMatchObject({
        count: 3,
        fileName: 'people.csv',
      });
      expect(page.items[0]!.status).toBe('succeeded');
    });

    it('retries after a 500 with the same webhook-id, and succeeds', async () => {
      const endpoint = await register('/flaky', ['employee.deleted']);
      const test = await send('POST', `/api/webhooks/${endpoint.uuid}/test`);
      expect(test.statusCode, test.body).toBe(202);
      expect(test.json()).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
      const page = await settled(endpoint.uuid, 1);
      expect(page.items[0]).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 200 });
      const calls = receiver.at('/flaky');
      expect(calls).toHaveLength(2);
      expect(calls.every((c) => c.verified)).toBe(true);
      expect(new Set(calls.map((c) => c.headers['webhook-id'])).size).toBe(1);
      expect(JSON.parse(calls[0]!.body).type).toBe('webhook.test');
    });

    it('does not follow redirects: a 3xx is a failed attempt, retried', async () => {
      const endpoint = await register('/redirect', ['employee.deleted']);
      await send('POST', `/api/webhooks/${endpoint.uuid}/test`);
      const page = await until(
        () => deliveries(endpoint.uuid),
        (p) => (p.items[0]?.attempts ?? 0) >= 1,
      );
      expect(page.items[0]).toMatchObject({ lastStatusCode: 302, status: 'retrying' });
      expect(page.items[0]!.lastError).toContain('Redirect');
      expect(page.items[0]!.nextAttemptAt).not.toBeNull();
      expect(receiver.at('/redirected')).toHaveLength(0);
      // Deleting the endpoint ends it.
      expect((await send('DELETE', `/api/webhooks/${endpoint.uuid}`)).statusCode).toBe(204);
    });

    it('keeps at most 4 KB of the answer', async () => {
      const endpoint = await register('/big', ['employee.deleted']);
      await send('POST', `/api/webhooks/${endpoint.uuid}/test`);
      const page = await settled(endpoint.uuid, 1);
      expect(page.items[0]!.responseExcerpt).toHaveLength(4096);
    });

    it('redelivers a delivery (same webhook-id) and pages the list newest first', async () => {
      const endpoint = await register('/again', ['employee.deleted']);
      const first = (await send('POST', `/api/webhooks/${endpoint.uuid}/test`)).json<WebhookDelivery>();
      await send('POST', `/api/webhooks/${endpoint.uuid}/test`);
      await settled(endpoint.uuid, 2);
      const again = await send('POST', `/api/webhooks/${endpoint.uuid}/deliveries/${first.uuid}/redeliver`);
      expect(again.statusCode, again.body).toBe(202);
      expect(again.json()).toMatchObject({ uuid: first.uuid, status: 'pending' });
      const page = await until(
        () => deliveries(endpoint.uuid),
        (p) => p.items.find((d) => d.uuid === first.uuid)?.attempts === 2,
      );
      expect(page.items.find((d) => d.uuid === first.uuid)).toMatchObject({
        status: 'succeeded',
        attempts: 2,
      });
      const ids = receiver.at('/again').map((r) => r.headers['webhook-id']);
      expect(ids.filter((id) => id === first.messageId)).toHaveLength(2);
      const one = await deliveries(endpoint.uuid, '?take=1');
      expect(one.total).toBe(2);
      expect(one.items[0]!.uuid).not.toBe(first.uuid);
      const next = await deliveries(endpoint.uuid, `?take=1&cursor=${one.nextCursor}`);
      expect(next.items[0]!.uuid).toBe(first.uuid);
      expect((await send('GET', `/api/webhooks/${endpoint.uuid}/deliveries?take=0`)).statusCode).toBe(400);
      const unknown = await send(
        'POST',
        `/api/webhooks/${endpoint.uuid}/deliveries/${randomUUID()}/redeliver`,
      );
      expect(unknown.statusCode).toBe(404);
    });

    it('signs with the new secret after a rotation', async () => {
      const endpoint = await register('/rotate', ['employee.deleted']);
      const rotated = await send('POST', `/api/webhooks/${endpoint.uuid}/secret`);
      expect(rotated.statusCode).toBe(200);
      const secret = rotated.json<WebhookEndpointWithSecret>().secret;
      expect(secret).not.toBe(endpoint.secret);
      receiver.secrets.set('/rotate', secret);
      await send('POST', `/api/webhooks/${endpoint.uuid}/test`);
      await settled(endpoint.uuid, 1);
      expect(receiver.at('/rotate')[0]!.verified).toBe(true);
    });

    it('fails a delivery to a disabled endpoint without calling it', async () => {
      const endpoint = await register('/disabled', ['employee.deleted']);
      await send('PATCH', `/api/webhooks/${endpoint.uuid}`, { enabled: false });
      await send('POST', `/api/webhooks/${endpoint.uuid}/test`);
      const page = await settled(endpoint.uuid, 1, 'failed');
      expect(page.items[0]!.lastError).toBe('The endpoint is disabled');
      expect(receiver.at('/disabled')).toHaveLength(0);
    });
  });

  describe('private addresses without WEBHOOKS_ALLOW_PRIVATE', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp();
    });
    afterAll(async () => {
      await strict?.app.close();
    });

    it('refuses to register loopback, private and link-local addresses', async () => {
      for (const url of [
        'https://127.0.0.1/hook',
        'https://10.1.2.3/hook',
        'https://169.254.169.254/latest',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://[fe80::1]/hook',
        'https://localhost/hook',
        `${base}/plain-http`,
      ]) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: bearer(ownerToken),
          payload: { url, eventTypes: ['employee.created'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors[0]).toMatchObject({ param: 'url' });
        expect(res.json().errors[0].msg).toMatch(/private, loopback or link-local|https/);
      }
    });

    it('refuses to move an endpoint to one, changing nothing', async () => {
      const endpoint = await register('/move', ['employee.created']);
      for (const url of ['https://10.1.2.3/hook', 'https://169.254.169.254/latest', `${base}/plain-http`]) {
        const res = await strict.app.inject({
          method: 'PATCH',
          url: `/api/webhooks/${endpoint.uuid}`,
          headers: bearer(ownerToken),
          payload: { url, enabled: false },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors[0]).toMatchObject({ param: 'url' });
      }
      // Another organisation's endpoint is not found before its new address is looked at.
      const foreign = await strict.app.inject({
        method: 'PATCH',
        url: `/api/webhooks/${otherEndpoint.uuid}`,
        headers: bearer(ownerToken),
        payload: { url: 'https://10.1.2.3/hook' },
      });
      expect(foreign.statusCode).toBe(404);
      const [row] = await db()
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.uuid, endpoint.uuid));
      expect(row).toMatchObject({ url: `${base}/move`, enabled: true });
    });

    it('refuses to deliver to one (an endpoint saved while it was allowed): nothing arrives', async () => {
      const endpoint = await register('/private', ['employee.deleted']);
      const planned: PlannedAttempt[] = [];
      const service = new WebhookService({
        db: db(),
        queue: { enqueue: async (_tx, attempts) => void planned.push(...attempts), wake: () => undefined },
        secretKey: webhookSecretKey(t.services.keys.jwtSecret),
        policy: { allowPrivate: false },
      });
      // The same address over https, so that the address is what is refused.
      await db()
        .update(webhookEndpoints)
        .set({ url: `${base.replace('http:', 'https:')}/private` })
        .where(eq(webhookEndpoints.uuid, endpoint.uuid));
      const [deliveryUuid] = await insertDeliveries(db(), [
        {
          organizationUuid: orgUuid,
          endpointUuid: endpoint.uuid,
          eventUuid: null,
          eventType: 'webhook.test',
          payload: {},
        },
      ]);
      await service.attempt({ deliveryUuid: deliveryUuid!, attempt: 1, firstAttempt: 1 });
      const [row] = await db()
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.uuid, deliveryUuid!));
      expect(row).toMatchObject({ status: 'retrying', attempts: 1, lastStatusCode: null });
      expect(row!.lastError).toContain('WEBHOOKS_ALLOW_PRIVATE');
      expect(planned).toMatchObject([{ deliveryUuid, attempt: 2, firstAttempt: 1 }]);
      expect(receiver.at('/private')).toHaveLength(0);
    });
  });

  it('gives up on a receiver that does not answer in time, and fails after the last attempt', async () => {
    const endpoint = await register('/hang', ['employee.deleted']);
    const service = new WebhookService({
      db: db(),
      queue: { enqueue: async () => undefined, wake: () => undefined },
      secretKey: webhookSecretKey(t.services.keys.jwtSecret),
      policy: { allowPrivate: true },
      timeoutMs: 300,
      retryDelaysSeconds: [],
    });
    const [deliveryUuid] = await insertDeliveries(db(), [
      {
        organizationUuid: orgUuid,
        endpointUuid: endpoint.uuid,
        eventUuid: null,
        eventType: 'webhook.test',
        payload: {},
      },
    ]);
    await service.attempt({ deliveryUuid: deliveryUuid!, attempt: 1, firstAttempt: 1 });
    const [row] = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.uuid, deliveryUuid!));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(row!.lastError).toBe('No answer within 0.3 s');
    // A stale attempt (superseded) does nothing.
    await service.attempt({ deliveryUuid: deliveryUuid!, attempt: 1, firstAttempt: 1 });
    expect(receiver.at('/hang')).toHaveLength(1);
  });

  it('forgets finished deliveries after 30 days and keeps those still being retried', async () => {
    const endpoint = await register('/old', ['employee.deleted']);
    const ids = await insertDeliveries(
      db(),
      (['succeeded', 'failed', 'retrying'] as const).map(() => ({
        organizationUuid: orgUuid,
        endpointUuid: endpoint.uuid,
        eventUuid: null,
        eventType: 'webhook.test',
        payload: {},
      })),
    );
    for (const [i, status] of (['succeeded', 'failed', 'retrying'] as const).entries())
      await db()
        .update(webhookDeliveries)
        .set({ status, createdAt: new Date(Date.now() - 31 * 86_400_000) })
        .where(eq(webhookDeliveries.uuid, ids[i]!));
    expect(await cleanUpDeliveries(db())).toBeGreaterThanOrEqual(2);
    const left = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointUuid, endpoint.uuid));
    expect(left.map((d) => d.status)).toEqual(['retrying']);
  });
});
