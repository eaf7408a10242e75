import type { FailedJobPage } from '@equip/domain/jobs-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { retryUnlessClientError } from '@/lib/session';
import { JOBS_PATH, jobsQueryKey } from './get-job-queues';

export const FAILED_JOBS_PAGE_SIZE = 25;

export interface FailedJobsParams {
  /** Only this queue's failed jobs; all when undefined. */
  queue: string | undefined;
  /** 0-based. */
  page: number;
}

/** Jobs that failed after their last try, newest first, one page of them. */
export function getFailedJobs(
  { queue, page }: FailedJobsParams,
  signal?: AbortSignal,
): Promise<FailedJobPage> {
  return platformApi.get<FailedJobPage>(`${JOBS_PATH}/failed`, {
    signal,
    query: { queue, skip: page * FAILED_JOBS_PAGE_SIZE, take: FAILED_JOBS_PAGE_SIZE },
  });
}

export function failedJobsQueryOptions(params: FailedJobsParams) {
  return queryOptions({
    queryKey: [...jobsQueryKey, 'failed', params],
    queryFn: ({ signal }) => getFailedJobs(params, signal),
    retry: retryUnlessClientError,
    staleTime: 0,
    refetchInterval: 10_000,
    // Paging keeps the rows on screen until the next page has come.
    placeholderData: keepPreviousData,
  });
}

export function useFailedJobs(params: FailedJobsParams) {
  return useQuery(failedJobsQueryOptions(params));
}
