import type { CurrentUser } from '@equip/domain/identity';
import { platformApi } from './api/clients';
import { hasSessionCookie } from './auth-tokens';
import { applyUserLocale, initialLocale, localeSettings } from './i18n/i18n';

/**
 * Asking for the signed-in user, without React Query: the app's entry asks as it starts, before the
 * dashboard's code has arrived (`startCurrentUserRequest`), and the current-user query (`session.ts`)
 * takes that answer instead of asking again.
 */

export const ME_PATH = '/user/shared/auth/me';

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

let startedRequest: Promise<CurrentUser> | undefined;
/** What the started request answered, once it has (the guard's first render takes it). */
let answeredUser: CurrentUser | undefined;

/**
 * Asks for the current user at once when the app starts on a dashboard page with a session cookie: the
 * answer is then on its way while the dashboard's code loads (one round trip less before the page;
 * bench/lighthouse.mjs). The dashboard's guard takes it with `takeStartedCurrentUserRequest`.
 */
export function startCurrentUserRequest(pathname: string): void {
  if (!pathname.startsWith('/dashboard') || !hasSessionCookie()) return;
  const request = fetchCurrentUser();
  startedRequest = request;
  request.then(
    (user) => {
      if (startedRequest === request) answeredUser = user;
    },
    () => {}, // the query that takes it reports a failure
  );
}

/** The request started with the app, if any, without taking it (a page's prefetch checks the role). */
export function peekStartedCurrentUserRequest(): Promise<CurrentUser> | undefined {
  return startedRequest;
}

/** The request started with the app, once: later queries ask again. */
export function takeStartedCurrentUserRequest(): Promise<CurrentUser> | undefined {
  const request = startedRequest;
  startedRequest = undefined;
  answeredUser = undefined;
  return request;
}

/**
 * The user the started request has already answered, once (it is then taken as the request would be).
 * The dashboard's guard starts with it: without it, its first render would wait a promise's turn and
 * commit a spinner frame before the page (bench/lighthouse.mjs).
 */
export function takeAnsweredCurrentUser(): CurrentUser | undefined {
  const user = answeredUser;
  if (user) takeStartedCurrentUserRequest();
  return user;
}
