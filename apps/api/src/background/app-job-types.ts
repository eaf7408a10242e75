import type { JOBS } from '@equip/domain/jobs';
import type { JobRunner } from './job-runner.ts';

/**
 * The app's job queue as modules see it (`jobs.send(name, payload, { db: tx })`). A file of its own so
 * that modules sending jobs do not import app-jobs.ts, which imports their handlers.
 */
export type AppJobs = JobRunner<typeof JOBS>;
