import { randomUUID } from 'node:crypto';
import type { FailedJobPage, JobQueuePage } from '@equip/domain/jobs-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, tokensOfRoles } from '../../test/factories.ts';

/**
 * The jobs page's tables as server lists: the queues and the failed jobs, filtered, sorted, paged and
 * counted by the server. A queue of this file's own holds failed jobs written as pg-boss writes them.
 */
describe('jobs admin lists', () => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof tokensOfRoles>>;
  const queue = `lists-test-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.database.db;
    tokens = await tokensOfRoles(
      t.services,
      (await createOrganization(db)).uuid,
      (await createOrganization(db)).uuid,
    );
    await t.services.jobs.boss.createQueue(queue);
    // Three jobs that failed for good, a minute apart, after 1, 3 and 2 tries; one still waiting.
    for (const [minute, tries, message] of [
      [3, 1, 'first failure'],
      [2, 3, 'second failure'],
      [1, 2, 'third failure'],
    ] as const)
      await t.services.database.jobStore.executeSql(
        `insert into pgboss.job (id, name, data, state, retry_limit, retry_count, created_on, started_on, completed_on, output)
         values ($1, $2, '{}'::jsonb, 'failed', $3, $4, now() - interval '1 hour', now() - interval '1 hour',
                 now() - make_interval(mins => $5), jsonb_build_object('message', $6::text))`,
        [randomUUID(), queue, tries - 1, tries - 1, minute, message],
      );
    await t.services.database.jobStore.executeSql(
      `insert into pgboss.job (id, name, data, state) values ($1, $2, '{}'::jsonb, 'created')`,
      [randomUUID(), queue],
    );
  });
  afterAll(() => t.app.close());

  const get = (url: string, token = tokens.adminToken) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const failed = async (query = '') => {
    const res = await get(`/api/admin/jobs/failed?queue=${queue}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FailedJobPage>();
  };
  const errors = (page: FailedJobPage) => page.items.map((job) => job.error);

  it('lists a queue’s failed jobs newest first, sorted and paged by the server, with the total', async () => {
    const newest = await failed();
    expect(newest.total).toBe(3);
    expect(errors(newest)).toEqual(['third failure', 'second failure', 'first failure']);
    expect(newest.items[0]).toMatchObject({ queue, deadLetter: false, attempts: 2, maxAttempts: 2 });
    expect(newest.items[0]!.failedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(errors(await failed('sortingDirection=asc'))).toEqual([
      'first failure',
      'second failure',
      'third failure',
    ]);
    expect(errors(await failed('sortingKey=attempts&sortingDirection=desc'))).toEqual([
      'second failure',
      'third failure',
      'first failure',
    ]);
    const second = await failed('take=2&skip=2');
    expect(errors(second)).toEqual(['first failure']);
    expect(second.total).toBe(3);
  });

  it('lists the queues with their jobs per state, filtered to those with failures and sorted by them', async () => {
    const res = await get(
      '/api/admin/jobs/queues?withFailures=true&sortingKey=failed&sortingDirection=desc&take=100',
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<JobQueuePage>();
    const ours = page.items.find((q) => q.name === queue);
    expect(ours).toEqual({
      name: queue,
      deadLetterOf: null,
      counts: { created: 1, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 3 },
    });
    expect(page.items.every((q) => q.counts.failed > 0)).toBe(true);
    const failures = page.items.map((q) => q.counts.failed);
    expect(failures).toEqual([...failures].sort((a, b) => b - a));
    expect(page.total).toBe(page.items.length);
    // By name by default, a page at a time by cursor.
    const first = (await get('/api/admin/jobs/queues?take=1')).json<JobQueuePage>();
    expect(first.items).toHaveLength(1);
    expect(first.total).toBeGreaterThan(1);
    const next = (await get(`/api/admin/jobs/queues?take=1&cursor=${first.nextCursor}`)).json<JobQueuePage>();
    expect(next.items[0]!.name > first.items[0]!.name).toBe(true);
    expect(page.items.some((q) => q.name.startsWith('__pgboss__'))).toBe(false);
  });

  it('refuses a bad query with a 400 at the field', async () => {
    for (const [url, param] of [
      ['/api/admin/jobs/failed?sortingKey=payload', 'sortingKey'],
      ['/api/admin/jobs/failed?take=101', 'take'],
      ['/api/admin/jobs/failed?cursor=abc', 'cursor'],
      ['/api/admin/jobs/queues?sortingKey=size', 'sortingKey'],
      ['/api/admin/jobs/queues?withFailures=yes', 'withFailures'],
      ['/api/admin/jobs/queues?skip=-1', 'skip'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0], url).toMatchObject({ location: 'query', param });
    }
  });

  it('is the installation’s: 401 without a token, 403 to an organisation’s it-owner or regular user', async () => {
    for (const url of ['/api/admin/jobs/queues', `/api/admin/jobs/failed?queue=${queue}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await get(url, tokens.ownerToken)).statusCode).toBe(403);
      expect((await get(url, tokens.regularToken)).statusCode).toBe(403);
      expect((await get(url, tokens.otherOwnerToken)).statusCode).toBe(403);
    }
  });
});
