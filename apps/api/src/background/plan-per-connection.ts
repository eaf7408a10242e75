import type { Db } from '../db/client.ts';

/** Jobs enqueued per statement by an hourly plan. */
const JOBS_PER_STATEMENT = 500;

/**
 * What the hourly plans over an organisation's connections share (the MDM servers' re-check and
 * inventory sync, decision 015; the HR integrations' re-check, decision 029): every organisation's
 * connections, read by `read` on the system handle across organisations, handed to `enqueue` 500 at a
 * time (one statement each). Answers how many there were. A plan keys its jobs by its own job id, so a
 * plan tried again enqueues nothing twice.
 */
export async function planPerConnection<T>(
  db: Db,
  read: (db: Db) => Promise<T[]>,
  enqueue: (connections: T[]) => Promise<unknown>,
): Promise<number> {
  const connections = await read(db);
  for (let from = 0; from < connections.length; from += JOBS_PER_STATEMENT)
    await enqueue(connections.slice(from, from + JOBS_PER_STATEMENT));
  return connections.length;
}
