import type { FailedJobPage } from '@equip/domain/jobs-admin';
import { queryOptions } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { JOBS_PATH, jobListQueryOptions, jobsQueryKey } from './get-job-queues';

export const FAILED_JOBS_PAGE_SIZE = 25;

/** One page of the jobs that failed after their last try (newest first unless sorted otherwise). */
export function getFailedJobs(params: ListPageParams, signal?: AbortSignal): Promise<FailedJobPage> {
  return platformApi.get<FailedJobPage>(`${JOBS_PATH}/failed`, {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getFailedJobsQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: [...jobsQueryKey, 'failed', params],
    queryFn: ({ signal }) => getFailedJobs(params, signal),
    ...jobListQueryOptions,
  });
