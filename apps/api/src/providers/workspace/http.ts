import { WORKSPACE_CHECK_ERRORS } from '@equip/domain/workspaces';
import type { WorkspaceCheckResult } from './adapter.ts';

/**
 * What both workspace clients share (decision 033). The official clients (`@googleapis/admin`, the
 * Graph client) are given `workspaceFetch`: the app's public fetch with a timeout, and a 429 or 503
 * waited out per `Retry-After` (seconds, fractional as Graph sends them, or a date; without one a second,
 * doubling) and tried again. A wait longer than `maxRetryWaitMs` is not waited: the answer stands and
 * the call fails as rate limited. The clients' own retries are off, so this is the only one.
 */

export interface WorkspaceHttpOptions {
  /** `outboundFetch` of `providers/outbound/public-fetch` (public addresses only, no redirects). */
  fetcher: typeof fetch;
  timeoutMs: number;
  maxRetryWaitMs: number;
  /** Tries after the first for a 429 or 503. */
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Milliseconds from now a `Retry-After` names (seconds, fractional allowed, or an HTTP date); null if none. */
export function retryAfterMs(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** A provider answered with an error (or, status 0, did not answer in time). */
export class WorkspaceApiError extends Error {
  override name = 'WorkspaceApiError';
  constructor(
    readonly vendor: string,
    readonly status: number,
    /** The provider's own words, when it gave some. */
    readonly detail: string | null,
  ) {
    super(detail ? `${vendor} answered ${status}: ${detail}` : `${vendor} answered ${status}`);
  }
}

/** The fetch the official clients are given. */
export function workspaceFetch(options: WorkspaceHttpOptions): typeof fetch {
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const retries = options.retries ?? 3;
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      // A Request's body can be read once: each try sends a copy.
      const request = input instanceof Request ? input.clone() : input;
      const response = await options.fetcher(request, {
        ...init,
        signal: init?.signal ?? AbortSignal.timeout(options.timeoutMs),
      });
      if ((response.status !== 429 && response.status !== 503) || attempt >= retries) return response;
      const wait = retryAfterMs(response.headers.get('retry-after'), now()) ?? 1000 * 2 ** attempt;
      if (wait > options.maxRetryWaitMs) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(wait);
    }
  };
}

/**
 * A failed check in the fixed words and the provider's (decision 033): a refusal (401, 403, an OAuth
 * `invalid_grant`) is the access's, a rate limit or server error passes, no answer is unreachable.
 */
export function workspaceCheckFailure(error: unknown): WorkspaceCheckResult {
  if (error instanceof WorkspaceApiError) {
    const { status, detail } = error;
    if (status === 400 || status === 401 || status === 403)
      return { ok: false, error: WORKSPACE_CHECK_ERRORS.refused, detail };
    if (status === 429) return { ok: false, error: WORKSPACE_CHECK_ERRORS.rateLimited, detail };
    if (status === 0) return { ok: false, error: WORKSPACE_CHECK_ERRORS.unreachable, detail };
    if (status >= 500) return { ok: false, error: WORKSPACE_CHECK_ERRORS.serverError, detail };
    return { ok: false, error: WORKSPACE_CHECK_ERRORS.unexpectedAnswer, detail };
  }
  return { ok: false, error: WORKSPACE_CHECK_ERRORS.unreachable, detail: null };
}
