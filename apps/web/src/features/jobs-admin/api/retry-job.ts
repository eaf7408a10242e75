import type { RetriedJob } from '@equip/domain/jobs-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { JOBS_PATH, jobsQueryKey } from './get-job-queues';

/**
 * Runs a failed job (or a dead letter) again with its idempotency key. The server answers 409 when the
 * job is no longer failed (someone retried it already).
 */
export function retryJob(id: string): Promise<RetriedJob> {
  return platformApi.post<RetriedJob>(`${JOBS_PATH}/${encodeURIComponent(id)}/retry`);
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    // Counts and the failed list both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
