import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

/** The links of the settings' own navigation, as text → address. */
async function settingsLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Settings' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('the Settings area', () => {
  it('is in the sidebar of IT owners, with a page each for the organisation, single sign-on, MDM servers, software and webhooks', async () => {
    installFakeApi({ 'GET /organization/settings': { name: 'Acme GmbH', timeZone: 'Europe/Berlin' } });
    const { router, user } = renderRoute('/dashboard/overview');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(main).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings/organization'));
    expect(within(main).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(await settingsLinks()).toEqual([
      ['Organisation', '/dashboard/settings/organization'],
      ['Single sign-on', '/dashboard/settings/single-sign-on'],
      ['MDM servers', '/dashboard/settings/mdm-servers'],
      ['Software', '/dashboard/settings/software'],
      ['Webhooks', '/dashboard/settings/webhooks'],
    ]);
    expect(await screen.findByRole('form', { name: 'Organisation settings' })).toBeInTheDocument();
  });

  it("gives provider admins the installation's pages there too, and keeps them out of the main navigation", async () => {
    installFakeApi({ 'GET /admin/outbox': { items: [] } });
    renderRoute('/dashboard/settings/mail', { user: testUser({ role: 'equip-admin' }) });
    expect(await settingsLinks()).toEqual([
      ['Organisation', '/dashboard/settings/organization'],
      ['Single sign-on', '/dashboard/settings/single-sign-on'],
      ['MDM servers', '/dashboard/settings/mdm-servers'],
      ['Software', '/dashboard/settings/software'],
      ['Webhooks', '/dashboard/settings/webhooks'],
      ['Organisations', '/dashboard/settings/organizations'],
      ['Provider admins', '/dashboard/settings/provider-admins'],
      ['Background jobs', '/dashboard/settings/jobs'],
      ['Sent mail', '/dashboard/settings/mail'],
    ]);
    const current = within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', {
      name: 'Sent mail',
    });
    expect(current).toHaveAttribute('aria-current', 'page');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).queryByRole('link', { name: 'Sent mail' })).not.toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Provider admins' })).not.toBeInTheDocument();
  });

  it.each([
    ['/dashboard/account/webhooks?deliveries=abc', '/dashboard/settings/webhooks', '?deliveries=abc'],
    ['/dashboard/account/mdm', '/dashboard/settings/mdm-servers', ''],
    ['/dashboard/mail', '/dashboard/settings/mail', ''],
    ['/dashboard/provider-admins?status=invited', '/dashboard/settings/provider-admins', '?status=invited'],
    ['/dashboard/jobs?view=failed', '/dashboard/settings/jobs', '?view=failed'],
  ])('keeps the old address %s working', async (old, pathname, search) => {
    installFakeApi({});
    const { router } = renderRoute(old, { user: testUser({ role: 'equip-admin' }) });
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
  });

  it('leaves the account page to the person: no organisation settings there', async () => {
    renderRoute('/dashboard/account');
    expect(await screen.findByRole('heading', { name: 'Profile' }, { timeout: 12_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Language' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Organisation' })).not.toBeInTheDocument();
  });
});

describe('pages a role may not open', () => {
  it.each([
    '/dashboard/account/webhooks',
    '/dashboard/settings/webhooks',
    '/dashboard/settings/organization',
    '/dashboard/settings/mail',
    '/dashboard/audit-log',
    '/dashboard/no-such-page',
  ])('send a regular user from %s to their own page, never to a 404', async (path) => {
    installFakeApi({});
    const { router } = renderRoute(path, { user: testUser({ role: 'regular' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'My equipment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/me');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it("show an IT owner the 404 on the installation's pages", async () => {
    renderRoute('/dashboard/settings/mail');
    expect(await screen.findByRole('heading', { level: 2, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Settings' })).not.toBeInTheDocument();
  });
});
