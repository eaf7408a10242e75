import type { FailedJob, JobState } from '@equip/domain/jobs-admin';
import type { SqlExecutor } from '../../db/job-store.ts';

/**
 * Reads of pg-boss's own tables (`<schema>.queue`, `.job`, `.archive`; decision 009) for the jobs page.
 * They span every organisation: provider admins only, on the system handle. Payloads are never returned.
 */

export interface QueueRow {
  name: string;
  /** The queue whose dead letters this queue keeps, if any. */
  deadLetterOf: string | null;
}

/** The queues, without pg-boss's own (`__pgboss__send-it`, which fires the schedules). */
export async function queues(store: SqlExecutor, schema: string): Promise<QueueRow[]> {
  const { rows } = await store.executeSql(
    `select q.name, (select o.name from ${schema}.queue o where o.dead_letter = q.name order by o.name limit 1) as origin
       from ${schema}.queue q where left(q.name, 10) <> '__pgboss__' order by q.name`,
  );
  return rows.map((r) => ({
    name: String(r.name),
    deadLetterOf: r.origin == null ? null : String(r.origin),
  }));
}

export async function stateCounts(
  store: SqlExecutor,
  schema: string,
): Promise<{ name: string; state: JobState; count: number }[]> {
  const { rows } = await store.executeSql(
    `select name, state::text as state, count(*)::int as n from ${schema}.job group by name, state`,
  );
  return rows.map((r) => ({ name: String(r.name), state: String(r.state) as JobState, count: Number(r.n) }));
}

/**
 * Jobs that failed for good: those in the `failed` state of an ordinary queue, and dead letters (waiting
 * copies in a `<name>.dead` queue) whose failed original is no longer in the job table (archived). A
 * dead letter is matched to its original by what pg-boss writes in one statement: the original's
 * `completed_on` is the copy's `created_on`, and the data is the same.
 */
function failedJobsSql(schema: string) {
  return `
    with failed as (
      select j.id, j.name as queue, false as dead_letter, j.output, j.retry_count + 1 as attempts,
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
           select 1 from ${schema}.job f
            where f.name = o.name and f.state = 'failed' and f.completed_on = d.created_on
              and f.data is not distinct from d.data)
    )`;
}

export async function failedJobs(
  store: SqlExecutor,
  schema: string,
  query: { queue?: string | undefined; skip: number; take: number },
): Promise<{ items: FailedJob[]; total: number }> {
  const queue = query.queue ?? null;
  const [page, count] = [
    await store.executeSql(
      `${failedJobsSql(schema)}
       select id, queue, dead_letter, attempts, max_attempts, created_on, started_on, failed_on,
              coalesce(output->>'message', output->'value'->>'message', output::text) as error
         from failed where ($1::text is null or queue = $1)
        order by failed_on desc nulls last, id limit $2 offset $3`,
      [queue, query.take, query.skip],
    ),
    await store.executeSql(
      `${failedJobsSql(schema)} select count(*)::int as n from failed where ($1::text is null or queue = $1)`,
      [queue],
    ),
  ];
  return {
    items: page.rows.map((r) => ({
      id: String(r.id),
      queue: String(r.queue),
      deadLetter: Boolean(r.dead_letter),
      error: r.error == null ? null : String(r.error),
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
      createdAt: iso(r.created_on) ?? new Date(0).toISOString(),
      startedAt: iso(r.started_on),
      failedAt: iso(r.failed_on),
    })),
    total: Number(count.rows[0]?.n ?? 0),
  };
}

function iso(value: unknown): string | null {
  if (value == null) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

export interface JobRow {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  singletonKey: string | null;
  deadLetter: string | null;
  createdOn: string;
  completedOn: string | null;
}

const jobColumns = `id, name, state::text as state, data, singleton_key, dead_letter,
  created_on::text as created_on, completed_on::text as completed_on`;

const toJobRow = (r: Record<string, unknown>): JobRow => ({
  id: String(r.id),
  name: String(r.name),
  state: String(r.state) as JobState,
  data: r.data,
  singletonKey: r.singleton_key == null ? null : String(r.singleton_key),
  deadLetter: r.dead_letter == null ? null : String(r.dead_letter),
  createdOn: String(r.created_on),
  completedOn: r.completed_on == null ? null : String(r.completed_on),
});

/** A job by id, in any queue (a failed one first, should two queues share the id). */
export async function jobById(store: SqlExecutor, schema: string, id: string): Promise<JobRow | null> {
  const { rows } = await store.executeSql(
    `select ${jobColumns} from ${schema}.job where id = $1 order by (state = 'failed') desc limit 1`,
    [id],
  );
  return rows[0] ? toJobRow(rows[0]) : null;
}

export async function queueKeepingDeadLettersIn(
  store: SqlExecutor,
  schema: string,
  deadLetterQueue: string,
): Promise<string | null> {
  const { rows } = await store.executeSql(
    `select name from ${schema}.queue where dead_letter = $1 order by name limit 1`,
    [deadLetterQueue],
  );
  return rows[0] ? String(rows[0].name) : null;
}

/**
 * The failed original of a dead letter (see `failedJobsSql`), in the job table or, once archived, in
 * the archive.
 */
export async function originalOf(
  store: SqlExecutor,
  schema: string,
  queue: string,
  deadLetter: JobRow,
  table: 'job' | 'archive',
): Promise<JobRow | null> {
  const { rows } = await store.executeSql(
    `select ${jobColumns} from ${schema}.${table}
      where name = $1 and state = 'failed' and completed_on = $2::timestamptz
        and data is not distinct from $3::jsonb
      limit 1`,
    [queue, deadLetter.createdOn, jsonOrNull(deadLetter.data)],
  );
  return rows[0] ? toJobRow(rows[0]) : null;
}

/** The waiting dead-letter copy of a failed job (the reverse of `originalOf`). */
export async function deadLetterCopyOf(
  store: SqlExecutor,
  schema: string,
  failed: JobRow,
): Promise<string | null> {
  if (!failed.deadLetter || !failed.completedOn) return null;
  const { rows } = await store.executeSql(
    `select id from ${schema}.job
      where name = $1 and state in ('created', 'retry') and created_on = $2::timestamptz
        and data is not distinct from $3::jsonb
      limit 1`,
    [failed.deadLetter, failed.completedOn, jsonOrNull(failed.data)],
  );
  return rows[0] ? String(rows[0].id) : null;
}

const jsonOrNull = (value: unknown) => (value == null ? null : JSON.stringify(value));
