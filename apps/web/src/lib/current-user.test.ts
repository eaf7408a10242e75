import { ACCESS_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, setCookie } from './cookies';
import {
  startCurrentUserRequest,
  takeAnsweredCurrentUser,
  takeStartedCurrentUserRequest,
} from './current-user';

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

  it('hands over an answer that has already come once, in place of the request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof globalThis.fetch>(async () => Response.json(user)),
    );
    setCookie(ACCESS_TOKEN_COOKIE, 'token', 60_000);
    startCurrentUserRequest('/dashboard/employees');
    expect(takeAnsweredCurrentUser()).toBeUndefined(); // still on its way: the query takes the request
    await vi.waitFor(() => expect(takeAnsweredCurrentUser()).toMatchObject({ email: user.email }));
    expect(takeAnsweredCurrentUser()).toBeUndefined();
    expect(takeStartedCurrentUserRequest()).toBeUndefined(); // taken with its answer
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
