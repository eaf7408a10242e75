import { HR_CHECK_ERRORS } from '@equip/domain/integrations';
import { ZodError } from 'zod';
import { retryAfterOf } from '../outbound/retry-after.ts';
import type { HrCheckField, HrCheckResult } from './adapter.ts';

/**
 * What every HR client shares (decision 029): one JSON request with a timeout, a 429 or 503 waited out
 * per `Retry-After` (seconds or a date; without one a second, doubling) and tried again, and the
 * vendor's rate-limit headers heeded: when `X-RateLimit-Remaining` says nothing is left, the next call
 * waits for `X-RateLimit-Reset`. A wait longer than `maxRetryWaitMs` is not waited: the call fails as
 * rate limited (the hourly check or the next sync tries again).
 */

/** A vendor answered with an error (or, status 0, did not answer in time). */
export class HrApiError extends Error {
  override name = 'HrApiError';
  constructor(
    readonly vendor: string,
    readonly status: number,
    /** The vendor's own words, when it gave some. */
    readonly detail: string | null,
    /** When the vendor allows the next request (`Retry-After`), for a 429 or 503. */
    readonly retryAt: Date | null = null,
    /** The request was the one that asks for a token (a refusal there is the credentials'). */
    readonly duringToken = false,
  ) {
    super(detail ? `${vendor} answered ${status}: ${detail}` : `${vendor} answered ${status}`);
  }

  get rateLimited(): boolean {
    return this.status === 429 || this.status === 503;
  }

  get refused(): boolean {
    return this.status === 401 || this.status === 403 || (this.duringToken && this.status === 400);
  }
}

export interface HrHttpOptions {
  /** The product's name, for messages. */
  vendor: string;
  /** `outboundFetch` of `providers/outbound/public-fetch` (public addresses only, no redirects). */
  fetcher: typeof fetch;
  timeoutMs: number;
  /** The longest wait for a rate limit that is waited out (longer ones fail as rate limited). */
  maxRetryWaitMs: number;
  /** Tries after the first for a 429 or 503. */
  retries?: number;
  /** The vendor's error body (and headers: BambooHR answers its words in one) → its words. */
  describeError: (body: unknown, headers: Headers) => string | null;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface HrRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The token request: a refusal (400/401/403) there is the credentials'. */
  duringToken?: boolean;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `X-RateLimit-Reset`: epoch seconds (large numbers) or seconds from now; null when unreadable. */
export function rateLimitResetOf(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 1_000_000_000 ? n * 1000 : now + n * 1000;
}

export class HrHttp {
  private notBefore = 0;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(private readonly options: HrHttpOptions) {
    this.sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? Date.now;
  }

  /** The parsed JSON body of a successful answer (null when empty); HrApiError otherwise. */
  async json(url: string, request: HrRequest = {}): Promise<unknown> {
    const { vendor, maxRetryWaitMs } = this.options;
    const retries = this.options.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      await this.waitFor(this.notBefore, null, request.duringToken ?? false);
      const response = await this.fetch(url, request);
      this.heedRateLimit(response.headers);
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      if (response.ok) return body;
      const retryAt = retryAfterOf(response.headers.get('retry-after'), new Date(this.now()));
      const error = new HrApiError(
        vendor,
        response.status,
        this.options.describeError(body, response.headers),
        retryAt,
        request.duringToken ?? false,
      );
      if (!error.rateLimited || attempt >= retries) throw error;
      const until = retryAt ? retryAt.getTime() : this.now() + 1000 * 2 ** attempt;
      if (until - this.now() > maxRetryWaitMs) throw error;
      await this.waitFor(until, error, request.duringToken ?? false);
    }
  }

  private async fetch(url: string, request: HrRequest): Promise<Response> {
    try {
      return await this.options.fetcher(url, {
        method: request.method ?? 'GET',
        headers: { accept: 'application/json', ...request.headers },
        ...(request.body === undefined ? {} : { body: request.body }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new HrApiError(
          this.options.vendor,
          0,
          `${this.options.vendor} did not answer within ${Math.round(this.options.timeoutMs / 1000)} s`,
        );
      throw error;
    }
  }

  /** Nothing left in the vendor's window: the next request waits for its reset. */
  private heedRateLimit(headers: Headers): void {
    if (headers.get('x-ratelimit-remaining')?.trim() !== '0') return;
    const reset = rateLimitResetOf(headers.get('x-ratelimit-reset'), this.now());
    if (reset) this.notBefore = Math.max(this.notBefore, reset);
  }

  private async waitFor(until: number, cause: HrApiError | null, duringToken: boolean): Promise<void> {
    const wait = until - this.now();
    if (wait <= 0) return;
    if (wait > this.options.maxRetryWaitMs)
      throw (
        cause ?? new HrApiError(this.options.vendor, 429, 'rate limit used up', new Date(until), duringToken)
      );
    await this.sleep(wait);
  }
}

/**
 * A failed check in the fixed words and the vendor's (decision 029): a refusal is the credentials'
 * (`field`), a rate limit or server error passes, an answer of another shape is not the vendor's API,
 * no answer is unreachable.
 */
export function checkFailure(error: unknown, field: HrCheckField): HrCheckResult {
  if (error instanceof HrApiError) {
    if (error.refused)
      return { ok: false, error: HR_CHECK_ERRORS.credentialsRefused, detail: error.detail, field };
    if (error.rateLimited)
      return { ok: false, error: HR_CHECK_ERRORS.rateLimited, detail: error.detail, field: 'credentials' };
    if (error.status === 0)
      return { ok: false, error: HR_CHECK_ERRORS.unreachable, detail: error.detail, field: 'credentials' };
    if (error.status >= 500)
      return { ok: false, error: HR_CHECK_ERRORS.serverError, detail: error.detail, field: 'credentials' };
    return { ok: false, error: HR_CHECK_ERRORS.unexpectedAnswer, detail: error.detail, field: 'credentials' };
  }
  if (error instanceof ZodError)
    return { ok: false, error: HR_CHECK_ERRORS.unexpectedAnswer, detail: null, field: 'credentials' };
  return { ok: false, error: HR_CHECK_ERRORS.unreachable, detail: null, field: 'credentials' };
}
