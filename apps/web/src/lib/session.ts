import type { CurrentUser } from '@equip/domain/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasSessionCookie } from './auth-tokens';
import { fetchCurrentUser, takeAnsweredCurrentUser, takeStartedCurrentUserRequest } from './current-user';

export const currentUserQueryKey = ['auth', 'me'] as const;

/** Client errors (401, 403, 404 …) are answers, not hiccups: they are not retried. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    // The first time, the request the app started with (lib/current-user.ts).
    queryFn: ({ signal }) => takeStartedCurrentUserRequest() ?? fetchCurrentUser(signal),
    // Or its answer, when it came before the query was first asked for: no pending render.
    initialData: takeAnsweredCurrentUser,
    retry: retryUnlessClientError,
    // Not paused while Equip cannot be reached: the dashboard guard says so at once, with a retry,
    // instead of waiting on its spinner (other queries pause and resume; lib/connectivity.ts).
    networkMode: 'always',
  });
}

/** The current user; inside the dashboard (behind its guard) it has always loaded. */
export function useCurrentUser(): CurrentUser | undefined {
  return useQuery({ ...currentUserQueryOptions(), enabled: hasSessionCookie() }).data;
}
