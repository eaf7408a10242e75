import type { FailedJob } from '@equip/domain/jobs-admin';
import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { failureMessage } from '@/lib/api/error-message';
import { formatNumber } from '@/lib/format';
import { Button } from '@/ui/button';
import { PageHeader } from '@/ui/page-header';
import { SelectField } from '@/ui/select-field';
import { Pagination } from '@/ui/table';
import { toast } from '@/ui/toast-store';
import { FAILED_JOBS_PAGE_SIZE, useFailedJobs } from '../api/get-failed-jobs';
import { useJobQueues } from '../api/get-job-queues';
import { useRetryJob } from '../api/retry-job';
import { FailedJobsTable } from '../components/failed-jobs-table';
import { JobQueuesTable } from '../components/job-queues-table';

const ALL_QUEUES = '';

/** `?page=` as a 0-based page; the address shows it 1-based. */
function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}

/**
 * `/dashboard/jobs` (provider admins only): the installation's background queues (pg-boss, decision
 * 009) with their jobs per state, and the jobs that failed for good with their error and a Retry. The
 * failed list's queue and page are in the address (`?queue=mail.send&page=2`).
 */
export function JobsPage() {
  const { t } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const queue = searchParams.get('queue') || undefined;
  const page = parsePage(searchParams.get('page'));
  const queues = useJobQueues();
  const failed = useFailedJobs({ queue, page });
  const retry = useRetryJob();
  const [retryingId, setRetryingId] = useState<string | null>(null);
  const failedHeadingId = useId();
  const queuesHeadingId = useId();

  function setParams(next: { queue?: string | undefined; page?: number }) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if ('queue' in next) {
          if (next.queue) params.set('queue', next.queue);
          else params.delete('queue');
          params.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page > 0) params.set('page', String(next.page + 1));
          else params.delete('page');
        }
        return params;
      },
      { replace: true },
    );
  }

  function retryJob(job: FailedJob) {
    setRetryingId(job.id);
    const name = job.queue;
    retry.mutate(job.id, {
      onSuccess: () => toast({ variant: 'positive', content: t`The ${name} job will run again.` }),
      onError: (error) =>
        toast({ variant: 'negative', content: failureMessage(t`Could not retry the job`, error) }),
      onSettled: () => setRetryingId(null),
    });
  }

  const queueOptions = [
    { value: ALL_QUEUES, label: t`All queues` },
    ...(queues.data ?? [])
      .filter((q) => q.deadLetterOf === null)
      .map((q) => ({ value: q.name, label: q.name })),
  ];
  // A queue named in the address but not (yet) known still shows as chosen.
  if (queue && !queueOptions.some((option) => option.value === queue))
    queueOptions.push({ value: queue, label: queue });
  const total = failed.data?.total ?? 0;
  const totalFailed = formatNumber(total);

  return (
    <div className="space-y-8">
      <PageHeader
        description={t`Background work of the whole installation: mail, reminders and clean-ups. Jobs are retried on their own; those that failed after their last try wait here to be retried.`}
        actions={
          <Button
            variant="secondary"
            onClick={() => {
              void queues.refetch();
              void failed.refetch();
            }}
            disabled={queues.isFetching || failed.isFetching}
          >
            <RefreshCw aria-hidden="true" className={queues.isFetching ? 'animate-spin' : undefined} />
            <Trans>Refresh</Trans>
          </Button>
        }
      />

      <section aria-labelledby={queuesHeadingId} className="space-y-3">
        <h2 id={queuesHeadingId} className="text-base font-semibold text-slate-900">
          <Trans>Queues</Trans>
        </h2>
        <JobQueuesTable queues={queues.data} error={queues.error} onRetry={() => void queues.refetch()} />
      </section>

      <section aria-labelledby={failedHeadingId} className="space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id={failedHeadingId} className="text-base font-semibold text-slate-900">
              <Trans>Failed jobs</Trans>
            </h2>
            {failed.data ? (
              <p className="text-sm text-slate-500">
                <Trans>{totalFailed} failed after their last try</Trans>
              </p>
            ) : null}
          </div>
          <SelectField
            label={t`Queue`}
            className="sm:w-64"
            value={queue ?? ALL_QUEUES}
            options={queueOptions}
            onChange={(event) => setParams({ queue: event.target.value || undefined })}
          />
        </div>
        <FailedJobsTable
          jobs={failed.data?.items}
          error={failed.error}
          onReload={() => void failed.refetch()}
          onRetry={retryJob}
          retryingId={retryingId}
        />
        {total > FAILED_JOBS_PAGE_SIZE ? (
          <Pagination
            label={t`Failed jobs pages`}
            page={page}
            pageSize={FAILED_JOBS_PAGE_SIZE}
            total={total}
            onPageChange={(next) => setParams({ page: next })}
          />
        ) : null}
      </section>
    </div>
  );
}
