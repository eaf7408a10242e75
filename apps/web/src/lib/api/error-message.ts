import type { ApiErrorEntry } from '@equip/domain/errors';
import { formatTime } from '../format';
import { ApiError, HttpError } from './errors';

/**
 * The one place that turns a failed call into what the person sees (SPEC §7: "auth failures on write
 * calls go through a shared error mapping"). Forms, dialogs and toasts ask `describeFailure` (or its
 * short forms `errorMessage` and `failureMessage`) and never read statuses or payloads themselves:
 *
 * - no answer (fetch's TypeError): check the connection;
 * - 429: too many attempts, and when to try again (`Retry-After`);
 * - 401: the server's words (wrong password, wrong or expired code); without any, the session has
 *   ended. A signed-in call only fails with 401 after the shared token refresh failed, and then the
 *   session-end handling is already on its way to /logout;
 * - 403: the server's words (who may do this, or "confirm it's you"); without any, not allowed;
 * - other 4xx: the server's words, each at the form field its `param` names when the form has one;
 * - 5xx, answers that are not the error payload, anything else: the caller's fallback sentence
 *   (a server failure's details are no help to the person).
 */

const NETWORK_FAILURE = 'We couldn’t reach Equip. Check your connection and try again.';
const GENERIC_FAILURE = 'Something went wrong. Please try again.';
const SESSION_ENDED = 'Your session has ended. Sign in again to continue.';
const NOT_ALLOWED = 'You are not allowed to do this.';

/** What kind of failure it was, for screens that react to it (an expired sign-in starts over). */
export type FailureKind = 'network' | 'rate-limited' | 'unauthenticated' | 'forbidden' | 'refused' | 'failed';

export interface Failure<F extends string = never> {
  kind: FailureKind;
  status: number | undefined;
  /** The first error type the server named (`EmailIsUsed`, `InvalidMfaCode` …). */
  errorType: string | undefined;
  /** Messages that belong at a field of the form (see `FailureOptions.field`). */
  fields: Partial<Record<F, string>>;
  /** The sentence for the form, dialog or toast; empty when every problem sits at a field. */
  message: string;
}

export interface FailureOptions<F extends string = never> {
  /** Said when the failure says nothing a person can use (a server failure, an unknown error). */
  fallback?: string;
  /** The screen's own words for an error type, instead of the server's (`EmailIsUsed` → …). */
  messages?: Partial<Record<string, string>>;
  /** The form field an error entry belongs to (usually from its `param`); others go to `message`. */
  field?: (entry: ApiErrorEntry) => F | undefined;
}

/** "in 30 seconds", "in 5 minutes (at 14:05)", "in 2 hours (at 16:00)". */
export function retryAfterText(seconds: number, now: Date = new Date()): string {
  const rounded = Math.max(1, Math.ceil(seconds));
  if (rounded < 60) return `in ${rounded} second${rounded === 1 ? '' : 's'}`;
  const at = formatTime(new Date(now.getTime() + rounded * 1000));
  const minutes = Math.ceil(rounded / 60);
  if (minutes < 90) return `in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${at})`;
  const hours = Math.round(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'} (at ${at})`;
}

/** Network failures reach us as TypeErrors from fetch (the request never got an answer). */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError || error instanceof HttpError ? error.status : undefined;
}

function kindOf(status: number): FailureKind {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 429) return 'rate-limited';
  return status < 500 ? 'refused' : 'failed';
}

/** What went wrong, in words and at fields: see the rules at the top of this file. */
export function describeFailure<F extends string = never>(
  error: unknown,
  options: FailureOptions<F> = {},
): Failure<F> {
  const fallback = options.fallback ?? GENERIC_FAILURE;
  const failure = (kind: FailureKind, message: string): Failure<F> => ({
    kind,
    status: statusOf(error),
    errorType: error instanceof ApiError ? error.errorType : undefined,
    fields: {},
    message,
  });
  if (isNetworkError(error)) return failure('network', NETWORK_FAILURE);
  if (error instanceof Error && error.name === 'PasswordEncryptionError')
    return failure('failed', error.message);
  if (!(error instanceof ApiError || error instanceof HttpError)) return failure('failed', fallback);

  const kind = kindOf(error.status);
  if (kind === 'rate-limited') {
    const seconds = error instanceof ApiError ? error.retryAfterSeconds : undefined;
    return failure(
      kind,
      seconds === undefined
        ? 'Too many attempts. Please wait a while and try again.'
        : `Too many attempts. Try again ${retryAfterText(seconds)}.`,
    );
  }
  if (kind === 'failed') return failure(kind, fallback);
  const unspecific =
    kind === 'unauthenticated' ? SESSION_ENDED : kind === 'forbidden' ? NOT_ALLOWED : fallback;
  if (!(error instanceof ApiError)) return failure(kind, unspecific);

  const result = failure(kind, '');
  const unplaced: string[] = [];
  for (const entry of error.errors) {
    const text = (entry.errorType && options.messages?.[entry.errorType]) || entry.msg;
    const field = options.field?.(entry);
    if (field !== undefined && text) result.fields[field] ??= text;
    else if (text) unplaced.push(text);
  }
  const placedAny = Object.keys(result.fields).length > 0;
  result.message = unplaced.length > 0 ? unplaced.join('; ') : placedAny ? '' : unspecific;
  return result;
}

/**
 * A sentence for the person in front of the screen: no connection, too many attempts (with when to
 * retry), the server's own message for spec errors, or the fallback.
 */
export function errorMessage(error: unknown, fallback = GENERIC_FAILURE): string {
  return describeFailure(error, { fallback }).message;
}

/** A toast's text for a failed action: "Could not save: <what went wrong>". */
export function failureMessage(action: string, error: unknown): string {
  return `${action}: ${errorMessage(error)}`;
}
