import { z } from 'zod';

/** `/healthz`: the process is up. */
export const HealthResponse = z.object({ status: z.literal('ok') });

const Migrations = z.object({
  /** `newer`: an instance of a newer Equip applied migrations this one does not know (still ready). */
  status: z.enum(['applied', 'newer']),
  applied: z.number().int(),
  /** How many this instance's code has. */
  expected: z.number().int(),
});

/**
 * `/readyz` (200): the database answers and this code's migrations are applied. `degraded`: no job
 * worker has written its heartbeat lately (mail, webhooks and MDM commands wait); still serving.
 */
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  migrations: Migrations,
  worker: z.object({
    /** `starting`: an API-only instance (EQUIP_ROLE=api) within its first minute, no worker seen yet. */
    status: z.enum(['alive', 'starting', 'missing']),
    /** Whether this process works the job queues itself (EQUIP_ROLE=all). */
    inProcess: z.boolean(),
    /** Workers with a recent heartbeat. */
    alive: z.number().int(),
    lastBeatSecondsAgo: z.number().nullable(),
  }),
});

/** `/readyz` (503): the database does not answer, or this code's migrations are not all applied. */
export const NotReadyResponse = z.object({
  status: z.literal('unavailable'),
  problem: z.enum(['database', 'migrations']),
  migrations: Migrations.optional(),
});
