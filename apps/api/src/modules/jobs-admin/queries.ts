import type { JobState } from '@equip/domain/jobs-admin';
import type { SqlExecutor } from '../../db/job-store.ts';

/**
 * Reads of pg-boss's own tables (`<schema>.queue`, `.job`, `.archive`; decision 009) for a retry. They
 * span every organisation: provider admins only, on the system handle. The page's tables are lists
 * (list.ts).
 */

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
