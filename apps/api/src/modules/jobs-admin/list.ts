import {
  FailedJob,
  type FailedJob as FailedJobItem,
  type FailedJobSortingKey,
  type FailedJobsQuery,
  JobQueue,
  type JobQueue as JobQueueItem,
  type JobQueueListQuery,
  type JobQueueSortingKey,
  JobState,
} from '@equip/domain/jobs-admin';
import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListDefinition, sortValue } from '../../lists/list-query.ts';

/**
 * The jobs page's two tables as lists of the shared machinery, over pg-boss's own tables (`<schema>.queue`,
 * `.job`; decision 009). They span every organisation: read on the system handle (lists/system-reads.ts)
 * for provider admins only. Payloads are never read. The schema travels in the query (it is the
 * runner's, from code, never the request's), so a cached statement is one schema's.
 */

/** A list query of the jobs page with pg-boss's schema. */
export type InSchema<Q> = Q & { schema: string };

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** pg-boss's schema as SQL, after checking it is a plain identifier. */
function schemaOf(query: { schema: string }): SQL {
  if (!SCHEMA_NAME.test(query.schema)) throw new Error(`Not a schema name: ${query.schema}`);
  return sql.raw(query.schema);
}

const q = (column: string) => sql.raw(`q.${column}`);
const f = (column: string) => sql.raw(`f.${column}`);
/** The queue's keyset sort values, of kinds raw SQL does not tell (a cursor is checked against them). */
const queueName = sortValue(q('name'), 'text');
const queueFailures = sortValue(q('failed'), 'integer');

/**
 * The queues (not pg-boss's own `__pgboss__…`, which fires the schedules) with their jobs per state and
 * the queue whose dead letters each keeps, if any.
 */
export const jobQueueList: ListDefinition<
  InSchema<JobQueueListQuery>,
  JobQueueItem,
  JobQueueSortingKey
> = defineList(JobQueue, {
  name: 'jobs.queues',
  columns: {
    name: q('name'),
    deadLetterOf: q('dead_letter_of'),
    counts: q('counts'),
  },
  from: (query) => {
    const schema = schemaOf(query);
    const counts = sql.join(
      JobState.options.map((state) =>
        sql.raw(`'${state}', count(*) filter (where j.state = '${state}')::int`),
      ),
      sql`, `,
    );
    return sql`(select queue.name,
          (select o.name from ${schema}.queue o where o.dead_letter = queue.name order by o.name limit 1)
            as dead_letter_of,
          c.counts, (c.counts->>'failed')::int as failed
        from ${schema}.queue queue
        cross join lateral (select json_build_object(${counts}) as counts
          from ${schema}.job j where j.name = queue.name) c
        where left(queue.name, 10) <> '__pgboss__') q`;
  },
  // The machinery ANDs the conditions: `true` keeps a list without filters valid.
  where: (query) => [sql`true`, query.withFailures ? sql`${q('failed')} > 0` : undefined],
  sorts: {
    name: { columns: [queueName], keyset: true },
    failed: { columns: [queueFailures, queueName], keyset: true },
  },
  tieBreaker: queueName,
  sortOf: (query) => ({ key: query.sortingKey ?? 'name', direction: query.sortingDirection ?? 'asc' }),
  total: () => 'window',
});

/**
 * Jobs that failed for good: those in the `failed` state of an ordinary queue, and dead letters (waiting
 * copies in a `<name>.dead` queue) whose failed original is no longer in the job table (archived). A
 * dead letter is matched to its original by what pg-boss writes in one statement: the original's
 * `completed_on` is the copy's `created_on`, and the data is the same.
 */
export const failedJobList: ListDefinition<
  InSchema<FailedJobsQuery>,
  FailedJobItem,
  FailedJobSortingKey
> = defineList(FailedJob, {
  name: 'jobs.failed',
  columns: {
    id: f('id'),
    queue: f('queue'),
    deadLetter: f('dead_letter'),
    error: sql`coalesce(${f('output')}->>'message', ${f('output')}->'value'->>'message', ${f('output')}::text)`,
    attempts: f('attempts'),
    maxAttempts: f('max_attempts'),
    createdAt: f('created_on'),
    startedAt: f('started_on'),
    failedAt: f('failed_on'),
  },
  from: (query) => {
    const schema = schemaOf(query);
    return sql`(select j.id, j.name as queue, false as dead_letter, j.output, j.retry_count + 1 as attempts,
          j.retry_limit + 1 as max_attempts, j.created_on, j.started_on, j.completed_on as failed_on
        from ${schema}.job j
        where j.state = 'failed'
          and not exists (select 1 from ${schema}.queue o where o.dead_letter = j.name)
        union all
        select d.id, o.name, true, d.output, d.retry_limit + 1, d.retry_limit + 1, d.created_on, null, d.created_on
        from ${schema}.job d
        join ${schema}.queue o on o.dead_letter = d.name
        where d.state in ('created', 'retry')
          and not exists (
            select 1 from ${schema}.job original
            where original.name = o.name and original.state = 'failed' and original.completed_on = d.created_on
              and original.data is not distinct from d.data)) f`;
  },
  where: (query) => [sql`true`, query.queue ? sql`${f('queue')} = ${query.queue}` : undefined],
  // A failed job's instant is pg-boss's to write: paged by skip, which allows a missing one.
  sorts: {
    failedAt: { columns: [f('failed_on')] },
    queue: { columns: [f('queue'), f('failed_on')] },
    attempts: { columns: [f('attempts'), f('failed_on')] },
  },
  tieBreaker: f('id'),
  sortOf: (query) => ({ key: query.sortingKey ?? 'failedAt', direction: query.sortingDirection ?? 'desc' }),
  total: () => 'window',
});
