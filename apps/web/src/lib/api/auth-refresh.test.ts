import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from '../auth-tokens';
import { getCookie, setCookie } from '../cookies';
import { createApiClient, type UnauthorizedContext } from './api-client';
import { type AuthRefreshDeps, createUnauthorizedHandler, isAuthCall } from './auth-refresh';
import { ApiError, HttpError } from './errors';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthorized = () =>
  json(401, { errors: [{ msg: 'Authentication required', errorType: 'Unauthorized' }] });

function signIn(access = 'old-access', refresh = 'old-refresh') {
  setCookie(ACCESS_TOKEN_COOKIE, access, 60_000);
  setCookie(REFRESH_TOKEN_COOKIE, refresh, 60_000);
}

/** The handler wired to the real cookies, with a fake refresh call and a spy for /logout. */
function setup(refresh: AuthRefreshDeps['refresh']) {
  const deps = {
    refresh: vi.fn(refresh),
    getAccessToken,
    getRefreshToken,
    storeTokens,
    clearTokens,
    endSession: vi.fn(),
  };
  return { deps, onUnauthorized: createUnauthorizedHandler(deps) };
}

const request = (overrides: Partial<UnauthorizedContext> = {}): UnauthorizedContext => ({
  method: 'GET',
  url: '/api/employees',
  token: 'old-access',
  startup: false,
  ...overrides,
});

/** A deferred promise, to hold the refresh open while other requests fail. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => vi.unstubAllGlobals());

describe('the shared 401 refresh', () => {
  it('refreshes with the refresh-token cookie, stores both new tokens and retries', async () => {
    signIn();
    const { deps, onUnauthorized } = setup(async () => ({
      accessToken: 'new-access',
      refreshToken: 'new-refresh',
    }));
    await expect(onUnauthorized(request())).resolves.toBe(true);
    expect(deps.refresh).toHaveBeenCalledExactlyOnceWith('old-refresh');
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBe('new-access');
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBe('new-refresh');
    expect(deps.endSession).not.toHaveBeenCalled();
  });

  it('deletes the old refresh token when the refresh returns none', async () => {
    signIn();
    const { onUnauthorized } = setup(async () => ({ accessToken: 'new-access' }));
    await expect(onUnauthorized(request())).resolves.toBe(true);
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBe('new-access');
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBeUndefined();
  });

  it('deletes both cookies and goes to /logout when the refresh answers 401', async () => {
    signIn();
    const { deps, onUnauthorized } = setup(async () => {
      throw new ApiError(401, [{ msg: 'Refresh token is invalid' }]);
    });
    await expect(onUnauthorized(request())).resolves.toBe(false);
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBeUndefined();
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBeUndefined();
    expect(deps.endSession).toHaveBeenCalledOnce();
  });

  it('also logs out on the start-up path when the refresh answers 401', async () => {
    signIn();
    const { deps, onUnauthorized } = setup(async () => {
      throw new ApiError(401, [{ msg: 'Refresh token is invalid' }]);
    });
    await expect(onUnauthorized(request({ startup: true }))).resolves.toBe(false);
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBeUndefined();
    expect(deps.endSession).toHaveBeenCalledOnce();
  });

  it('goes to /logout without calling refresh when there is no refresh token', async () => {
    setCookie(ACCESS_TOKEN_COOKIE, 'old-access', 60_000);
    const { deps, onUnauthorized } = setup(async () => ({ accessToken: 'x' }));
    await expect(onUnauthorized(request())).resolves.toBe(false);
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBeUndefined();
    expect(deps.endSession).toHaveBeenCalledOnce();
  });

  it.each([
    ['a network error', new TypeError('Failed to fetch')],
    ['a 5xx', new HttpError(502, '<html>Bad gateway</html>')],
    ['a 500 payload', new ApiError(500, [{ msg: 'Internal error' }])],
  ])('logs out on the request path when the refresh fails with %s', async (_, failure) => {
    signIn();
    const { deps, onUnauthorized } = setup(async () => {
      throw failure;
    });
    await expect(onUnauthorized(request())).resolves.toBe(false);
    expect(deps.endSession).toHaveBeenCalledOnce();
  });

  it.each([
    ['a network error', new TypeError('Failed to fetch')],
    ['a 5xx', new HttpError(503, '')],
  ])(
    'leaves the session as it is on the start-up path when the refresh fails with %s',
    async (_, failure) => {
      signIn();
      const { deps, onUnauthorized } = setup(async () => {
        throw failure;
      });
      await expect(onUnauthorized(request({ startup: true }))).resolves.toBe(false);
      expect(deps.endSession).not.toHaveBeenCalled();
      expect(getCookie(ACCESS_TOKEN_COOKIE)).toBe('old-access');
      expect(getCookie(REFRESH_TOKEN_COOKIE)).toBe('old-refresh');
    },
  );

  it('logs out once when start-up and ordinary requests wait on the same failed refresh', async () => {
    signIn();
    const pending = deferred<never>();
    const { deps, onUnauthorized } = setup(() => pending.promise);
    const results = Promise.all([
      onUnauthorized(request({ startup: true, url: '/api/user/shared/auth/me' })),
      onUnauthorized(request()),
      onUnauthorized(request({ url: '/bundle-api/bundles' })),
    ]);
    pending.reject(new TypeError('Failed to fetch'));
    await expect(results).resolves.toEqual([false, false, false]);
    expect(deps.refresh).toHaveBeenCalledOnce();
    expect(deps.endSession).toHaveBeenCalledOnce();
  });

  it('never refreshes for the refresh, sign-in and other unprotected auth calls', async () => {
    signIn();
    const { deps, onUnauthorized } = setup(async () => ({ accessToken: 'x' }));
    for (const url of [
      '/api/user/shared/auth/unprotected/refresh',
      '/api/user/shared/auth/unprotected/login',
      '/api/user/shared/auth/mfa/login',
      '/api/user/owner/auth/unprotected/set-password',
      '/api/user/shared/auth/unprotected/reset-password',
      '/api/user/shared/auth/logout',
    ]) {
      await expect(onUnauthorized(request({ method: 'POST', url }))).resolves.toBe(false);
    }
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(deps.endSession).not.toHaveBeenCalled();
    expect(isAuthCall('/api/user/shared/auth/me')).toBe(false);
    expect(isAuthCall('/api/user/shared/auth/mfa/authenticator/setup')).toBe(false);
  });

  it('retries without refreshing when another request already refreshed the token', async () => {
    signIn('new-access', 'new-refresh');
    const { deps, onUnauthorized } = setup(async () => ({ accessToken: 'x' }));
    await expect(onUnauthorized(request({ token: 'old-access' }))).resolves.toBe(true);
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('starts a new refresh for a later 401 once the previous one is over', async () => {
    signIn();
    let round = 0;
    const { deps, onUnauthorized } = setup(async () => {
      round += 1;
      return { accessToken: `access-${round}`, refreshToken: `refresh-${round}` };
    });
    await onUnauthorized(request());
    await onUnauthorized(request({ token: 'access-1' }));
    expect(deps.refresh).toHaveBeenCalledTimes(2);
    expect(deps.refresh).toHaveBeenLastCalledWith('refresh-1');
    expect(getAccessToken()).toBe('access-2');
  });
});

describe('the 401 refresh inside a client', () => {
  it('ten requests failing at once make exactly one refresh call and are all retried with the new token', async () => {
    signIn();
    const refresh = deferred<{ accessToken: string; refreshToken: string }>();
    const { deps, onUnauthorized } = setup(() => refresh.promise);
    const seen: string[] = [];
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const auth = ((init?.headers ?? {}) as Record<string, string>).Authorization;
      seen.push(`${String(url)} ${auth}`);
      return auth === 'Bearer new-access' ? json(200, { url: String(url) }) : unauthorized();
    });
    const client = createApiClient({
      baseUrl: '/api',
      getAccessToken,
      onUnauthorized,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const requests = Array.from({ length: 10 }, (_, index) => client.get(`/things/${index}`));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(10));
    refresh.resolve({ accessToken: 'new-access', refreshToken: 'new-refresh' });
    const results = await Promise.all(requests);

    expect(deps.refresh).toHaveBeenCalledOnce();
    expect(results).toEqual(Array.from({ length: 10 }, (_, index) => ({ url: `/api/things/${index}` })));
    expect(fetch).toHaveBeenCalledTimes(20);
    const retries = seen.slice(10);
    expect(retries.every((line) => line.endsWith('Bearer new-access'))).toBe(true);
    expect(new Set(retries.map((line) => line.split(' ')[0])).size).toBe(10);
    expect(getRefreshToken()).toBe('new-refresh');
  });

  it('surfaces the 401 when the retried request is refused again (no second refresh)', async () => {
    signIn();
    const { deps, onUnauthorized } = setup(async () => ({ accessToken: 'new-access', refreshToken: 'r2' }));
    const fetch = vi.fn(async () => unauthorized());
    const client = createApiClient({
      baseUrl: '/api',
      getAccessToken,
      onUnauthorized,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    await expect(client.get('/things')).rejects.toMatchObject({ name: 'ApiError', status: 401 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(deps.refresh).toHaveBeenCalledOnce();
  });
});

describe('platform and bundle clients', () => {
  it('share one refresh', async () => {
    signIn();
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
        const path = String(url);
        const auth = ((init?.headers ?? {}) as Record<string, string>).Authorization;
        calls.push(`${init?.method} ${path}`);
        if (path.endsWith('/unprotected/refresh')) {
          expect(auth).toBeUndefined();
          expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: 'old-refresh' });
          await new Promise((resolve) => setTimeout(resolve, 5));
          return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
        }
        return auth === 'Bearer new-access' ? json(200, { ok: true }) : unauthorized();
      }),
    );
    const { platformApi, bundleApi } = await import('./clients');
    await Promise.all([
      platformApi.get('/employees'),
      bundleApi.get('/bundles'),
      platformApi.get('/devices'),
      bundleApi.post('/bundles', { name: 'Design' }),
    ]);
    expect(calls.filter((call) => call.endsWith('/unprotected/refresh'))).toEqual([
      'POST /api/user/shared/auth/unprotected/refresh',
    ]);
    expect(calls).toHaveLength(9);
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBe('new-access');
  });
});
