import { ErrorType } from '@equip/domain/error-catalogue';
import type { ApiErrorEntry } from '@equip/domain/errors';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n/i18n';
import { knownMessage } from '@/lib/i18n/known-messages';
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
 *
 * The server's words are shown in the person's language: an entry whose text is a known English message
 * reads its translation (`lib/i18n/known-messages.ts`), one whose `errorType` is one of SPEC §8's reads
 * the catalog's text for that type (`ERROR_TYPE_MESSAGES`), any other the server's `msg` as it came.
 */

const NETWORK_FAILURE = msg`We couldn’t reach Equip. Check your connection and try again.`;
const GENERIC_FAILURE = msg`Something went wrong. Please try again.`;
const SESSION_ENDED = msg`Your session has ended. Sign in again to continue.`;
const NOT_ALLOWED = msg`You are not allowed to do this.`;

/**
 * The catalog's words for SPEC §8's error types whose server text is fixed (or only names a value);
 * the English texts are the server's. Generic types (ZodValidationError, NotFound, Conflict …) carry
 * different texts and go through the known texts or the server's words instead.
 */
const ERROR_TYPE_MESSAGES: Partial<Record<string, (entry: ApiErrorEntry) => MessageDescriptor | undefined>> =
  {
    [ErrorType.InvalidCredentials]: () => msg`Email or password is incorrect`,
    [ErrorType.InvalidMfaCode]: () => msg`The code is not valid`,
    [ErrorType.PasswordIsRequired]: () => msg`Password is required`,
    [ErrorType.FailedToEncryptPassword]: () => msg`Failed to encrypt password`,
    [ErrorType.InvalidToken]: (entry) => knownMessage(entry.msg) ?? msg`This link is invalid or has expired`,
    [ErrorType.ReauthenticationRequired]: (entry) =>
      knownMessage(entry.msg) ?? msg`Confirm with your password`,
    // The server names the address in its own words; only a bare entry gets the catalog's sentence.
    [ErrorType.EmailIsUsed]: (entry) => {
      if (entry.msg) return undefined;
      const email = typeof entry.value === 'string' ? entry.value : undefined;
      return email ? msg`${email} is already in use` : msg`This email is already in use`;
    },
    [ErrorType.SSOAuthenticationErrorUnknownEmail]: () => msg`No account uses this email address`,
    [ErrorType.SSOAuthenticationErrorUserSoftDeleted]: () => msg`This account has been removed`,
    [ErrorType.EmailIsDuplicated]: () => msg`This email appears more than once in the file`,
    [ErrorType.EmailInUse]: () => msg`This email is already in use`,
    [ErrorType.FileHeadersNotValid]: (entry) =>
      knownMessage(entry.msg) ?? (entry.msg ? undefined : msg`The file’s column headers are not valid`),
    [ErrorType.FileHeadersInvalid]: (entry) =>
      knownMessage(entry.msg) ?? (entry.msg ? undefined : msg`The file’s column headers are not valid`),
    [ErrorType.FileHeadersMissing]: (entry) =>
      knownMessage(entry.msg) ?? (entry.msg ? undefined : msg`The file has no column headers`),
    [ErrorType.AccountWithEmailDoesNotExist]: () => msg`No account uses this email address`,
    [ErrorType.AccountWithNameDoesNotExist]: () => msg`No account has this name`,
    [ErrorType.FailedToCreateError]: (entry) =>
      knownMessage(entry.msg) ?? (entry.msg ? undefined : msg`This entry could not be created`),
    [ErrorType.GroupKind]: () => msg`This kind of group cannot be assigned automatically`,
    [ErrorType.GroupSetting_DynamicMembership]: () =>
      msg`Groups with dynamic membership cannot be assigned automatically`,
  };

/**
 * The server's words for one error entry, in the person's language where the catalog knows them: a
 * known English text (kept as specific as the server made it), else the text for its error type, else
 * the server's `msg` as it came.
 */
export function entryMessage(entry: ApiErrorEntry): string {
  const described =
    knownMessage(entry.msg) ?? (entry.errorType ? ERROR_TYPE_MESSAGES[entry.errorType]?.(entry) : undefined);
  return described ? i18n._(described) : entry.msg;
}

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
  if (rounded < 60) return plural(rounded, { one: 'in # second', other: 'in # seconds' });
  const at = formatTime(new Date(now.getTime() + rounded * 1000));
  const minutes = Math.ceil(rounded / 60);
  if (minutes < 90)
    return plural(minutes, { one: `in # minute (at ${at})`, other: `in # minutes (at ${at})` });
  const hours = Math.round(minutes / 60);
  return plural(hours, { one: `in # hour (at ${at})`, other: `in # hours (at ${at})` });
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
  const fallback = options.fallback ?? i18n._(GENERIC_FAILURE);
  const failure = (kind: FailureKind, message: string): Failure<F> => ({
    kind,
    status: statusOf(error),
    errorType: error instanceof ApiError ? error.errorType : undefined,
    fields: {},
    message,
  });
  if (isNetworkError(error)) return failure('network', i18n._(NETWORK_FAILURE));
  if (error instanceof Error && error.name === 'PasswordEncryptionError')
    return failure('failed', i18n._(knownMessage(error.message) ?? msg`Failed to encrypt password`));
  if (!(error instanceof ApiError || error instanceof HttpError)) return failure('failed', fallback);

  const kind = kindOf(error.status);
  if (kind === 'rate-limited') {
    const seconds = error instanceof ApiError ? error.retryAfterSeconds : undefined;
    if (seconds === undefined)
      return failure(kind, i18n._(msg`Too many attempts. Please wait a while and try again.`));
    const when = retryAfterText(seconds);
    return failure(kind, i18n._(msg`Too many attempts. Try again ${when}.`));
  }
  if (kind === 'failed') return failure(kind, fallback);
  const unspecific =
    kind === 'unauthenticated'
      ? i18n._(SESSION_ENDED)
      : kind === 'forbidden'
        ? i18n._(NOT_ALLOWED)
        : fallback;
  if (!(error instanceof ApiError)) return failure(kind, unspecific);

  const result = failure(kind, '');
  const unplaced: string[] = [];
  for (const entry of error.errors) {
    const text = (entry.errorType && options.messages?.[entry.errorType]) || entryMessage(entry);
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
export function errorMessage(error: unknown, fallback?: string): string {
  return describeFailure(error, fallback === undefined ? {} : { fallback }).message;
}

/** A toast's text for a failed action: "Could not save: <what went wrong>". */
export function failureMessage(action: string, error: unknown): string {
  const reason = errorMessage(error);
  return i18n._(msg`${action}: ${reason}`);
}
