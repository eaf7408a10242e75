import type { JobQueuePage } from '@equip/domain/jobs-admin';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { retryUnlessClientError } from '@/lib/session';

export const JOBS_PATH = '/admin/jobs';
/** Invalidating it refreshes both lists of the jobs page. */
export const jobsQueryKey = ['admin', 'jobs'] as const;
export const JOB_QUEUES_PAGE_SIZE = 25;

/** One page of the installation's background queues with their jobs per state (provider admins). */
export function getJobQueues(params: ListPageParams, signal?: AbortSignal): Promise<JobQueuePage> {
  return platformApi.get<JobQueuePage>(`${JOBS_PATH}/queues`, {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

/** How the jobs page's lists are read: counts move while jobs run, so they are kept current. */
export const jobListQueryOptions = {
  retry: (failures: number, error: Error) => retryUnlessClientError(failures, error),
  staleTime: 0,
  refetchInterval: 10_000,
  // Paging keeps the rows on screen until the next page has come.
  placeholderData: keepPreviousData,
} as const;

export const getJobQueuesQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: [...jobsQueryKey, 'queues', params],
    queryFn: ({ signal }) => getJobQueues(params, signal),
    ...jobListQueryOptions,
  });

/** Every ordinary queue by name (the failed jobs' queue filter offers them). */
export const queueNamesQueryOptions = () =>
  queryOptions({
    queryKey: [...jobsQueryKey, 'queue-names'],
    queryFn: async ({ signal }) => {
      const page = await getJobQueues({ filter: { sortingKey: 'name' }, skip: 0, take: 100 }, signal);
      return page.items.filter((queue) => queue.deadLetterOf === null).map((queue) => queue.name);
    },
    retry: jobListQueryOptions.retry,
  });
