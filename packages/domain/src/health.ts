import { z } from 'zod';

/** `/healthz`: the process is up. */
export const HealthResponse = z.object({ status: z.literal('ok') });
/** `/readyz`: the database answers (200), or not (503). */
export const ReadyResponse = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
});
export const NotReadyResponse = z.object({ status: z.literal('unavailable') });
