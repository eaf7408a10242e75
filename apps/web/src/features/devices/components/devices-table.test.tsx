import type { DeviceListItem } from '@equip/domain/devices';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppServices } from '@/lib/app-services';
import { prefetchDevicesPage } from '../api/prefetch-devices';
import { selectDevicesList } from '../devices-list-slice';
import { selectActiveDeviceTab, selectSelectedDeviceId } from '../devices-slice';
import { DevicesPage } from '../routes/devices-page';
import {
  detailOf,
  devicesApi,
  type FakeRequest,
  installFakeApi,
  makeDevice,
  renderWithApp,
} from '../test/harness';

const devices: DeviceListItem[] = Array.from({ length: 70 }, (_, i) =>
  makeDevice({ name: `Laptop ${String(i + 1).padStart(3, '0')}` }),
);

const listRequests = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/devices');

function renderPage(path = '/dashboard/devices', flags: Record<string, string> = {}) {
  return renderWithApp([{ path: '/dashboard/devices/:deviceUuid?', element: <DevicesPage /> }], path, {
    flags,
  });
}

describe('devices list', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the rows the API answers, with the filtered count and what each column says', async () => {
    const shared = makeDevice({
      name: 'Front desk iPad',
      type: 'TABLET',
      os: 'IOS',
      osVersion: '18.2',
      assignmentType: 'SHARED',
      assignedTo: null,
      isEncrypted: false,
      isProtected: false,
      enrollmentState: 'PENDING_ENROLLMENT',
      status: 'awaiting-registration',
      lastSeenAt: null,
    });
    const stock = makeDevice({ name: 'Spare ThinkPad', assignmentType: 'UNASSIGNED', assignedTo: null });
    const api = installFakeApi(devicesApi([shared, stock, ...devices]));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Devices' });
    const row = (await within(table).findByText('Front desk iPad')).closest('tr')!;
    expect(within(row).getByText('iOS 18.2')).toBeInTheDocument();
    expect(within(row).getByText('Shared')).toBeInTheDocument();
    expect(within(row).getByText('Not encrypted')).toBeInTheDocument();
    expect(within(row).getByText('No protection')).toBeInTheDocument();
    expect(within(row).getByText('Enrolment pending')).toBeInTheDocument();
    expect(within(row).getByText('Awaiting registration')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    const stockRow = within(table).getByText('Spare ThinkPad').closest('tr')!;
    expect(within(stockRow).getByText('In stock')).toBeInTheDocument();
    const firstLaptop = within(table).getByText('Laptop 001').closest('tr')!;
    expect(
      within(firstLaptop).getByText(devices[0]!.assignedTo!.lastName, { exact: false }),
    ).toBeInTheDocument();
    // The fit's sample of rows first, then the whole page (ui/data-table).
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(51));
    expect(screen.getByText('72 devices')).toBeInTheDocument();
    expect(screen.getByText('1–50 of 72')).toBeInTheDocument();
    const [first] = listRequests(api.requests);
    expect(first?.query.get('skip')).toBe('0');
    expect(first?.query.get('take')).toBe('50');
    expect(first?.query.has('sortingKey')).toBe(false);
  });

  it('writes filters to the URL and the slice, and fetches with them', async () => {
    const api = installFakeApi(devicesApi(devices));
    const { user, router, store } = renderPage();
    await screen.findByText('Laptop 001');
    await user.click(screen.getByRole('checkbox', { name: 'Only unencrypted' }));
    expect(router.state.location.search).toBe('?unencrypted=true');
    await user.click(screen.getByRole('button', { name: 'Type filter' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Tablet' }));
    await user.keyboard('{Escape}');
    expect(router.state.location.search).toBe('?type=TABLET&unencrypted=true');
    await user.type(screen.getByRole('searchbox', { name: 'Search devices' }), 'mac');
    await waitFor(() => expect(router.state.location.search).toBe('?q=mac&type=TABLET&unencrypted=true'));
    await waitFor(() => {
      const last = listRequests(api.requests).at(-1);
      expect(last?.query.get('textSearchQuery')).toBe('mac');
      expect(last?.query.getAll('deviceTypes')).toEqual(['TABLET']);
      expect(last?.query.get('showOnlyUnencrypted')).toBe('true');
    });
    const state = selectDevicesList(store.getState()).all;
    expect(state.filters).toMatchObject({
      textSearchQuery: 'mac',
      deviceTypes: ['TABLET'],
      showOnlyUnencrypted: true,
    });
    await user.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    expect(router.state.location.search).toBe('');
  });

  it('takes filters and sorting from a link, and sorts by clicking a header', async () => {
    const api = installFakeApi(devicesApi(devices));
    const { user, router, store } = renderPage(
      '/dashboard/devices?assignment=SHARED,ASSIGNED&unprotected=true&sort=name.desc',
    );
    await screen.findByText('Laptop 001');
    const [first] = listRequests(api.requests);
    expect(first?.query.getAll('assignmentTypes')).toEqual(['SHARED', 'ASSIGNED']);
    expect(first?.query.get('showOnlyUnprotected')).toBe('true');
    expect(first?.query.get('sortingKey')).toBe('name');
    expect(first?.query.get('sortingDirection')).toBe('desc');
    expect(screen.getByRole('checkbox', { name: 'Only unprotected' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: /last seen/i }));
    expect(router.state.location.search).toBe(
      '?assignment=SHARED%2CASSIGNED&unprotected=true&sort=lastSeenAt.asc',
    );
    expect(selectDevicesList(store.getState()).all.sorting).toEqual({ key: 'lastSeenAt', direction: 'asc' });
    await waitFor(() =>
      expect(listRequests(api.requests).at(-1)?.query.get('sortingKey')).toBe('lastSeenAt'),
    );
    expect(screen.getByRole('columnheader', { name: /last seen/i })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('leaves which devices are listed to the API, and offers staged statuses only with it-2447-show-staged-devices', async () => {
    const api = installFakeApi(devicesApi(devices.slice(0, 3)));
    const first = renderPage();
    await screen.findByText('Laptop 001');
    // The staged rule is the API's (the devices list and its totals): the request names no status.
    expect(listRequests(api.requests)[0]?.query.has('deviceStatuses')).toBe(false);
    await first.user.click(screen.getByRole('button', { name: 'Status filter' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'In stock' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Ordered' })).not.toBeInTheDocument();
    first.unmount();
    const second = renderPage('/dashboard/devices', { 'it-2447-show-staged-devices': 'on' });
    await screen.findByText('Laptop 001');
    expect(listRequests(api.requests).at(-1)?.query.has('deviceStatuses')).toBe(false);
    await second.user.click(screen.getByRole('button', { name: 'Status filter' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Ordered' })).toBeInTheDocument();
  });

  it('filters by what the MDM last reported: the choice is in the URL and the request', async () => {
    const api = installFakeApi(devicesApi(devices));
    const { user, router } = renderPage();
    await screen.findByText('Laptop 001');
    await user.click(screen.getByRole('button', { name: 'MDM status filter' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Locked' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Wiped' }));
    await waitFor(() => expect(router.state.location.search).toBe('?mdm=locked%2Cwiped'));
    await waitFor(() =>
      expect(listRequests(api.requests).at(-1)?.query.getAll('mdmStatuses')).toEqual(['locked', 'wiped']),
    );
  });

  it('hides columns from the column menu and remembers them under equip:devices_columns', async () => {
    installFakeApi(devicesApi(devices));
    const { user, unmount } = renderPage();
    await screen.findByText('Laptop 001');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Location' }));
    await user.keyboard('{Escape}');
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).not.toContain('Location');
    expect(JSON.parse(localStorage.getItem('equip:devices_columns')!)).not.toContain('location');
    unmount();
    renderPage();
    await screen.findByText('Laptop 001');
    expect(headers()).not.toContain('Location');
    expect(headers()).toContain('Security');
  });

  it('selects rows and shows the bulk actions', async () => {
    installFakeApi(devicesApi(devices));
    const { user, store } = renderPage();
    await screen.findByText('Laptop 001');
    await user.click(screen.getByRole('checkbox', { name: 'Select Laptop 002' }));
    expect(selectDevicesList(store.getState()).all.selectedIds).toEqual([devices[1]!.uuid]);
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Return to stock' })).toBeInTheDocument();
  });

  it('exports the list as the address filters and sorts it, written by the server', async () => {
    const api = installFakeApi((request) =>
      request.path === '/devices/export' ? { body: 'file' } : devicesApi(devices)(request),
    );
    // jsdom saves no files: the download is an object URL of what the server answered.
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          saved.push(blob);
          return 'blob:saved';
        }
        static override revokeObjectURL() {}
      },
    );
    const { user } = renderPage('/dashboard/devices?type=TABLET&unencrypted=true&sort=name.desc');
    await screen.findByText('Laptop 001');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [request] = api.requests.filter((r) => r.path === '/devices/export');
    expect(Object.fromEntries(request!.query)).toEqual({
      deviceTypes: 'TABLET',
      showOnlyUnencrypted: 'true',
      sortingKey: 'name',
      sortingDirection: 'desc',
      format: 'xlsx',
      columns: 'name,osVersion,assignedTo,location,security,enrollmentState,status,lastSeenAt',
    });
  });

  it('exports the columns the person keeps in the column menu, or all of them', async () => {
    localStorage.setItem('equip:devices_columns', JSON.stringify(['status', 'assignedTo']));
    const api = installFakeApi((request) =>
      request.path === '/devices/export' ? { body: 'file' } : devicesApi(devices)(request),
    );
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL() {
          return 'blob:saved';
        }
        static override revokeObjectURL() {}
      },
    );
    const { user } = renderPage();
    await screen.findByText('Laptop 001');
    const exports = () => api.requests.filter((r) => r.path === '/devices/export');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(exports()).toHaveLength(1));
    // In the table's order, the name always.
    expect(exports()[0]!.query.get('columns')).toBe('name,assignedTo,status');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx), all columns' }));
    await waitFor(() => expect(exports()).toHaveLength(2));
    expect(exports()[1]!.query.get('columns')).toBe('all');
  });

  it('returns selected devices to stock in one return, all or none', async () => {
    const handler = devicesApi(devices);
    const api = installFakeApi((request) =>
      request.method === 'POST' && request.path === '/devices/return'
        ? { body: { returned: (request.body as { devices: unknown[] }).devices.length, resetsSent: 0 } }
        : handler(request),
    );
    const { user } = renderPage();
    await screen.findByText('Laptop 001');
    await user.click(screen.getByRole('checkbox', { name: 'Select Laptop 001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Laptop 003' }));
    await user.click(screen.getByRole('button', { name: 'Return to stock' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Return 2 devices to stock?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Return to stock' }));
    expect(await screen.findByText('2 devices back in stock')).toBeInTheDocument();
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.body)).toEqual([
      {
        devices: [
          { deviceUuid: devices[0]!.uuid, triggerReset: false },
          { deviceUuid: devices[2]!.uuid, triggerReset: false },
        ],
      },
    ]);
  });

  it('resets returned devices only with the code emailed to the admin', async () => {
    const handler = devicesApi(devices);
    const api = installFakeApi((request) => {
      if (request.method === 'POST' && request.path === '/devices/return-code') return { status: 204 };
      if (request.method === 'POST' && request.path === '/devices/return') {
        const body = request.body as { code?: string; devices: unknown[] };
        return body.code === '123456'
          ? { body: { returned: body.devices.length, resetsSent: body.devices.length } }
          : {
              status: 400,
              body: {
                errors: [
                  {
                    msg: 'The code is not valid',
                    errorCode: 400,
                    errorType: 'ZodValidationError',
                    param: 'code',
                    location: 'body',
                  },
                ],
              },
            };
      }
      return handler(request);
    });
    const { user } = renderPage();
    await screen.findByText('Laptop 001');
    await user.click(screen.getByRole('checkbox', { name: 'Select Laptop 001' }));
    await user.click(screen.getByRole('button', { name: 'Return to stock' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /Reset the devices/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Return and reset' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the code we emailed you');
    expect(api.requests.some((r) => r.path === '/devices/return')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Email me a code' }));
    expect(await within(dialog).findByText(/The code is on its way/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Confirmation code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Return and reset' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The code is not valid');

    await user.clear(within(dialog).getByLabelText('Confirmation code'));
    await user.type(within(dialog).getByLabelText('Confirmation code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Return and reset' }));
    expect(await screen.findByText('1 device back in stock, 1 reset sent')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/devices/return').at(-1)?.body).toEqual({
      devices: [{ deviceUuid: devices[0]!.uuid, triggerReset: true }],
      code: '123456',
    });
  });

  it('names the selected devices a reset cannot go to, and returns them without one when confirmed', async () => {
    const unmanaged = makeDevice({ name: 'Linux box', mdmProvider: null });
    const phone = makeDevice({ name: 'Old Android', os: 'UNKNOWN', type: 'PHONE' });
    const mac = makeDevice({ name: 'Studio Mac' });
    const handler = devicesApi([unmanaged, phone, mac]);
    const api = installFakeApi((request) => {
      if (request.method === 'POST' && request.path === '/devices/return-code') return { status: 204 };
      if (request.method === 'POST' && request.path === '/devices/return') {
        const body = request.body as { devices: { triggerReset: boolean }[] };
        return {
          body: {
            returned: body.devices.length,
            resetsSent: body.devices.filter((d) => d.triggerReset).length,
          },
        };
      }
      return handler(request);
    });
    const { user } = renderPage();
    await screen.findByText('Studio Mac');
    for (const name of ['Linux box', 'Old Android', 'Studio Mac'])
      await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    await user.click(screen.getByRole('button', { name: 'Return to stock' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /Reset the devices/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Email me a code' }));
    await user.type(within(dialog).getByLabelText('Confirmation code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Return and reset' }));
    // Nothing is sent yet: the two that cannot be reset are named with the reason.
    expect(await within(dialog).findByText(/2 devices cannot be reset/)).toBeInTheDocument();
    expect(within(dialog).getByText(/The device is not managed by an MDM provider/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Not available for this operating system/)).toBeInTheDocument();
    expect(api.requests.some((r) => r.path === '/devices/return')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Return, reset the others' }));
    expect(await screen.findByText('3 devices back in stock, 1 reset sent')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/devices/return').at(-1)?.body).toEqual({
      devices: [
        { deviceUuid: unmanaged.uuid, triggerReset: false },
        { deviceUuid: phone.uuid, triggerReset: false },
        { deviceUuid: mac.uuid, triggerReset: true },
      ],
      code: '123456',
    });
  });

  it('shows an empty organisation and an error with a retry', async () => {
    let fail = true;
    installFakeApi((request) =>
      fail ? { status: 500, body: { errors: [{ msg: 'Database unavailable' }] } } : devicesApi([])(request),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Could not load devices' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No devices yet' })).toBeInTheDocument();
  });

  it('opens a row in the drawer with the device in the URL; tabs switch in place and Back closes', async () => {
    installFakeApi(devicesApi(devices));
    const { user, router, store } = renderPage('/dashboard/devices?q=lap');
    await user.click(await screen.findByText('Laptop 004'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Laptop 004' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/devices/${devices[3]!.uuid}`);
    expect(router.state.location.search).toBe('?q=lap');
    expect(selectSelectedDeviceId(store.getState())).toBe(devices[3]!.uuid);
    expect(within(dialog).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(dialog).findByText('Fleet')).toBeInTheDocument();
    expect(within(dialog).getByText('(WithSecure)')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Specification' }));
    expect(await within(dialog).findByText('M3 Pro')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=lap&tab=specification');
    expect(selectActiveDeviceTab(store.getState())).toBe('specification');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard/devices');
    expect(selectSelectedDeviceId(store.getState())).toBeNull();
  });

  it('opens the device a link names on its tab; history only with it-3077-device-history', async () => {
    installFakeApi(devicesApi(devices));
    const first = renderPage(`/dashboard/devices/${devices[5]!.uuid}?tab=specification`);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Specification' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await first.user.click(within(dialog).getByRole('tab', { name: 'Overview' }));
    expect(await within(dialog).findByText('Fleet')).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
    first.unmount();
    renderPage(`/dashboard/devices/${devices[5]!.uuid}`, { 'it-3077-device-history': 'on' });
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Nothing has happened to this device yet.')).toBeInTheDocument();
  });

  it('assigns the open device to a person', async () => {
    const device = devices[6]!;
    const handler = devicesApi(devices);
    const api = installFakeApi((request) => {
      if (request.method === 'GET' && request.path === '/employees') {
        return {
          body: {
            items: [
              {
                uuid: '00000000-0000-4000-8000-000000000777',
                firstName: 'Grace',
                lastName: 'Hopper',
                email: 'grace@acme.example',
              },
            ],
            total: 1,
          },
        };
      }
      if (request.method === 'PUT' && request.path === `/devices/${device.uuid}/assignment`) {
        return {
          body: detailOf(device, {
            assignedTo: {
              uuid: '00000000-0000-4000-8000-000000000777',
              firstName: 'Grace',
              lastName: 'Hopper',
            },
          }),
        };
      }
      return handler(request);
    });
    const { user } = renderPage(`/dashboard/devices/${device.uuid}`);
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: 'Change assignment' }));
    const form = await screen.findByRole('dialog', { name: `Assign ${device.name}` });
    await user.click(await within(form).findByRole('radio', { name: /Grace Hopper/ }));
    await user.click(within(form).getByRole('button', { name: 'Save assignment' }));
    expect(await screen.findByText(`${device.name} is now assigned to Grace Hopper`)).toBeInTheDocument();
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      assignmentType: 'ASSIGNED',
      employeeUuid: '00000000-0000-4000-8000-000000000777',
    });
  });
});

describe('the devices page opened directly', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the devices tab's first page while it loads, and nothing for the assets tab or an asset's address", async () => {
    const api = installFakeApi(devicesApi(devices));
    const queryClient = new QueryClient();
    const services = { queryClient } as Pick<AppServices, 'queryClient'> as AppServices;
    const open = (pathname: string, query = '') =>
      prefetchDevicesPage({ pathname, search: new URLSearchParams(query), services });

    await open('/dashboard/devices', 'tab=assets');
    await open('/dashboard/devices/assets/0d5c2f1e-1111-4222-8333-444455556666');
    expect(listRequests(api.requests)).toHaveLength(0);

    await open('/dashboard/devices', 'unencrypted=true');
    const [first] = listRequests(api.requests);
    expect(first?.query.get('take')).toBe('50');
    expect(first?.query.get('showOnlyUnencrypted')).toBe('true');
    // One page in the cache, under the list machinery's key (listPageParams, as useListTable asks).
    expect(queryClient.getQueryCache().findAll()).toHaveLength(1);
    expect(queryClient.getQueryCache().findAll()[0]!.state.data).toMatchObject({ total: expect.any(Number) });
  });
});
