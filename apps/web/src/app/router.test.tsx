import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from '@/lib/cookies';
import { renderRoute } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

/** Requests that never answer (screens that load something show their loading state). */
function stubPendingFetch() {
  const fetch = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('routes', () => {
  it('redirects / and /dashboard to the overview', async () => {
    const { router } = renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Equip' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/overview');
    const second = renderRoute('/dashboard');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/dashboard/overview'));
  });

  it('selects the employees view from ?view=', async () => {
    // The table asks for the view's first page; an empty one shows the view's empty state.
    const setupFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        new URL(String(input), 'http://localhost').pathname === '/api/employees'
          ? new Response(JSON.stringify({ items: [], total: 0, nextCursor: null }), { status: 200 })
          : setupFetch(input, init),
      ),
    );
    renderRoute('/dashboard/employees?view=offboarding');
    const views = await screen.findByRole('navigation', { name: 'Employee views' });
    expect(within(views).getByRole('link', { name: 'Offboarding' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'No offboardings in progress' })).toBeInTheDocument();
  });

  it('selects the assets tab with tab=assets (it-1786-peripherals-mvp on)', async () => {
    // No definitions and no items yet: the tab's empty state.
    const setupFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        ['/api/assets', '/api/asset-definitions'].includes(
          new URL(String(input), 'http://localhost').pathname,
        )
          ? new Response(JSON.stringify({ items: [], total: 0 }), { status: 200 })
          : setupFetch(input, init),
      ),
    );
    renderRoute('/dashboard/devices?tab=assets', { boot: { flags: { 'it-1786-peripherals-mvp': 'on' } } });
    const tabs = await screen.findByRole('navigation', { name: 'Devices sections' });
    expect(within(tabs).getByRole('link', { name: 'Assets' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'No assets yet' })).toBeInTheDocument();
  });

  it('opens the registerType platform in device registration, also from the devices list', async () => {
    stubPendingFetch();
    renderRoute('/dashboard/devices/register-devices?registerType=windows');
    expect(await screen.findByRole('tab', { name: 'Windows' })).toHaveAttribute('aria-selected', 'true');
    const { router } = renderRoute('/dashboard/devices?registerType=ios');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/devices/register-devices'));
    expect(router.state.location.search).toBe('?registerType=ios');
  });

  it('starts the bundle wizard at set-name and marks the current step', async () => {
    const { router } = renderRoute('/dashboard/action/create-bundle');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/action/create-bundle/set-name'),
    );
    const steps = await screen.findByRole('navigation', { name: 'Bundle creation steps' });
    expect(within(steps).getByText('Name').closest('[aria-current]')).toHaveAttribute('aria-current', 'step');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
  });

  it.each([
    ['/dashboard/bundles', 'Bundles'],
    ['/dashboard/workspaces', 'Workspaces'],
    ['/dashboard/integrations', 'Integrations'],
    ['/dashboard/action/edit-bundle/edit-software', 'Edit bundle'],
    ['/dashboard/action/add-employees-manual', 'Add employees'],
    ['/dashboard/action/import-employees', 'Import employees'],
    ['/dashboard/devices/import-peripherals', 'Import assets'],
    ['/dashboard/devices/add-peripherals', 'Add assets'],
    ['/dashboard/orders', 'Orders'],
  ])('renders %s in the dashboard with the title %s', async (path, title) => {
    renderRoute(path, { boot: { flags: { 'it-1786-peripherals-mvp': 'on' } } });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it.each(['/dashboard/devices/import-peripherals', '/dashboard/devices/add-peripherals'])(
    'answers %s with the 404 while its flag (it-1786-peripherals-mvp) is off',
    async (path) => {
      renderRoute(path, { boot: { flags: { 'it-1786-peripherals-mvp': 'off' } } });
      expect(await screen.findByRole('heading', { level: 2, name: 'Page not found' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Add|Import/ })).not.toBeInTheDocument();
    },
  );

  it.each([
    ['/auth/login?next=/dashboard/devices', 'Sign in to Equip'],
    ['/auth/reset-password', 'Reset your password'],
    ['/auth/verify/abc123', 'Verify your email'],
    ['/auth/email-verification?type=failed', 'We couldn’t verify your email'],
    ['/auth/set-password', 'Set your password'],
    ['/companion', 'Equip Companion'],
    ['/start', 'Enrol your device'],
    ['/onboarding/register-devices', 'Set up your organisation'],
  ])('renders %s in the centred layout', async (path, heading) => {
    stubPendingFetch();
    renderRoute(path, { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('sends /auth and unknown types to the login, keeping next', async () => {
    const other = renderRoute('/auth?next=/dashboard/bundles', { user: null });
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/auth/login'));
    expect(other.router.state.location.search).toBe('?next=/dashboard/bundles');
  });

  it('logs out: revokes the session, clears the token cookies and goes to the login', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    setCookie(ACCESS_TOKEN_COOKIE, 'acc', 60_000);
    setCookie(REFRESH_TOKEN_COOKIE, 'ref', 60_000);
    const { router } = renderRoute('/logout', { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBeUndefined();
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBeUndefined();
    expect(fetch).toHaveBeenCalledWith(
      '/api/user/shared/auth/logout',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ refreshToken: 'ref' }),
        headers: expect.objectContaining({ Authorization: 'Bearer acc', 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('logs out with only an access token: no body, the session named by the bearer', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    setCookie(ACCESS_TOKEN_COOKIE, 'acc', 60_000);
    const { router } = renderRoute('/logout', { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/shared/auth/logout');
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer acc' });
  });
});
