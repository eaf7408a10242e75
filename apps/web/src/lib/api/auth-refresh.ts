import type { RefreshResponse } from '@equip/domain/identity';
import type { UnauthorizedContext } from './api-client';

export const REFRESH_PATH = '/user/shared/auth/unprotected/refresh';

/**
 * Calls that must never trigger a refresh: the refresh itself, the sign-in steps and the other
 * `unprotected` calls (their 401 means wrong credentials, not an expired token) and the logout.
 */
const AUTH_CALL = /\/user\/(shared|owner)\/auth\/(unprotected\/|mfa\/login(\?|$)|logout(\?|$))/;

export function isAuthCall(url: string): boolean {
  return AUTH_CALL.test(url);
}

export interface AuthRefreshDeps {
  /** POSTs the refresh token (without any retry logic of its own). */
  refresh(refreshToken: string): Promise<RefreshResponse>;
  getAccessToken(): string | undefined;
  getRefreshToken(): string | undefined;
  /** Stores the new tokens; deletes the refresh token when none is returned. */
  storeTokens(tokens: RefreshResponse): void;
  clearTokens(): void;
  /** Sends the user to /logout. */
  endSession(): void;
}

type Outcome = 'refreshed' | 'refused' | 'failed';

interface Attempt {
  outcome: Promise<Outcome>;
  /** Whether this attempt already sent the user to /logout (once, however many requests wait). */
  ended: boolean;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The 401 handling of SPEC §4 and §8, shared by the platform and bundle clients:
 * - a 401 starts ONE refresh with the refresh-token cookie; requests failing meanwhile wait for it,
 *   then every one of them is sent again once (with the new access token);
 * - a request that was sent with an older token than the current one is simply sent again;
 * - the refresh answers 401, or there is no refresh token: both cookies go and the user to /logout;
 * - the refresh fails otherwise (network, 5xx): requests log the user out, but the start-up `me`
 *   leaves the session as it is (the 401 surfaces and the app offers to try again).
 */
export function createUnauthorizedHandler(deps: AuthRefreshDeps) {
  let current: Attempt | undefined;

  function end(attempt: Attempt) {
    if (attempt.ended) return;
    attempt.ended = true;
    deps.endSession();
  }

  async function refresh(attempt: Attempt): Promise<Outcome> {
    const refreshToken = deps.getRefreshToken();
    if (!refreshToken) {
      deps.clearTokens();
      end(attempt);
      return 'refused';
    }
    try {
      const tokens = await deps.refresh(refreshToken);
      deps.storeTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
      return 'refreshed';
    } catch (error) {
      if (statusOf(error) !== 401) return 'failed';
      deps.clearTokens();
      end(attempt);
      return 'refused';
    }
  }

  function startAttempt(): Attempt {
    const attempt: Attempt = { outcome: Promise.resolve('failed'), ended: false };
    attempt.outcome = refresh(attempt).finally(() => {
      if (current === attempt) current = undefined;
    });
    return attempt;
  }

  return async function onUnauthorized(context: UnauthorizedContext): Promise<boolean> {
    if (isAuthCall(context.url)) return false;
    if (!current) {
      const token = deps.getAccessToken();
      // Another request refreshed while this one was on its way: just try again.
      if (token && token !== context.token) return true;
      current = startAttempt();
    }
    const attempt = current;
    const outcome = await attempt.outcome;
    if (outcome === 'refreshed') return true;
    if (outcome === 'failed' && !context.startup) end(attempt);
    return false;
  };
}
