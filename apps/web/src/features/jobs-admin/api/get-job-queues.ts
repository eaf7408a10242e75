import type { JobQueue, JobQueueList } from '@equip/domain/jobs-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { retryUnlessClientError } from '@/lib/session';

export const JOBS_PATH = '/admin/jobs';
export const jobsQueryKey = ['admin', 'jobs'] as const;

/** The installation's background queues with their jobs per state (provider admins), by name. */
export async function getJobQueues(signal?: AbortSignal): Promise<JobQueue[]> {
  const { items } = await platformApi.get<JobQueueList>(`${JOBS_PATH}/queues`, { signal });
  return items;
}

export function jobQueuesQueryOptions() {
  return queryOptions({
    queryKey: [...jobsQueryKey, 'queues'],
    queryFn: ({ signal }) => getJobQueues(signal),
    retry: retryUnlessClientError,
    // Counts move while jobs run: keep them current while the page is open.
    staleTime: 0,
    refetchInterval: 10_000,
  });
}

export function useJobQueues() {
  return useQuery(jobQueuesQueryOptions());
}
