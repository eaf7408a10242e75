import type { OrganizationSetup } from '@equip/domain/identity';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeApi, json } from '@/test/fake-api';
import { renderRoute } from '@/test/render';

const PATH = '/organization/setup';
const fresh: OrganizationSetup = {
  startedAt: null,
  windowsRegistrationSkipped: false,
  macRegistrationSkipped: false,
  iosRegistrationSkipped: false,
  testDeviceRegistrationStartedAt: null,
  setupCompletedAt: null,
};

/** A server that keeps the setup and applies each PATCH the way the API does. */
function server(initial: OrganizationSetup = fresh) {
  let setup = { ...initial };
  return installFakeApi({
    // The server has both installers.
    'GET /companion/installers': { macos: true, windows: true },
    [`GET ${PATH}`]: () => json(200, setup),
    [`PATCH ${PATH}`]: ({ body }) => {
      const { testDeviceRegistrationStarted, ...flags } = body as Record<string, boolean>;
      setup = { ...setup, ...flags, startedAt: setup.startedAt ?? '2024-06-03T09:00:00.000Z' };
      if (testDeviceRegistrationStarted !== undefined)
        setup.testDeviceRegistrationStartedAt = testDeviceRegistrationStarted
          ? (setup.testDeviceRegistrationStartedAt ?? '2024-06-03T09:30:00.000Z')
          : null;
      return json(200, setup);
    },
    'GET /devices': { items: [], total: 0 },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('register devices', () => {
  it('shows the companion steps for macOS with its installer, and switches platform in the address', async () => {
    server();
    const { user, router } = renderRoute('/dashboard/devices/register-devices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register devices' })).toBeInTheDocument();
    const tabs = await screen.findByRole('tablist', { name: 'Platform' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['macOS', 'Windows', 'iPhone and iPad']);
    expect(within(tabs).getByRole('tab', { name: 'macOS' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('link', { name: 'Download for macOS (.pkg)' })).toHaveAttribute(
      'href',
      '/downloads/companion/latest.pkg',
    );
    expect(within(panel).getByRole('heading', { name: 'Sign in and enrol' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /\/start$/ })).toHaveAttribute('href', '/start');

    await user.click(within(tabs).getByRole('tab', { name: 'Windows' }));
    expect(router.state.location.search).toBe('?registerType=windows');
    expect(
      await within(screen.getByRole('tabpanel')).findByRole('link', { name: 'Download for Windows (.exe)' }),
    ).toHaveAttribute('href', '/downloads/companion/latest.exe');

    await user.click(within(tabs).getByRole('tab', { name: 'iPhone and iPad' }));
    expect(router.state.location.search).toBe('?registerType=ios');
    const ios = screen.getByRole('tabpanel');
    expect(within(ios).getByRole('heading', { name: 'Assign your devices to Equip' })).toBeInTheDocument();
    expect(within(ios).getByRole('link', { name: /Open Apple Business Manager/ })).toHaveAttribute(
      'href',
      'https://business.apple.com',
    );
    expect(within(ios).queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it('starts registering a test device and shows when on return', async () => {
    const api = server();
    const { user } = renderRoute('/dashboard/devices/register-devices?registerType=macos');
    await user.click(await screen.findByRole('button', { name: 'Register a test device' }));
    expect(await screen.findByText('Test device registration started')).toBeInTheDocument();
    expect(api.calls(`PATCH ${PATH}`).map((call) => call.body)).toEqual([
      { testDeviceRegistrationStarted: true },
    ]);
    expect(screen.queryByRole('button', { name: 'Register a test device' })).toBeNull();
  });

  it('shows a test device started earlier and a skipped platform when someone comes back', async () => {
    server({
      ...fresh,
      iosRegistrationSkipped: true,
      testDeviceRegistrationStartedAt: '2024-06-03T09:30:00.000Z',
    });
    renderRoute('/dashboard/devices/register-devices?registerType=ios');
    expect(await screen.findByText('Test device registration started')).toBeInTheDocument();
    expect(screen.getByText('Skipped for now')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /iPhone and iPad/ })).toHaveTextContent('Skipped');
    expect(screen.getByRole('button', { name: 'Don’t skip iPhone and iPad' })).toBeInTheDocument();
  });

  it('skips a platform for now and goes back to the devices list', async () => {
    const api = server();
    const { user, router } = renderRoute('/dashboard/devices/register-devices?registerType=windows');
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/devices'));
    expect(api.calls(`PATCH ${PATH}`).map((call) => call.body)).toEqual([
      { windowsRegistrationSkipped: true },
    ]);
    expect(await screen.findByText(/Registering Windows devices was skipped for now/)).toBeInTheDocument();
  });

  it('says so when the progress cannot be loaded', async () => {
    installFakeApi({ [`GET ${PATH}`]: () => apiError(500, 'boom') });
    renderRoute('/dashboard/devices/register-devices');
    expect(
      await screen.findByText('Your registration progress could not be loaded', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    // This server has no installer: the step says so instead of linking to a 404.
    expect(await screen.findByText('Not available yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download for macOS (.pkg)' })).toBeNull();
  });

  it('says so when a choice cannot be saved', async () => {
    installFakeApi({
      [`GET ${PATH}`]: fresh,
      [`PATCH ${PATH}`]: () => apiError(409, 'The organisation changed meanwhile', 'Conflict'),
    });
    const { user } = renderRoute('/dashboard/devices/register-devices');
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByText(/Could not save your choice/)).toBeInTheDocument();
  });
});
