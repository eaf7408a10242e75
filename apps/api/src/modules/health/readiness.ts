import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NotReadyResponse, ReadyResponse } from '@equip/domain/health';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import { type Database, MIGRATIONS_FOLDER } from '../../db/client.ts';

type Ready = z.infer<typeof ReadyResponse>;
type NotReady = z.infer<typeof NotReadyResponse>;
/** Whether a job worker is alive (what /readyz says of it). */
export type WorkerStatus = Ready['worker']['status'];

/** The migrations this code expects: their number and the journal time of the last one. */
function expectedMigrations(folder = MIGRATIONS_FOLDER): { count: number; last: number } {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, last: Math.max(...journal.entries.map((e) => e.when)) };
}

/**
 * What /readyz says (issue 26, item 7), in one round trip: the database answers, this code's migrations
 * are applied (an instance of a newer Equip may have applied more: still ready), and a job worker is
 * alive — one whose heartbeat (background/heartbeat.ts) is younger than `workerMissingAfterSeconds`.
 * An instance without a worker of its own (EQUIP_ROLE=api) waits that long after its start before it
 * calls a worker missing. A missing worker leaves the instance ready ('degraded'): it still serves, and
 * taking every API instance out of the load balancer would not bring a worker back.
 */
export class Readiness {
  private readonly expected = expectedMigrations();
  private readonly startedAt: number;
  private lastWorkerStatus: Ready['worker']['status'] | undefined;

  constructor(
    private readonly database: Pick<Database, 'db' | 'kind'>,
    private readonly config: Pick<AppConfig, 'role' | 'workerMissingAfterSeconds'>,
    /** Told when the worker goes missing or comes back (not at every probe). */
    private readonly onWorkerChange: (status: Ready['worker']['status']) => void = () => undefined,
    /** Milliseconds of a monotonic clock (tests move it). */
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.startedAt = clock();
  }

  /** `onWorkerChange`: told instead of the one given at construction (the route logs on its app's log). */
  async check(
    onWorkerChange: (status: Ready['worker']['status']) => void = this.onWorkerChange,
  ): Promise<{ ready: true; body: Ready } | { ready: false; body: NotReady }> {
    const missingAfter = this.config.workerMissingAfterSeconds;
    let row: { applied: number; last: string | null; alive: number; age: number | null } | undefined;
    try {
      const result = (await this.database.db.execute(
        sql`select (select count(*)::int from drizzle.__drizzle_migrations) as applied,
                   (select max(created_at)::text from drizzle.__drizzle_migrations) as last,
                   (select count(*)::int from worker_heartbeats
                     where beat_at > now() - make_interval(secs => ${missingAfter})) as alive,
                   (select extract(epoch from now() - max(beat_at))::float8 from worker_heartbeats) as age`,
      )) as unknown as { rows: NonNullable<typeof row>[] };
      row = result.rows[0];
    } catch {
      return { ready: false, body: { status: 'unavailable', problem: 'database' } };
    }
    const applied = Number(row?.applied ?? 0);
    const last = Number(row?.last ?? 0);
    const migrations = {
      status: last > this.expected.last ? ('newer' as const) : ('applied' as const),
      applied,
      expected: this.expected.count,
    };
    if (last < this.expected.last)
      return { ready: false, body: { status: 'unavailable', problem: 'migrations', migrations } };

    const inProcess = this.config.role !== 'api';
    const alive = Number(row?.alive ?? 0);
    const upSeconds = (this.clock() - this.startedAt) / 1000;
    const status: Ready['worker']['status'] =
      alive > 0 ? 'alive' : !inProcess && upSeconds < missingAfter ? 'starting' : 'missing';
    if (status !== this.lastWorkerStatus && (status === 'missing' || this.lastWorkerStatus === 'missing'))
      onWorkerChange(status);
    this.lastWorkerStatus = status;
    const age = row?.age;
    return {
      ready: true,
      body: {
        status: status === 'missing' ? 'degraded' : 'ready',
        database: this.database.kind,
        migrations,
        worker: {
          status,
          inProcess,
          alive,
          lastBeatSecondsAgo: age === null || age === undefined ? null : Math.round(Number(age) * 10) / 10,
        },
      },
    };
  }
}
