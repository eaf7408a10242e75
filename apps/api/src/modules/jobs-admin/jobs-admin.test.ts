import { randomUUID } from 'node:crypto';
import type { FailedJob, JobQueue } from '@equip/domain/jobs-admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobIdFor } from '../../background/job-runner.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { startSmtpPeer } from '../../test/smtp.ts';

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * The jobs page's API, driven with real `mail.send` jobs through the app's own runner: the SMTP server
 * is down, so a mail job fails and dead-letters; the server comes back and the retry delivers it once.
 */
describe('jobs admin', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let smtpPort: number;
  const tokens = {} as Record<'admin' | 'owner' | 'regular', string>;

  beforeAll(async () => {
    // A free port with no SMTP server on it (yet): mail fails with "connection refused".
    const probe = await startSmtpPeer();
    smtpPort = Number(new URL(probe.url).port);
    await probe.close();
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
    const db = t.services.database.db;
    const org = await createOrganization(db);
    for (const role of ['equip-admin', 'it-owner', 'regular'] as const) {
      const user = await createUser(db, { organizationUuid: org.uuid, role });
      const name = role === 'equip-admin' ? 'admin' : role === 'it-owner' ? 'owner' : 'regular';
      tokens[name] = await tokenFor(t.services, user, org.uuid);
    }
  });
  afterAll(async () => {
    await t.app.close();
    await smtp?.close();
  });

  const get = (url: string, token = tokens.admin) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const retry = (id: string, token = tokens.admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers: bearer(token) });
  const jobState = async (name: string, id: string) => {
    const { rows } = await t.services.database.jobStore.executeSql(
      'select state::text as state from pgboss.job where name = $1 and id = $2',
      [name, id],
    );
    return rows[0]?.state as string | undefined;
  };
  const failedMail = async () =>
    (await get('/api/admin/jobs/failed?queue=mail.send&take=100')).json().items as FailedJob[];

  /** An outbox row and its `mail.send` job with no retries, as the mailer would send it. */
  async function mailThatFails(to: string) {
    const [row] = await t.services.database.db
      .insert(mailOutbox)
      .values({ toAddress: to, subject: 'Jobs page test', text: 'Hello' })
      .returning({ uuid: mailOutbox.uuid });
    const key = row!.uuid;
    const id = jobIdFor('mail.send', key);
    await t.services.jobs.boss.send(
      'mail.send',
      { outboxUuid: key },
      { id, singletonKey: key, retryLimit: 0 },
    );
    t.services.jobs.kick('mail.send');
    await until(async () => (await jobState('mail.send', id)) === 'failed');
    return { id, outboxUuid: key };
  }
  const sentAt = async (outboxUuid: string) =>
    (await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.uuid, outboxUuid)))[0]
      ?.sentAt;

  it('counts jobs per queue and state, retries a failed job once its cause is gone, and it runs once', async () => {
    const to = `retry-${randomUUID().slice(0, 8)}@jobs.test`;
    const { id, outboxUuid } = await mailThatFails(to);

    const queues = (await get('/api/admin/jobs/queues')).json().items as JobQueue[];
    const mail = queues.find((q) => q.name === 'mail.send')!;
    expect(mail).toMatchObject({ deadLetterOf: null });
    expect(mail.counts.failed).toBeGreaterThanOrEqual(1);
    expect(Object.keys(mail.counts).sort()).toEqual(
      ['active', 'cancelled', 'completed', 'created', 'failed', 'retry'].sort(),
    );
    // pg-boss's own queue (it fires the schedules) is not the installation's work.
    expect(queues.some((q) => q.name.startsWith('__pgboss__'))).toBe(false);
    const dead = queues.find((q) => q.name === 'mail.send.dead')!;
    expect(dead.deadLetterOf).toBe('mail.send');
    expect(dead.counts.created).toBeGreaterThanOrEqual(1);

    // The failure is listed once (its dead-letter copy belongs to it), with the SMTP error.
    const listed = (await failedMail()).filter((job) => job.id === id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ queue: 'mail.send', deadLetter: false, attempts: 1, maxAttempts: 1 });
    expect(listed[0]!.error).toMatch(/ECONNREFUSED|connect/i);
    expect(listed[0]!.failedAt).not.toBeNull();
    expect(await sentAt(outboxUuid)).toBeNull();

    smtp = await startSmtpPeer({ port: smtpPort });
    const retried = await retry(id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id, queue: 'mail.send' });
    await until(async () => (await jobState('mail.send', id)) === 'completed');
    await smtp.waitFor(to);
    expect(await sentAt(outboxUuid)).not.toBeNull();
    expect((await failedMail()).some((job) => job.id === id)).toBe(false);
    // Its dead letter was put away with it: nothing left to retry, and the mail arrived once.
    expect(
      ((await get('/api/admin/jobs/queues')).json().items as JobQueue[]).find(
        (q) => q.name === 'mail.send.dead',
      )!.counts.cancelled,
    ).toBeGreaterThanOrEqual(1);
    const again = await retry(id);
    expect(again.statusCode).toBe(409);
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('re-sends a dead letter whose original was archived to its queue with the original key', async () => {
    await smtp.close();
    const to = `dead-${randomUUID().slice(0, 8)}@jobs.test`;
    const { id, outboxUuid } = await mailThatFails(to);
    // pg-boss archives failed jobs after a while; do it now.
    const store = t.services.database.jobStore;
    const columns =
      'id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on, completed_on, keep_until, dead_letter, policy, output';
    await store.executeSql(
      `insert into pgboss.archive (${columns}) select ${columns} from pgboss.job where name = 'mail.send' and id = $1`,
      [id],
    );
    await store.executeSql(`delete from pgboss.job where name = 'mail.send' and id = $1`, [id]);

    const deadLetter = (await failedMail()).find(
      (job) => job.deadLetter && job.error?.match(/ECONNREFUSED|connect/i),
    );
    expect(deadLetter).toBeDefined();
    expect(deadLetter).toMatchObject({ queue: 'mail.send', deadLetter: true });
    expect(deadLetter!.id).not.toBe(id);

    smtp = await startSmtpPeer({ port: smtpPort });
    const retried = await retry(deadLetter!.id);
    expect(retried.statusCode).toBe(200);
    // The original's key makes the original's id: the handler sees the same job again.
    expect(retried.json()).toMatchObject({ id, queue: 'mail.send' });
    await until(async () => (await jobState('mail.send', id)) === 'completed');
    await smtp.waitFor(to);
    expect(await sentAt(outboxUuid)).not.toBeNull();
    expect((await retry(deadLetter!.id)).statusCode).toBe(409);
    expect((await failedMail()).some((job) => job.id === deadLetter!.id)).toBe(false);
  });

  it('pages the failed jobs and validates the query', async () => {
    const page = await get('/api/admin/jobs/failed?take=1&skip=0');
    expect(page.statusCode).toBe(200);
    expect(page.json().items.length).toBeLessThanOrEqual(1);
    expect(typeof page.json().total).toBe('number');
    const none = await get('/api/admin/jobs/failed?queue=no.such.queue');
    expect(none.json()).toEqual({ items: [], total: 0 });
    for (const bad of ['take=0', 'take=101', 'skip=-1', 'take=lots']) {
      const res = await get(`/api/admin/jobs/failed?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ location: 'query' });
    }
  });

  it('answers 404 for an unknown job, 400 for a malformed id, 401 without a token, 403 to anyone else', async () => {
    const unknown = await retry(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect((await retry('not-a-uuid')).statusCode).toBe(400);
    for (const url of ['/api/admin/jobs/queues', '/api/admin/jobs/failed']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await get(url, tokens.owner)).statusCode).toBe(403);
      expect((await get(url, tokens.regular)).statusCode).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/jobs/${randomUUID()}/retry` })).statusCode,
    ).toBe(401);
    expect((await retry(randomUUID(), tokens.owner)).statusCode).toBe(403);
    expect((await retry(randomUUID(), tokens.regular)).statusCode).toBe(403);
  });
});
