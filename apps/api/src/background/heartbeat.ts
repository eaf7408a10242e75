import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** How often a worker writes its heartbeat: a quarter of the time after which /readyz calls it missing. */
export const heartbeatIntervalMs = (missingAfterSeconds: number) =>
  Math.min(15_000, Math.max(250, (missingAfterSeconds * 1000) / 4));

/**
 * A job worker's sign of life (issue 26, item 7): its row in `worker_heartbeats`, written when the job
 * runner has started and every `intervalMs` after, deleted when it stops. /readyz of every instance reads
 * the newest beat, so an API-only instance (EQUIP_ROLE=api) knows whether any worker is running.
 * Rows of processes that died without stopping are removed after a day.
 */
export class WorkerHeartbeat {
  readonly workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: {
      role: 'all' | 'worker';
      intervalMs: number;
      /** Where a failed write is reported (the next one is tried at the next interval). */
      onError: (error: unknown) => void;
    },
  ) {}

  async start(): Promise<void> {
    await this.db.execute(sql`delete from worker_heartbeats where beat_at < now() - interval '1 day'`);
    await this.db.execute(
      sql`insert into worker_heartbeats (worker_id, role) values (${this.workerId}, ${this.options.role})
          on conflict (worker_id) do update set beat_at = now()`,
    );
    this.timer = setInterval(() => {
      this.beating ??= this.beat().finally(() => {
        this.beating = undefined;
      });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    try {
      await this.db.execute(
        sql`insert into worker_heartbeats (worker_id, role) values (${this.workerId}, ${this.options.role})
            on conflict (worker_id) do update set beat_at = now()`,
      );
    } catch (error) {
      this.options.onError(error);
    }
  }

  /** Stops beating and removes the row (call it after the job runner stopped). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
    await this.db
      .execute(sql`delete from worker_heartbeats where worker_id = ${this.workerId}`)
      .catch(this.options.onError);
  }
}
