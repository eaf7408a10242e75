import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from '@/lib/cookies';
import { peekStartedCurrentUserRequest, startCurrentUserRequest } from '@/lib/current-user';
import { currentUserQueryKey } from '@/lib/session';
import { apiError, installFakeApi, json, noContent } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const ME = 'GET /user/shared/auth/me';
const REFRESH = 'POST /user/shared/auth/unprotected/refresh';

function cookies(access?: string, refresh?: string) {
  if (access) setCookie(ACCESS_TOKEN_COOKIE, access, 60_000);
  if (refresh) setCookie(REFRESH_TOKEN_COOKIE, refresh, 60_000);
}

afterEach(() => vi.unstubAllGlobals());

describe('dashboard guard', () => {
  it('sends visitors without a session to the login with next = path and query', async () => {
    const { router } = renderRoute('/dashboard/devices?tab=assets', { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/dashboard/devices?tab=assets',
    );
  });

  it('loads the current user with the token cookie before showing the dashboard', async () => {
    const server = installFakeApi({ [ME]: testUser() });
    cookies('acc', 'ref');
    renderRoute('/dashboard/overview', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(server.calls(ME)[0]?.headers.Authorization).toBe('Bearer acc');
  });

  it('starts with the user the app asked for as it started, once answered: no spinner, no second request', async () => {
    const server = installFakeApi({ [ME]: testUser() });
    cookies('acc', 'ref');
    startCurrentUserRequest('/dashboard/overview');
    await peekStartedCurrentUserRequest(); // answered before the dashboard's code has arrived
    renderRoute('/dashboard/overview', { user: null });
    expect(screen.queryByText('Loading your account')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(server.calls(ME)).toHaveLength(1);
  });

  it('refreshes an expired access token at start-up and carries on', async () => {
    const server = installFakeApi({
      [ME]: ({ headers }) =>
        headers.Authorization === 'Bearer fresh'
          ? json(200, testUser())
          : apiError(401, 'Expired', 'Unauthorized'),
      [REFRESH]: { accessToken: 'fresh', refreshToken: 'ref-2' },
    });
    cookies('stale', 'ref');
    renderRoute('/dashboard/overview', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(server.calls(REFRESH).map((call) => call.body)).toEqual([{ refreshToken: 'ref' }]);
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBe('ref-2');
  });

  it('logs out when the refresh is refused and comes back here after signing in', async () => {
    installFakeApi({
      [ME]: () => apiError(401, 'Expired', 'Unauthorized'),
      [REFRESH]: () => apiError(401, 'Refresh token is invalid', 'Unauthorized'),
      'POST /user/shared/auth/logout': () => noContent(),
    });
    cookies('stale', 'revoked');
    const { router } = renderRoute('/dashboard/bundles', { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/dashboard/bundles');
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBeUndefined();
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBeUndefined();
  });

  it('keeps the session when the server cannot be reached at start-up, and offers a retry', async () => {
    let online = false;
    installFakeApi({
      [ME]: ({ headers }) =>
        headers.Authorization === 'Bearer fresh'
          ? json(200, testUser())
          : apiError(401, 'Expired', 'Unauthorized'),
      [REFRESH]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return json(200, { accessToken: 'fresh', refreshToken: 'ref-2' });
      },
    });
    cookies('stale', 'ref');
    const { user, router } = renderRoute('/dashboard/overview', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Equip can’t be reached' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/overview');
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBe('stale');
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBe('ref');

    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
  });

  it('logs out on the request path when a refresh fails on the network', async () => {
    installFakeApi({
      'GET /things': () => apiError(401, 'Expired', 'Unauthorized'),
      [REFRESH]: () => {
        throw new TypeError('Failed to fetch');
      },
      'POST /user/shared/auth/logout': () => noContent(),
    });
    const { router } = renderRoute('/dashboard/overview');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    const { platformApi } = await import('@/lib/api/clients');
    await expect(platformApi.get('/things')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/dashboard/overview');
  });
});

describe('roles', () => {
  it('keeps regular users to their own page, with only that page in the sidebar', async () => {
    installFakeApi({
      'GET /employees/11111111-1111-4111-8111-111111111111': apiError(404, 'Not found'),
      'GET /employees/11111111-1111-4111-8111-111111111111/devices': { items: [] },
    });
    const { router } = renderRoute('/dashboard/employees', { user: testUser({ role: 'regular' }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/me'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My equipment' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['My equipment']);
  });

  it('lets regular users open their account page', async () => {
    const { router } = renderRoute('/dashboard/account', { user: testUser({ role: 'regular' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/account');
  });

  it('shows the sent mail only to provider admins', async () => {
    installFakeApi({ 'GET /admin/outbox': { items: [] } });
    renderRoute('/dashboard/settings/mail', { user: testUser({ role: 'equip-admin' }) });
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Sent mail' })).toHaveAttribute(
      'href',
      '/dashboard/settings/mail',
    );

    renderRoute('/dashboard/settings/mail', { user: testUser({ role: 'it-owner' }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('top bar', () => {
  it('shows who is signed in and where, with the account page and sign-out', async () => {
    const { user } = renderRoute('/dashboard/overview');
    const trigger = await screen.findByRole('button', { name: /Ada Lovelace.*Acme GmbH.*account menu/ });
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@acme.example')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Account and security' })).toHaveAttribute(
      'href',
      '/dashboard/account',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
  });

  it('lets provider admins act for another organisation', async () => {
    const admin = testUser({ role: 'equip-admin' });
    const other = { uuid: '33333333-3333-4333-8333-333333333333', name: 'Globex' };
    const server = installFakeApi({
      'GET /organizations': { items: [{ uuid: admin.organizationUuid, name: 'Acme GmbH' }, other] },
      'POST /user/shared/auth/act-as': {
        accessToken: 'globex-acc',
        refreshToken: 'globex-ref',
        onboardingStep: 'finished',
      },
      [ME]: testUser({ role: 'equip-admin', organizationUuid: other.uuid, organizationName: 'Globex' }),
    });
    const { user, services, router } = renderRoute('/dashboard/bundles', { user: admin });
    const switcher = await screen.findByRole('button', { name: 'Organisation: Acme GmbH' });
    await user.click(switcher);
    await user.click(await screen.findByRole('menuitemradio', { name: 'Globex' }));

    await waitFor(() => expect(getCookie(ACCESS_TOKEN_COOKIE)).toBe('globex-acc'));
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBe('globex-ref');
    expect(server.calls('POST /user/shared/auth/act-as')[0]?.body).toEqual({
      organizationUuid: other.uuid,
      refreshToken: 'test-refresh-token',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    expect(await screen.findByRole('button', { name: 'Organisation: Globex' })).toBeInTheDocument();
    expect(services.queryClient.getQueryData(currentUserQueryKey)).toMatchObject({
      organizationName: 'Globex',
    });
  });

  it('hides the switcher when the API has no organisation list', async () => {
    const server = installFakeApi({});
    renderRoute('/dashboard/overview', { user: testUser({ role: 'equip-admin' }) });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await waitFor(() => expect(server.calls('GET /organizations')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /^Organisation:/ })).not.toBeInTheDocument();
  });
});
