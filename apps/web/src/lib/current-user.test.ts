import { ACCESS_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, setCookie } from './cookies';
import { startCurrentUserRequest, takeStartedCurrentUserRequest } from './current-user';

const user = { uuid: 'u-1', email: 'it@acme.example', locale: 'en-US', timeZone: 'UTC' };

describe('the current-user request started with the app', () => {
  afterEach(() => {
    takeStartedCurrentUserRequest();
    deleteCookie(ACCESS_TOKEN_COOKIE);
    vi.unstubAllGlobals();
  });

  it('asks for the user at once on a dashboard page with a session, and hands the answer over once', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json(user));
    vi.stubGlobal('fetch', fetch);
    setCookie(ACCESS_TOKEN_COOKIE, 'token', 60_000);
    startCurrentUserRequest('/dashboard/employees');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/user/shared/auth/me');
    await expect(takeStartedCurrentUserRequest()).resolves.toMatchObject({ email: user.email });
    expect(takeStartedCurrentUserRequest()).toBeUndefined(); // a later query asks again
  });

  it('asks nothing without a session cookie or outside the dashboard', () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json(user));
    vi.stubGlobal('fetch', fetch);
    startCurrentUserRequest('/dashboard/employees');
    setCookie(ACCESS_TOKEN_COOKIE, 'token', 60_000);
    startCurrentUserRequest('/auth/login');
    expect(fetch).not.toHaveBeenCalled();
    expect(takeStartedCurrentUserRequest()).toBeUndefined();
  });
});
