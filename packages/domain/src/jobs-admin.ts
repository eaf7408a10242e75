import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';

/**
 * The jobs page of provider admins (issue 10): the background queues (pg-boss, decision 009) with their
 * jobs per state, the jobs that failed for good with their error, and a retry.
 */

/** pg-boss's job states, in its order. */
export const JobState = z.enum(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']);
export type JobState = z.infer<typeof JobState>;

export const JobStateCounts = z.object(
  Object.fromEntries(JobState.options.map((state) => [state, z.number().int().min(0)])) as Record<
    JobState,
    z.ZodNumber
  >,
);
export type JobStateCounts = z.infer<typeof JobStateCounts>;

export const JobQueue = z.object({
  name: z.string(),
  /** For a dead-letter queue (`<name>.dead`): the queue whose failed jobs it keeps. */
  deadLetterOf: z.string().nullable(),
  counts: JobStateCounts,
});
export type JobQueue = z.infer<typeof JobQueue>;

export const JobQueueList = z.object({ items: z.array(JobQueue) });
export type JobQueueList = z.infer<typeof JobQueueList>;

export const FailedJobsQuery = z.object({
  /** Only this queue's failed jobs (its dead letters included). */
  queue: z.string().min(1).max(200).optional(),
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(100).default(25),
});
export type FailedJobsQuery = z.infer<typeof FailedJobsQuery>;

export const FailedJob = z.object({
  id: Uuid,
  /** The queue the job belongs to (for a dead letter: the queue it failed in). */
  queue: z.string(),
  /**
   * A copy kept in the dead-letter queue whose original is no longer there (archived); a retry sends
   * it to `queue` again.
   */
  deadLetter: z.boolean(),
  /** The last error's message. */
  error: z.string().nullable(),
  /** Tries made. */
  attempts: z.number().int().min(0),
  /** Tries allowed (the first and its retries). */
  maxAttempts: z.number().int().min(0),
  createdAt: IsoDateTime,
  startedAt: IsoDateTime.nullable(),
  failedAt: IsoDateTime.nullable(),
});
export type FailedJob = z.infer<typeof FailedJob>;

export const FailedJobPage = z.object({ items: z.array(FailedJob), total: z.number().int().min(0) });
export type FailedJobPage = z.infer<typeof FailedJobPage>;

export const JobParams = z.object({ id: Uuid });

export const RetriedJob = z.object({
  /** The job that runs again: the failed one itself, or the new job a dead letter was re-sent as. */
  id: Uuid,
  queue: z.string(),
  state: JobState,
});
export type RetriedJob = z.infer<typeof RetriedJob>;
