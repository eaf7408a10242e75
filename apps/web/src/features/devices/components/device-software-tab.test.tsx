import type { DeviceSoftwareItem } from '@equip/domain/device-software';
import type { SoftwareCommand } from '@equip/domain/software-installs';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DevicesPage } from '../routes/devices-page';
import { devicesApi, type FakeRequest, installFakeApi, makeDevice, renderWithApp } from '../test/harness';

const mac = makeDevice({ name: 'Laptop 001', mdmProvider: 'FLEET' });
const unmanaged = makeDevice({ name: 'Laptop 002', mdmProvider: null });

const entry = (name: string, over: Partial<DeviceSoftwareItem> = {}): DeviceSoftwareItem => ({
  uuid: `00000000-0000-4000-a000-${String(name.length).padStart(4, '0')}${name
    .slice(0, 8)
    .padEnd(8, '0')
    .replace(/[^0-9a-f]/g, '0')}`,
  name,
  version: '1.0',
  source: 'AGENT',
  bundleId: null,
  packageId: null,
  path: null,
  lastSeenAt: '2026-11-27T08:00:00.000Z',
  application: null,
  ...over,
});

const SOFTWARE = [
  entry('bash', { version: '5.2.15-2', packageId: 'bash' }),
  entry('Slack', {
    version: '4.41.105',
    source: 'FLEET',
    bundleId: 'com.tinyspeck.slackmacgap',
    application: { uuid: '00000000-0000-4000-b000-000000000001', name: 'Slack' },
  }),
  entry('zsh', { version: null, packageId: 'zsh' }),
];

const SLACK = {
  uuid: '00000000-0000-4000-b000-000000000001',
  name: 'Slack',
  platforms: ['macos_and_windows' as const],
  subscriptionsSupportedByEquip: false,
  subscriptionsSupportedByOwners: false,
  macApplicationId: 'com.tinyspeck.slackmacgap',
  windowsApplicationId: null,
  iosApplicationId: null,
  macAppStoreId: null,
  ipadApplicationId: null,
};

/**
 * The devices API, with each device's software list (searched by name) and its refresh from the MDM, the
 * catalog (the bundle API's), and the device's installs: queued when asked, then as `advance` says.
 */
function softwareApi(
  options: {
    items?: DeviceSoftwareItem[];
    fail?: () => boolean;
    refuse?: { status: number; msg: string };
  } = {},
) {
  let items = options.items ?? SOFTWARE;
  const devices = devicesApi([mac, unmanaged]);
  const commands: SoftwareCommand[] = [];
  const api = installFakeApi((request: FakeRequest) => {
    if (request.method === 'GET' && request.path.endsWith('/applications')) {
      const text = (request.query.get('textSearchQuery') ?? '').toLowerCase();
      const found = [SLACK].filter((a) => a.name.toLowerCase().includes(text));
      return { body: { items: found, total: found.length } };
    }
    if (request.method === 'GET' && request.path === `/devices/${mac.uuid}/software/commands`)
      return { body: { items: [...commands].reverse() } };
    const asked = /^\/devices\/([^/]+)\/software\/(install|uninstall)$/.exec(request.path);
    if (asked && request.method === 'POST') {
      if (options.refuse)
        return { status: options.refuse.status, body: { errors: [{ msg: options.refuse.msg }] } };
      const command: SoftwareCommand = {
        uuid: `00000000-0000-4000-c000-${String(commands.length + 1).padStart(12, '0')}`,
        deviceUuid: asked[1]!,
        action: asked[2] === 'install' ? 'install_software' : 'uninstall_software',
        application: { uuid: SLACK.uuid, name: SLACK.name },
        state: 'queued',
        error: null,
        nextAttemptAt: null,
        createdAt: '2026-11-27T08:00:00.000Z',
        sentAt: null,
        completedAt: null,
        confirmedAt: null,
      };
      commands.push(command);
      return { status: 202, body: command };
    }
    const list = /^\/devices\/([^/]+)\/software$/.exec(request.path);
    if (list && request.method === 'GET') {
      if (options.fail?.()) return { status: 500, body: { errors: [{ msg: 'Database unavailable' }] } };
      const text = (request.query.get('textSearchQuery') ?? '').toLowerCase();
      const sources = request.query.getAll('sources');
      const found = items.filter(
        (i) => i.name.toLowerCase().includes(text) && (sources.length === 0 || sources.includes(i.source)),
      );
      return { body: { items: found, total: found.length } };
    }
    if (request.method === 'POST' && request.path === `/devices/${mac.uuid}/software/refresh`) {
      items = [...items, entry('osquery', { source: 'FLEET', version: '5.12.0', packageId: 'osquery' })];
      return { body: { source: 'FLEET', count: 2 } };
    }
    return devices(request);
  });
  /** Moves the newest install on (as the MDM and the next inventory would). */
  const advance = (change: Partial<SoftwareCommand>) => Object.assign(commands.at(-1)!, change);
  return Object.assign(api, { commands, advance });
}

function renderSoftware(path: string) {
  return renderWithApp([{ path: '/dashboard/devices/:deviceUuid?', element: <DevicesPage /> }], path);
}

describe("the device's software tab", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists what the agent and the MDM reported, with versions, ids, source and catalog match', async () => {
    softwareApi();
    renderSoftware(`/dashboard/devices/${mac.uuid}?tab=software`);
    const drawer = await screen.findByRole('dialog');
    const table = await within(drawer).findByRole('table', { name: 'Installed software' });
    expect(await within(table).findByText('com.tinyspeck.slackmacgap')).toBeInTheDocument();
    const slack = within(table).getByText('com.tinyspeck.slackmacgap').closest('tr') as HTMLElement;
    expect(within(slack).getByText('4.41.105')).toBeInTheDocument();
    expect(within(slack).getByText('Fleet')).toBeInTheDocument();
    expect(within(slack).getAllByText('Slack')).toHaveLength(2);
    const bash = within(table).getByText('bash').closest('tr') as HTMLElement;
    expect(within(bash).getByText('Companion agent')).toBeInTheDocument();
    expect(within(drawer).getByText('3 applications')).toBeInTheDocument();
  });

  it('searches in the URL beside the devices list and the open tab, and says when nothing matches', async () => {
    const api = softwareApi();
    const { user, router } = renderSoftware(`/dashboard/devices/${mac.uuid}?q=lap&tab=software`);
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('com.tinyspeck.slackmacgap');
    await user.type(within(drawer).getByRole('searchbox', { name: 'Search software' }), 'sla');
    await waitFor(() => expect(within(drawer).queryByText('bash')).not.toBeInTheDocument());
    const asked = api.requests.filter((r) => r.path === `/devices/${mac.uuid}/software`).at(-1)!;
    expect(asked.query.get('textSearchQuery')).toBe('sla');
    expect(asked.query.get('sortingKey')).toBe('name');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('softwareQ')).toBe('sla');
    expect(search.get('q')).toBe('lap');
    expect(search.get('tab')).toBe('software');
    await user.clear(within(drawer).getByRole('searchbox', { name: 'Search software' }));
    await user.type(within(drawer).getByRole('searchbox', { name: 'Search software' }), 'nothing like it');
    expect(await within(drawer).findByText('No software matches')).toBeInTheDocument();
    // Closing the device leaves its software search behind, and the devices list's as it was.
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/devices'));
    expect(router.state.location.search).toBe('?q=lap');
  });

  it('reads the software from the MDM on request, and invites the agent when nothing is reported', async () => {
    const api = softwareApi({ items: [] });
    const { user } = renderSoftware(`/dashboard/devices/${mac.uuid}?tab=software`);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('No software reported yet')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Read from Fleet' }));
    expect(await within(drawer).findByText('osquery')).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'POST' && r.path.endsWith('/software/refresh'))).toBe(true);
    expect(await screen.findByText('Fleet reported 2 applications')).toBeInTheDocument();
  });

  it('offers no MDM read for a device without an MDM, and shows a failed load with a retry', async () => {
    let failing = true;
    softwareApi({ fail: () => failing });
    const { user } = renderSoftware(`/dashboard/devices/${unmanaged.uuid}?tab=software`);
    const drawer = await screen.findByRole('dialog');
    expect(
      await within(drawer).findByRole('heading', { name: 'Could not load the software' }),
    ).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Read from/ })).not.toBeInTheDocument();
    failing = false;
    await user.click(within(drawer).getByRole('button', { name: 'Try again' }));
    expect(await within(drawer).findByText('bash')).toBeInTheDocument();
  });

  it('installs a catalog application through the MDM and follows it until the inventory confirms it', async () => {
    const api = softwareApi();
    const { user } = renderSoftware(`/dashboard/devices/${mac.uuid}?tab=software`);
    const drawer = await screen.findByRole('dialog');
    await user.type(await within(drawer).findByRole('searchbox', { name: 'Search the catalog' }), 'sla');
    await user.click(await within(drawer).findByRole('button', { name: 'Install Slack' }));
    const asked = api.requests.find((r) => r.method === 'POST' && r.path.endsWith('/software/install'))!;
    expect(asked.body).toEqual({ applicationUuid: SLACK.uuid });
    expect(await screen.findByText('Installing Slack')).toBeInTheDocument();
    const recent = await within(drawer).findByRole('list', { name: 'Recent installs' });
    expect(within(recent).getByText('Queued')).toBeInTheDocument();
    api.advance({ state: 'completed', completedAt: '2026-11-27T08:01:00.000Z' });
    expect(
      await within(recent).findByText('Done at the MDM, awaiting the next inventory', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    api.advance({ confirmedAt: '2026-11-27T08:02:00.000Z' });
    expect(await within(recent).findByText('Installed', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('uninstalls, and shows a failure with its reason', async () => {
    const api = softwareApi();
    const { user } = renderSoftware(`/dashboard/devices/${mac.uuid}?tab=software`);
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: 'Uninstall Slack' }));
    expect(api.requests.some((r) => r.method === 'POST' && r.path.endsWith('/software/uninstall'))).toBe(
      true,
    );
    const recent = await within(drawer).findByRole('list', { name: 'Recent installs' });
    expect(within(recent).getByText('Uninstall Slack')).toBeInTheDocument();
    api.advance({ state: 'failed', error: 'Fleet could not uninstall Slack' });
    expect(await within(recent).findByText('Failed', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(recent).getByText('Fleet could not uninstall Slack')).toBeInTheDocument();
  });

  it('shows the API’s refusal of a request', async () => {
    softwareApi({ refuse: { status: 409, msg: 'The device is not enrolled in its MDM' } });
    const { user } = renderSoftware(`/dashboard/devices/${mac.uuid}?tab=software`);
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: 'Install Slack' }));
    expect(await screen.findByText(/The device is not enrolled in its MDM/)).toBeInTheDocument();
  });

  it('has no install picker for a device without an MDM', async () => {
    softwareApi();
    renderSoftware(`/dashboard/devices/${unmanaged.uuid}?tab=software`);
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('bash');
    expect(within(drawer).queryByRole('searchbox', { name: 'Search the catalog' })).not.toBeInTheDocument();
  });
});
