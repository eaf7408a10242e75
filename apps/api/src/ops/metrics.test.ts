import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearerMatches } from './metrics.ts';

const TOKEN = 'metrics-token-of-the-test-0123456789';

/** The value of one sample of the exposition text (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** Issue 26, item 8: Prometheus metrics, off unless METRICS_TOKEN is set, then only with that token. */
describe('/metrics', () => {
  it('is off without METRICS_TOKEN: 404, like any path no one answers', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    } finally {
      await t.app.close();
    }
  });

  it('compares the bearer token whole, in any case of the scheme', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    const scrape = () =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    });
    afterAll(() => t.app.close());

    it('refuses a scrape without the token or with another one (401)', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(none.body).not.toContain('equip_');
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer another-token-of-the-same-length!!' },
      });
      expect(wrong.statusCode).toBe(401);
      const basic = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      });
      expect(basic.statusCode).toBe(401);
    });

    it('times requests by route pattern and status, never by raw URL', async () => {
      await t.app.inject({ method: 'GET', url: '/healthz?probe=1' });
      const uuid = '00000000-0000-4000-8000-000000000001';
      const employee = await t.app.inject({ method: 'GET', url: `/api/employees/${uuid}` });
      expect(employee.statusCode).toBe(401);
      await t.app.inject({ method: 'GET', url: '/api/no-such-route/42' });

      const res = await scrape();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(
        sample(
          text,
          'equip_http_request_duration_seconds_count',
          'method="GET",route="/healthz",status="200"',
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(
          text,
          'equip_http_request_duration_seconds_count',
          'method="GET",route="/api/employees/:uuid",status="401"',
        ),
      ).toBe(1);
      expect(
        sample(
          text,
          'equip_http_request_duration_seconds_count',
          'method="GET",route="(unmatched)",status="404"',
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(text).toContain(
        'equip_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz",status="200"}',
      );
      expect(text).not.toContain(uuid);
      expect(text).not.toContain('probe=1');
      expect(text).not.toContain('no-such-route');
      // The scrape itself is not timed.
      expect(text).not.toContain('route="/metrics"');
    });

    it('counts failed sign-ins', async () => {
      const before = sample((await scrape()).body, 'equip_login_failures_total', 'step="password"');
      expect(before).toBeDefined();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/login',
        payload: { email: 'nobody@metrics.example', encryptedPassword: 'not-encrypted' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const after = sample((await scrape()).body, 'equip_login_failures_total', 'step="password"');
      expect(after).toBe((before ?? 0) + 1);
      expect(sample((await scrape()).body, 'equip_login_failures_total', 'step="mfa"')).toBe(0);
    });

    it('reports job queues, the outbox, webhook failures and the pool as the database holds them', async () => {
      const db = t.services.database.db;
      const [counts] = (
        (await db.execute(
          sql`select (select count(*)::int from mail_outbox where sent_at is null) as outbox,
                   (select count(*)::int from webhook_deliveries where status = 'failed') as failed,
                   (select count(*)::int from pgboss.queue) as queues`,
        )) as unknown as { rows: { outbox: number; failed: number; queues: number }[] }
      ).rows;
      const text = (await scrape()).body;
      expect(sample(text, 'equip_mail_outbox_depth')).toBe(counts?.outbox);
      expect(sample(text, 'equip_webhook_delivery_failures', 'state="final"')).toBe(counts?.failed);
      expect(sample(text, 'equip_webhook_delivery_failures', 'state="retrying"')).toBeGreaterThanOrEqual(0);
      // Every queue of the catalogue and its dead letters, with a depth, running and failed count.
      const depths = text.split('\n').filter((l) => l.startsWith('equip_job_queue_depth{'));
      expect(depths.length).toBe(counts?.queues);
      for (const queue of ['mail.send', 'mail.send.dead', 'webhooks.deliver']) {
        expect(sample(text, 'equip_job_queue_depth', `queue="${queue}"`)).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'equip_jobs_active', `queue="${queue}"`)).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'equip_jobs_failed', `queue="${queue}"`)).toBeGreaterThanOrEqual(0);
      }
      expect(sample(text, 'equip_db_pool_connections', 'state="size"')).toBe(
        t.services.database.kind === 'postgres' ? 5 : 1,
      );
      if (t.services.database.kind === 'postgres') {
        expect(sample(text, 'equip_db_pool_connections', 'state="in_use"')).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'equip_db_pool_waiting')).toBe(0);
      }
      expect(sample(text, 'equip_process_resident_memory_bytes')).toBeGreaterThan(0);
    });

    it('counts a job waiting in its queue', async () => {
      const before = sample((await scrape()).body, 'equip_job_queue_depth', 'queue="mail.send"') ?? 0;
      // A job for later waits in the queue (created) until its time.
      await t.services.jobs.send(
        'mail.send',
        { outboxUuid: '00000000-0000-4000-8000-0000000000aa' },
        { startAfter: new Date(Date.now() + 3_600_000), key: 'metrics-test-waiting' },
      );
      try {
        expect(sample((await scrape()).body, 'equip_job_queue_depth', 'queue="mail.send"')).toBe(before + 1);
      } finally {
        await t.services.database.db.execute(
          sql`delete from pgboss.job where singleton_key = 'metrics-test-waiting'`,
        );
      }
    });
  });
});
