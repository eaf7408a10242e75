import { z } from 'zod';
import { IsoDateTime, listQuery, pageOf, QueryBoolean, Uuid } from './common.ts';

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

/** Queues sort by name, or by their failed jobs (most first, descending). */
export const JobQueueSortingKey = z.enum(['name', 'failed']);
export type JobQueueSortingKey = z.infer<typeof JobQueueSortingKey>;

/** `GET /api/admin/jobs/queues`: only queues with failed jobs, sorting (by name by default), paging. */
export const JobQueueListQuery = listQuery({ sortingKeys: JobQueueSortingKey, maxTake: 100 }).extend({
  withFailures: QueryBoolean.optional(),
});
export type JobQueueListQuery = z.infer<typeof JobQueueListQuery>;
export const JobQueuePage = pageOf(JobQueue);
export type JobQueuePage = z.infer<typeof JobQueuePage>;

/** Failed jobs sort by when they failed (newest first by default), their queue or their tries. */
export const FailedJobSortingKey = z.enum(['failedAt', 'queue', 'attempts']);
export type FailedJobSortingKey = z.infer<typeof FailedJobSortingKey>;

export const FailedJobsQuery = listQuery({
  sortingKeys: FailedJobSortingKey,
  maxTake: 100,
  defaultTake: 25,
}).extend({
  /** Only this queue's failed jobs (its dead letters included). */
  queue: z.string().min(1).max(200).optional(),
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

export const FailedJobPage = pageOf(FailedJob);
export type FailedJobPage = z.infer<typeof FailedJobPage>;

export const JobParams = z.object({ id: Uuid });

export const RetriedJob = z.object({
  /** The job that runs again: the failed one itself, or the new job a dead letter was re-sent as. */
  id: Uuid,
  queue: z.string(),
  state: JobState,
});
export type RetriedJob = z.infer<typeof RetriedJob>;
