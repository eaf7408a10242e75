import type { InviteRequest } from '@equip/domain/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { employeeKeys } from './query-keys';

/** Invites a person to Equip: they get a mail with a link to set their password. */
export function inviteEmployee(userUuid: string): Promise<void> {
  return platformApi.post<void>('/user/owner/auth/invite', { userUuid } satisfies InviteRequest);
}

export interface BulkInviteResult {
  invited: number;
  failed: string[];
}

/** Invites several people, a few requests at a time; failures are collected, not thrown. */
export async function inviteEmployees(
  userUuids: readonly string[],
  onProgress?: (done: number, total: number) => void,
  concurrency = 4,
): Promise<BulkInviteResult> {
  const failed: string[] = [];
  let next = 0;
  let done = 0;
  async function worker() {
    while (next < userUuids.length) {
      const uuid = userUuids[next++]!;
      try {
        await inviteEmployee(uuid);
      } catch {
        failed.push(uuid);
      }
      onProgress?.(++done, userUuids.length);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, userUuids.length) }, worker));
  return { invited: userUuids.length - failed.length, failed };
}

export function useInviteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteEmployee,
    onSuccess: (_result, uuid) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: employeeKeys.detail(uuid) }),
        queryClient.invalidateQueries({ queryKey: employeeKeys.lists() }),
      ]),
  });
}
