import { Trans, useLingui } from '@lingui/react/macro';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '@/ui/button';
import { LinkTabs } from '@/ui/link-tabs';
import { PageHeader } from '@/ui/page-header';
import { jobsQueryKey } from '../api/get-job-queues';
import { FailedJobsTable } from '../components/failed-jobs-table';
import { JobQueuesTable } from '../components/job-queues-table';
import { type JobsView, jobsList } from '../jobs-list-slice';

/** A view's address with its filters and sorting at their defaults. */
function viewUrl(view: JobsView): string {
  const params = jobsList.toUrl(view, {
    filters: jobsList.defaultFilters(view),
    sorting: jobsList.initialSorting(view),
  });
  return `?${params.toString()}`;
}

/**
 * `/dashboard/jobs` (provider admins only): the installation's background queues (pg-boss, decision
 * 009) with their jobs per state, and the jobs that failed for good with their error and a Retry
 * (`?view=failed`). Each is a list whose filters, sorting and page are in the address.
 */
export function JobsPage() {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const view = jobsList.parseView(searchParams.get('view'));
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: jobsQueryKey }) > 0;
  const tabs: { id: JobsView; label: string }[] = [
    { id: 'queues', label: t`Queues` },
    { id: 'failed', label: t`Failed jobs` },
  ];

  return (
    <div className="space-y-6">
      <PageHeader
        description={t`Background work of the whole installation: mail, reminders and clean-ups. Jobs are retried on their own; those that failed after their last try wait here to be retried.`}
        actions={
          <Button
            variant="secondary"
            onClick={() => void queryClient.invalidateQueries({ queryKey: jobsQueryKey })}
            disabled={fetching}
          >
            <RefreshCw aria-hidden="true" className={fetching ? 'animate-spin' : undefined} />
            <Trans>Refresh</Trans>
          </Button>
        }
      />
      <LinkTabs
        label={t`Background jobs sections`}
        current={view}
        tabs={tabs.map((tab) => ({ ...tab, to: viewUrl(tab.id) }))}
      />
      {view === 'failed' ? <FailedJobsTable /> : <JobQueuesTable />}
    </div>
  );
}
