import type { DeviceSoftwareItem } from '@equip/domain/device-software';
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

/** The devices API, with each device's software list (searched by name) and its refresh from the MDM. */
function softwareApi(options: { items?: DeviceSoftwareItem[]; fail?: () => boolean } = {}) {
  let items = options.items ?? SOFTWARE;
  const devices = devicesApi([mac, unmanaged]);
  return installFakeApi((request: FakeRequest) => {
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
});
