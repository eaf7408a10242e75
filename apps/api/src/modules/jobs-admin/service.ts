import { JOBS, type JobName } from '@equip/domain/jobs';
import type {
  FailedJobPage,
  FailedJobsQuery,
  JobQueueListQuery,
  JobQueuePage,
  RetriedJob,
} from '@equip/domain/jobs-admin';
import type { AppJobs } from '../../background/app-job-types.ts';
import { jobIdFor } from '../../background/job-runner.ts';
import type { SqlExecutor } from '../../db/job-store.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { type JsonText, readJsonPage } from '../../lists/list-query.ts';
import { INSTALLATION, systemReads } from '../../lists/system-reads.ts';
import { failedJobList, jobQueueList } from './list.ts';
import { deadLetterCopyOf, type JobRow, jobById, originalOf, queueKeepingDeadLettersIn } from './queries.ts';

/**
 * The installation's background queues for provider admins (issue 10): counts per state, the jobs that
 * failed for good, and a retry that keeps the job's idempotency key (decision 009), so a retried job
 * still has one effect.
 */
export class JobsAdminService {
  /** The page's lists are the installation's, read on the system handle. */
  private readonly reads: TenantReads;

  constructor(
    private readonly jobs: AppJobs,
    private readonly store: SqlExecutor,
  ) {
    this.reads = systemReads(store);
  }

  private get schema() {
    return this.jobs.schema;
  }

  /** One page of the queues with their jobs per state, written by the database. */
  queues(query: JobQueueListQuery): Promise<JsonText<JobQueuePage>> {
    return readJsonPage(this.reads, jobQueueList, INSTALLATION, { ...query, schema: this.schema });
  }

  /** One page of the jobs that failed for good, newest first unless sorted otherwise. */
  failed(query: FailedJobsQuery): Promise<JsonText<FailedJobPage>> {
    return readJsonPage(this.reads, failedJobList, INSTALLATION, { ...query, schema: this.schema });
  }

  /**
   * Runs a failed job again. A job in the `failed` state is put back to `retry` (pg-boss's retry: one
   * more try, same id and key) and its dead-letter copy is cancelled. A dead letter is traced to its
   * original: if that is still there, the original is retried; if it was archived, the payload is sent
   * to the original queue again with the original's key (its id when it had none), so the handler's
   * `once` receipt still recognises it, and sending twice makes one job.
   */
  async retry(id: string): Promise<RetriedJob> {
    const job = await jobById(this.store, this.schema, id);
    if (!job) throw notFound('Job not found');
    const origin = await queueKeepingDeadLettersIn(this.store, this.schema, job.name);
    if (!origin) {
      if (job.state !== 'failed')
        throw conflict(`Only a failed job can be retried; this one is ${job.state}`);
      return this.retryFailed(job);
    }
    if (job.state !== 'created' && job.state !== 'retry')
      throw conflict(`This dead letter was already handled (${job.state})`);
    const original = await originalOf(this.store, this.schema, origin, job, 'job');
    if (original) return this.retryFailed(original);

    const archived = await originalOf(this.store, this.schema, origin, job, 'archive');
    const key = archived ? (archived.singletonKey ?? archived.id) : job.id;
    const newId = jobIdFor(origin, key);
    await this.jobs.boss.send(origin, (job.data ?? {}) as object, { id: newId, singletonKey: key });
    await this.jobs.boss.cancel(job.name, job.id);
    this.kick(origin);
    const sent = await jobById(this.store, this.schema, newId);
    return { id: newId, queue: origin, state: sent?.state ?? 'created' };
  }

  private async retryFailed(job: JobRow): Promise<RetriedJob> {
    const copy = await deadLetterCopyOf(this.store, this.schema, job);
    await this.jobs.boss.retry(job.name, job.id);
    if (copy && job.deadLetter) await this.jobs.boss.cancel(job.deadLetter, copy);
    this.kick(job.name);
    const now = await jobById(this.store, this.schema, job.id);
    return { id: job.id, queue: job.name, state: now?.state ?? 'retry' };
  }

  /** This process's workers of the queue fetch at once instead of at their next poll. */
  private kick(queue: string) {
    if (Object.hasOwn(JOBS, queue)) this.jobs.kick(queue as JobName);
  }
}

/** What the jobs' administration is built with (services.ts): the queue, and the store its tables live in. */
export interface JobsAdminDeps {
  jobs: AppJobs;
  jobStore: SqlExecutor;
}

export function createJobsAdminService({ jobs, jobStore }: JobsAdminDeps): JobsAdminService {
  return new JobsAdminService(jobs, jobStore);
}
