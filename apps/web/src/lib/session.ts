import type { CurrentUser } from '@equip/domain/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from './api/clients';
import { hasSessionCookie } from './auth-tokens';
import { applyUserLocale, initialLocale, localeSettings } from './i18n/i18n';

export const ME_PATH = '/user/shared/auth/me';
export const currentUserQueryKey = ['auth', 'me'] as const;

/** Client errors (401, 403, 404 …) are answers, not hiccups: they are not retried. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/**
 * The person's stored language (else the one chosen in this browser, else the browser's) and their
 * organisation's time zone, applied when they differ from what the UI shows now.
 */
export async function applyCurrentUserLocale(user: Pick<CurrentUser, 'locale' | 'timeZone'>): Promise<void> {
  const current = localeSettings();
  const locale = user.locale ?? initialLocale();
  if (current.locale === locale && current.timeZone === user.timeZone && user.timeZone) return;
  await applyUserLocale(user);
}

/**
 * The signed-in user (SPEC §3). Marked `startup`: a refresh that fails on the network leaves the session.
 * Their language and time zone apply before the answer is used, so no page shows in two languages.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const user = await platformApi.get<CurrentUser>(ME_PATH, { startup: true, signal });
  await applyCurrentUserLocale(user);
  return user;
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
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
