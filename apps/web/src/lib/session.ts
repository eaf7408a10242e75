import type { CurrentUser } from '@equip/domain/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from './api/clients';
import { hasSessionCookie } from './auth-tokens';

export const ME_PATH = '/user/shared/auth/me';
export const currentUserQueryKey = ['auth', 'me'] as const;

/** Client errors (401, 403, 404 …) are answers, not hiccups: they are not retried. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/** The signed-in user (SPEC §3). Marked `startup`: a refresh that fails on the network leaves the session. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return platformApi.get<CurrentUser>(ME_PATH, { startup: true, signal });
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    retry: retryUnlessClientError,
  });
}

/** The current user; inside the dashboard (behind its guard) it has always loaded. */
export function useCurrentUser(): CurrentUser | undefined {
  return useQuery({ ...currentUserQueryOptions(), enabled: hasSessionCookie() }).data;
}
