import type { DeviceListItem } from '@equip/domain/devices';
import type { DeviceCommand, DeviceCommands } from '@equip/domain/mdm';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DevicesPage } from '../routes/devices-page';
import { devicesApi, type FakeRequest, installFakeApi, makeDevice, renderWithApp } from '../test/harness';

const mac = makeDevice({ name: 'Olga MacBook', mdmProvider: 'JAMF' });
const fleetMac = makeDevice({ name: 'Fleet MacBook', mdmProvider: 'FLEET' });
const unmanaged = makeDevice({
  name: 'Old PC',
  os: 'WINDOWS',
  mdmProvider: null,
  enrollmentState: 'READY_TO_ENROLL',
});
const devices: DeviceListItem[] = [mac, fleetMac, unmanaged];

const command = (device: DeviceListItem, overrides: Partial<DeviceCommand>): DeviceCommand => ({
  uuid: '11111111-1111-4111-8111-111111111111',
  deviceUuid: device.uuid,
  action: 'lock',
  state: 'queued',
  progress: 10,
  provider: 'JAMF',
  requestedByUuid: null,
  requestedByName: 'Olga Owner',
  error: null,
  nextAttemptAt: null,
  unlockPin: null,
  createdAt: new Date().toISOString(),
  sentAt: null,
  completedAt: null,
  ...overrides,
});

/** The devices API plus a device that reports `lock` after two reads of its commands. */
function fakeMdm() {
  let commands: DeviceCommands = { mdmStatus: null, reachedThrough: 'server', items: [] };
  let reads = 0;
  const list = devicesApi(devices);
  const api = installFakeApi((request: FakeRequest) => {
    if (request.path === `/devices/${mac.uuid}/actions` && request.method === 'POST') {
      const body = request.body as { action: DeviceCommand['action'] };
      commands = {
        mdmStatus: null,
        reachedThrough: 'server',
        items: [command(mac, { action: body.action })],
      };
      reads = 0;
      return { status: 202, body: commands.items[0] };
    }
    if (request.path === `/devices/${mac.uuid}/actions` && request.method === 'GET') {
      reads += 1;
      const first = commands.items[0];
      if (first && reads === 2)
        commands = { ...commands, items: [{ ...first, state: 'sent', progress: 50 }] };
      if (first && reads >= 3)
        commands = {
          mdmStatus: 'locked',
          reachedThrough: 'server',
          items: [{ ...first, state: 'completed', progress: 100 }],
        };
      return { body: commands };
    }
    if (request.path === '/devices/actions' && request.method === 'POST') {
      const body = request.body as { deviceUuids: string[] };
      const managed = body.deviceUuids.filter((uuid) => uuid !== unmanaged.uuid);
      return {
        status: 202,
        body: {
          items: managed.map((uuid) => command(devices.find((d) => d.uuid === uuid)!, { action: 'restart' })),
          skipped: body.deviceUuids.includes(unmanaged.uuid)
            ? [{ deviceUuid: unmanaged.uuid, reason: 'not_managed' }]
            : [],
        },
      };
    }
    return list(request);
  });
  return api;
}

function renderDevice(device: DeviceListItem | null, flags: Record<string, string> = {}) {
  return renderWithApp(
    [{ path: '/dashboard/devices/:deviceUuid?', element: <DevicesPage /> }],
    device ? `/dashboard/devices/${device.uuid}` : '/dashboard/devices',
    { flags },
  );
}

describe('MDM actions in the devices screen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('locks a device from the drawer and shows the progress until the device reports locked', async () => {
    const api = fakeMdm();
    const { user } = renderDevice(mac);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('No actions sent to this device yet.')).toBeInTheDocument();
    expect(within(drawer).getByText('Not reported')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Actions' }));
    const menu = await screen.findByRole('menu');
    // Reset only with the flag; unlock disabled with the reason while the device is not locked.
    expect(within(menu).queryByRole('menuitem', { name: /Reset/ })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Unlock/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByText('The device is not locked.')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /lost mode/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Lock' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Lock Olga MacBook?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ action: 'lock' });
    const progress = await within(drawer).findByRole('progressbar', { name: /Lock/ });
    expect(progress).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByText('Locked')).toBeInTheDocument(), { timeout: 5000 });
    expect(
      within(drawer).getByRole('progressbar', { name: 'Lock: Confirmed by the device' }),
    ).toHaveAttribute('aria-valuenow', '100');
  }, 10_000);

  it('asks for the device name before a wipe or reset, and sends it as the confirmation', async () => {
    const api = fakeMdm();
    const { user } = renderDevice(mac, { 'it-3148-device-reset': 'on' });
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('No actions sent to this device yet.');
    await user.click(within(drawer).getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Reset' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Wipe' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Wipe' }));
    expect(within(confirm).getByText('Type the device name to confirm.')).toBeInTheDocument();
    await user.type(within(confirm).getByLabelText('Type the device name to confirm'), 'Olga Macbook');
    await user.click(within(confirm).getByRole('button', { name: 'Wipe' }));
    expect(
      within(confirm).getByText('The name does not match. Type Olga MacBook exactly.'),
    ).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
    await user.clear(within(confirm).getByLabelText('Type the device name to confirm'));
    await user.type(within(confirm).getByLabelText('Type the device name to confirm'), 'Olga MacBook');
    await user.click(within(confirm).getByRole('button', { name: 'Wipe' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
        action: 'wipe',
        confirmation: 'Olga MacBook',
      }),
    );
  });

  it('shows what a Fleet device cannot do, and nothing to do for an unmanaged one', async () => {
    fakeMdm();
    const { user } = renderDevice(fleetMac);
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('No actions sent to this device yet.');
    await user.click(within(drawer).getByRole('button', { name: 'Actions' }));
    // Fleet restarts a Mac (a raw Apple MDM command) but has no lost mode for it (iPhones and iPads only).
    const lost = await screen.findByRole('menuitem', { name: /Enable lost mode/ });
    expect(lost).toHaveAttribute('aria-disabled', 'true');
    expect(lost).toHaveTextContent('Not available for this operating system.');
    expect(screen.getByRole('menuitem', { name: 'Restart' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('menuitem', { name: 'Lock' })).not.toHaveAttribute('aria-disabled');
  });

  it('shows the PIN a Mac needs after an unlock through Fleet', async () => {
    const list = devicesApi(devices);
    installFakeApi((request) =>
      request.path === `/devices/${fleetMac.uuid}/actions`
        ? {
            body: {
              mdmStatus: 'unlocked',
              items: [
                command(fleetMac, {
                  action: 'unlock',
                  state: 'completed',
                  progress: 100,
                  unlockPin: '123456',
                }),
              ],
            },
          }
        : list(request),
    );
    renderDevice(fleetMac);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('123456')).toBeInTheDocument();
    expect(within(drawer).getByText(/PIN to type on the device/)).toBeInTheDocument();
    expect(within(drawer).getByText('Unlocked')).toBeInTheDocument();
  });

  it('shows a command being tried again with its last error and the next try, and a failed one with its reason (issue 27)', async () => {
    const list = devicesApi(devices);
    const nextAttemptAt = new Date(Date.now() + 5 * 60_000 + 10_000).toISOString();
    installFakeApi((request) =>
      request.path === `/devices/${fleetMac.uuid}/actions`
        ? {
            body: {
              mdmStatus: null,
              items: [
                command(fleetMac, {
                  uuid: '22222222-2222-4222-8222-222222222222',
                  provider: 'FLEET',
                  error: 'Fleet 429: limit exceeded',
                  nextAttemptAt,
                }),
                command(fleetMac, {
                  action: 'wipe',
                  provider: 'FLEET',
                  state: 'failed',
                  progress: 100,
                  error: 'Fleet 500: Unknown Error',
                }),
              ],
            },
          }
        : list(request),
    );
    renderDevice(fleetMac);
    const drawer = await screen.findByRole('dialog');
    const [retrying, failed] = within(await within(drawer).findByRole('list', { name: 'Recent actions' }))
      .getAllByRole('listitem')
      .map((item) => within(item));
    expect(retrying!.getByRole('progressbar', { name: 'Lock: Retrying' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    expect(retrying!.getByText('Last try failed: Fleet 429: limit exceeded')).toBeInTheDocument();
    const next = retrying!.getByText('in 5 minutes');
    expect(next.tagName).toBe('TIME');
    expect(next).toHaveAttribute('datetime', nextAttemptAt);
    expect(next.parentElement).toHaveTextContent('Next try in 5 minutes');
    expect(failed!.getByRole('progressbar', { name: 'Wipe: Failed' })).toBeInTheDocument();
    expect(failed!.getByText('Fleet 500: Unknown Error')).toBeInTheDocument();
    expect(failed!.queryByText(/Next try/)).not.toBeInTheDocument();
  });

  it('says when the actions go to the sandbox (the demo) or cannot reach the device, and nothing for a connected server', async () => {
    const list = devicesApi(devices);
    let reach: DeviceCommands['reachedThrough'] = 'sandbox';
    installFakeApi((request) =>
      request.path === `/devices/${mac.uuid}/actions`
        ? { body: { mdmStatus: null, reachedThrough: reach, items: [] } }
        : list(request),
    );
    const first = renderDevice(mac);
    let drawer = await screen.findByRole('dialog');
    expect(
      await within(drawer).findByText(/Demo: no Jamf server is connected, so Equip simulates/),
    ).toBeInTheDocument();
    first.unmount();

    reach = null;
    const second = renderDevice(mac);
    drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText(/actions cannot reach this device/)).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'MDM servers' })).toHaveAttribute(
      'href',
      '/dashboard/settings/mdm-servers',
    );
    second.unmount();

    reach = 'server';
    renderDevice(mac);
    drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('No actions sent to this device yet.')).toBeInTheDocument();
    expect(within(drawer).queryByText(/server is connected/)).toBeNull();
  });

  it('says once why nothing can be sent to an unmanaged device', async () => {
    fakeMdm();
    const { user } = renderDevice(unmanaged);
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('No actions sent to this device yet.');
    await user.click(within(drawer).getByRole('button', { name: 'Actions' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByText('The device is not managed by an MDM provider.')).toHaveLength(1);
    for (const item of within(menu).getAllByRole('menuitem'))
      expect(item).toHaveAttribute('aria-disabled', 'true');
  });

  it('sends an MDM action to the selection and says how many were skipped', async () => {
    const api = fakeMdm();
    const { user } = renderDevice(null);
    await screen.findByText('Olga MacBook');
    await user.click(screen.getByRole('checkbox', { name: 'Select Olga MacBook' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Old PC' }));
    await user.click(screen.getByRole('button', { name: 'MDM action' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Send an MDM action to 2 devices?')).toBeInTheDocument();
    const select = within(dialog).getByLabelText('Action');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Restart',
      'Shut down',
      'Enable lost mode',
      'Lock',
      'Unlock',
    ]);
    await user.selectOptions(select, 'restart');
    await user.click(within(dialog).getByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('Restart: sent to 1, skipped 1 it does not apply to')).toBeInTheDocument();
    expect(api.requests.find((r) => r.path === '/devices/actions')?.body).toEqual({
      action: 'restart',
      deviceUuids: [mac.uuid, unmanaged.uuid],
    });
  });
});
