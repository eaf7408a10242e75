import { type JobQueue, JobState } from '@equip/domain/jobs-admin';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { Inbox } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { Badge } from '@/ui/badge';
import { DataTable } from '@/ui/data-table/data-table';
import { FilterBar, ToggleFilter } from '@/ui/data-table/filter-bar';
import { noMatchesState } from '@/ui/data-table/no-matches';
import { getJobQueuesQueryOptions, JOB_QUEUES_PAGE_SIZE } from '../api/get-job-queues';
import { jobsListBinding } from '../jobs-list-slice';

/** The states in pg-boss's order, as column headings. */
export const JOB_STATE_LABELS: Record<JobState, MessageDescriptor> = {
  created: msg`Waiting`,
  retry: msg`Retrying`,
  active: msg`Running`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
  failed: msg`Failed`,
};

const column = createColumnHelper<JobQueue>();
const rowId = (queue: JobQueue) => queue.name;

/** The queue's name (a dead-letter queue marked), then one count per state; failures sort and stand out. */
const COLUMNS = [
  column.accessor('name', {
    header: () => <Trans>Queue</Trans>,
    meta: { sortKey: 'name' },
    cell: ({ row }) => {
      const deadLetterOf = row.original.deadLetterOf;
      return (
        <span className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-sm text-slate-900">{row.original.name}</code>
          {deadLetterOf ? (
            <Badge tone="violet">
              <Trans>Dead letters of {deadLetterOf}</Trans>
            </Badge>
          ) : null}
        </span>
      );
    },
  }),
  ...JobState.options.map((state) =>
    column.accessor((queue) => queue.counts[state], {
      id: state,
      header: () => <StateHeader state={state} />,
      meta: { className: 'text-right tabular-nums', ...(state === 'failed' ? { sortKey: 'failed' } : {}) },
      cell: ({ getValue }) => {
        const count = getValue();
        return (
          <span
            className={cn(
              count === 0 && 'text-slate-400',
              count > 0 && state === 'failed' && 'font-semibold text-red-700',
            )}
          >
            {formatNumber(count)}
          </span>
        );
      },
    }),
  ),
];

function StateHeader({ state }: { state: JobState }) {
  const { i18n } = useLingui();
  return <>{i18n._(JOB_STATE_LABELS[state])}</>;
}

/**
 * The installation's queues with their jobs per state, on the list machinery (the `queues` view of
 * `jobsList`): sorted by name or failures and paged by the server, optionally only those with failed
 * jobs. A dead-letter queue (`<name>.dead`) keeps a copy of each job of its queue that failed for good.
 */
export function JobQueuesTable() {
  const { t } = useLingui();
  const table = useListTable(jobsListBinding, 'queues', {
    queryOptions: getJobQueuesQueryOptions,
    pageSize: JOB_QUEUES_PAGE_SIZE,
    getRowId: rowId,
  });
  const { filters } = table.state;
  return (
    <div className="space-y-3">
      <FilterBar
        label={t`Filter queues`}
        isDefault={jobsListBinding.list.hasDefaultFilters('queues', filters)}
        onReset={table.resetFilters}
      >
        <ToggleFilter
          checked={filters.withFailures}
          onChange={(checked) => table.setFilter('withFailures', checked)}
        >
          <Trans>Only queues with failed jobs</Trans>
        </ToggleFilter>
      </FilterBar>
      <DataTable
        {...table.tableProps}
        label={t`Queues and their jobs per state`}
        columns={COLUMNS}
        messages={{ loading: t`Loading queues`, error: t`The queues could not be loaded` }}
        empty={
          table.hasDefaultFilters
            ? {
                icon: Inbox,
                title: t`No queues yet`,
                description: t`Queues appear once the job runner has started.`,
              }
            : noMatchesState(
                t`No queue has failed jobs`,
                t`Every job has run or is still being tried.`,
                table.resetFilters,
              )
        }
        pagination={{ ...table.tableProps.pagination, label: t`Queues pages` }}
      />
    </div>
  );
}
