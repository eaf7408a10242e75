import type { OutboxList, OutboxMessage } from '@equip/domain/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { retryUnlessClientError } from '@/lib/session';

export const OUTBOX_PATH = '/admin/outbox';
export const outboxQueryKey = ['admin', 'outbox'] as const;

/** Mail and text messages the installation sent or holds (provider admins), newest first. */
export async function getOutbox(signal?: AbortSignal): Promise<OutboxMessage[]> {
  const { items } = await platformApi.get<OutboxList>(OUTBOX_PATH, { signal });
  return [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function outboxQueryOptions() {
  return queryOptions({
    queryKey: outboxQueryKey,
    queryFn: ({ signal }) => getOutbox(signal),
    retry: retryUnlessClientError,
    // The demo's "inbox": new mail should show up without a reload.
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
