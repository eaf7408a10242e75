import type { FailedJob } from '@equip/domain/jobs-admin';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { actionsColumn } from '@/ui/data-table/actions-column';
import { DataTable } from '@/ui/data-table/data-table';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { ListCount } from '@/ui/data-table/list-count';
import { noMatchesState } from '@/ui/data-table/no-matches';
import { SelectField } from '@/ui/select-field';
import { toast } from '@/ui/toast-store';
import { FAILED_JOBS_PAGE_SIZE, getFailedJobsQueryOptions } from '../api/get-failed-jobs';
import { queueNamesQueryOptions } from '../api/get-job-queues';
import { useRetryJob } from '../api/retry-job';
import { jobsListBinding } from '../jobs-list-slice';

const ALL_QUEUES = '';
const column = createColumnHelper<FailedJob>();
const rowId = (job: FailedJob) => job.id;

/** Queue, the last error, tries made of allowed, when it failed, and Retry. */
function failedJobColumns(retryingId: string | null, onRetry: (job: FailedJob) => void) {
  return [
    column.accessor('queue', {
      header: () => <Trans>Queue</Trans>,
      meta: { sortKey: 'queue' },
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-1 py-1">
          <code className="font-mono text-sm text-slate-900">{row.original.queue}</code>
          {row.original.deadLetter ? (
            <Badge tone="violet">
              <Trans>Dead letter</Trans>
            </Badge>
          ) : null}
          <span className="font-mono text-xs text-slate-400">{row.original.id}</span>
        </span>
      ),
    }),
    column.accessor('error', {
      header: () => <Trans>Error</Trans>,
      meta: { className: 'max-w-md whitespace-normal!' },
      cell: ({ getValue }) => (
        <p className="py-1 break-words whitespace-pre-wrap text-red-800">
          {getValue() ?? <Trans>No error was recorded.</Trans>}
        </p>
      ),
    }),
    column.accessor('attempts', {
      header: () => <Trans>Tries</Trans>,
      meta: { sortKey: 'attempts', className: 'tabular-nums' },
      cell: ({ row }) => {
        const attempts = formatNumber(row.original.attempts);
        const maxAttempts = formatNumber(row.original.maxAttempts);
        return (
          <span className="inline-block py-1">
            <Trans>
              {attempts} of {maxAttempts}
            </Trans>
          </span>
        );
      },
    }),
    column.accessor('failedAt', {
      header: () => <Trans>Failed</Trans>,
      meta: { sortKey: 'failedAt' },
      cell: ({ row }) => {
        const { failedAt, createdAt: queuedAt } = row.original;
        const failed = formatDateTime(failedAt);
        const createdAt = formatDateTime(queuedAt);
        return (
          <span className="flex flex-col py-1">
            {failed ? <time dateTime={failedAt ?? undefined}>{failed}</time> : '—'}
            <span className="text-xs text-slate-500">
              <Trans>
                Queued <time dateTime={queuedAt}>{createdAt}</time>
              </Trans>
            </span>
          </span>
        );
      },
    }),
    actionsColumn<FailedJob>(({ row }) => (
      <RetryButton job={row.original} retryingId={retryingId} onRetry={onRetry} />
    )),
  ];
}

function RetryButton({
  job,
  retryingId,
  onRetry,
}: {
  job: FailedJob;
  retryingId: string | null;
  onRetry: (job: FailedJob) => void;
}) {
  const { t } = useLingui();
  const retrying = retryingId === job.id;
  const queue = job.queue;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={t`Retry job ${job.id} of ${queue}`}
      disabled={retryingId !== null}
      onClick={() => onRetry(job)}
    >
      <RotateCcw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
      {retrying ? <Trans>Retrying…</Trans> : <Trans>Retry</Trans>}
    </Button>
  );
}

/**
 * The jobs that failed after their last try, on the list machinery (the `failed` view of `jobsList`):
 * filtered by queue, sorted and paged by the server, each with its error and a Retry. A dead letter (its
 * original already archived) is marked: its retry sends it to its queue again.
 */
export function FailedJobsTable() {
  const { t } = useLingui();
  const table = useListTable(jobsListBinding, 'failed', {
    queryOptions: getFailedJobsQueryOptions,
    pageSize: FAILED_JOBS_PAGE_SIZE,
    getRowId: rowId,
  });
  const queueNames = useQuery(queueNamesQueryOptions());
  const retry = useRetryJob();
  const [retryingId, setRetryingId] = useState<string | null>(null);
  const columns = useMemo(
    () =>
      failedJobColumns(retryingId, (job) => {
        setRetryingId(job.id);
        const name = job.queue;
        retry.mutate(job.id, {
          onSuccess: () => toast({ variant: 'positive', content: t`The ${name} job will run again.` }),
          onError: (error) =>
            toast({ variant: 'negative', content: failureMessage(t`Could not retry the job`, error) }),
          onSettled: () => setRetryingId(null),
        });
      }),
    [retry.mutate, retryingId, t],
  );

  const queue = table.state.filters.queue;
  const queueOptions = [
    { value: ALL_QUEUES, label: t`All queues` },
    ...(queueNames.data ?? []).map((name) => ({ value: name, label: name })),
  ];
  // A queue named in the address but not (yet) known still shows as chosen.
  if (queue && !queueOptions.some((option) => option.value === queue))
    queueOptions.push({ value: queue, label: queue });
  const totalFailed = formatNumber(table.total);

  return (
    <div className="space-y-3">
      <FilterBar
        label={t`Filter failed jobs`}
        isDefault={jobsListBinding.list.hasDefaultFilters('failed', table.state.filters)}
        onReset={table.resetFilters}
        trailing={
          <ListCount>
            {table.query.data ? <Trans>{totalFailed} failed after their last try</Trans> : null}
          </ListCount>
        }
      >
        <SelectField
          label={t`Queue`}
          className="sm:w-64"
          value={queue}
          options={queueOptions}
          onChange={(event) => table.setFilter('queue', event.target.value)}
        />
      </FilterBar>
      <DataTable
        {...table.tableProps}
        label={t`Failed jobs`}
        columns={columns}
        messages={{ loading: t`Loading failed jobs`, error: t`The failed jobs could not be loaded` }}
        empty={
          table.hasDefaultFilters
            ? {
                icon: CircleCheck,
                title: t`No failed jobs`,
                description: t`Every job has run or is still being tried.`,
              }
            : noMatchesState(
                t`No failed jobs in this queue`,
                t`Every job of the queue has run or is still being tried.`,
                table.resetFilters,
              )
        }
        pagination={{ ...table.tableProps.pagination, label: t`Failed jobs pages` }}
      />
    </div>
  );
}
