import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const me = testUser({ role: 'regular', firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.example' });
const base = `/employees/${me.accountUuid}`;

const employee = {
  uuid: me.accountUuid,
  organizationUuid: me.organizationUuid,
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@acme.example',
  phone: '+49 30 1234567',
  department: 'Engineering',
  position: 'Developer',
  startDate: '2024-03-01',
  lastDate: null,
  employeeStatus: 'ACTIVE',
  userType: 'regularUser',
  role: 'regular',
  source: 'equip',
  devicesAssigned: 1,
  assignedBundle: { uuid: '44444444-4444-4444-8444-444444444444', name: 'Engineering basics' },
  license: null,
  invitedAt: null,
  createdAt: '2024-02-01T10:00:00.000Z',
  updatedAt: '2024-02-01T10:00:00.000Z',
};

const laptop = {
  uuid: '55555555-5555-4555-8555-555555555555',
  organizationUuid: me.organizationUuid,
  name: 'Grace’s MacBook Pro',
  serialNumber: 'C02XK1JJH7JY',
  type: 'COMPUTER',
  os: 'MACOS',
  osVersion: '14.5',
  model: 'MacBook Pro 14"',
  manufacturer: 'Apple',
  status: 'active',
  assignmentType: 'ASSIGNED',
  assignedToUuid: me.accountUuid,
  location: null,
  enrollmentState: 'ENROLLED',
  mdmProvider: 'FLEET',
  isEncrypted: true,
  isProtected: false,
  lastSeenAt: '2024-06-01T08:00:00.000Z',
  createdAt: '2024-03-01T08:00:00.000Z',
  updatedAt: '2024-06-01T08:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('my equipment', () => {
  it('shows the person’s own record and devices', async () => {
    const server = installFakeApi({
      [`GET ${base}`]: employee,
      [`GET ${base}/devices`]: { items: [laptop] },
    });
    renderRoute('/dashboard/me', { user: me });
    expect(await screen.findByRole('heading', { level: 2, name: 'Hello, Grace' })).toBeInTheDocument();
    // The record's own fields (the name alone also shows in the top bar's account menu at once).
    expect(await screen.findByText('Engineering basics')).toBeInTheDocument();
    expect(screen.getAllByText('Grace Hopper').length).toBeGreaterThan(0);
    expect(screen.getByText('Active')).toBeInTheDocument();
    const device = (await screen.findByRole('heading', { level: 3, name: 'Grace’s MacBook Pro' })).closest(
      'li',
    )!;
    expect(within(device).getByText('macOS 14.5')).toBeInTheDocument();
    expect(within(device).getByText('C02XK1JJH7JY')).toBeInTheDocument();
    expect(within(device).getByText('Encrypted')).toBeInTheDocument();
    expect(within(device).getByText('No protection')).toBeInTheDocument();
    // Only their own record, devices and notifications (the top bar's panel) are asked for.
    const own = (path: string) => path.startsWith(base) || path.startsWith('/notifications');
    expect(server.requests.filter((request) => !own(request.path))).toEqual([]);
  });

  it('asks for no record of a provider admin, who is no employee of the organisation', async () => {
    const server = installFakeApi({});
    renderRoute('/dashboard/me', { user: testUser({ role: 'equip-admin' }) });
    expect(await screen.findByRole('heading', { name: 'No equipment of yours here' })).toBeInTheDocument();
    expect(server.requests.filter((request) => request.path.startsWith('/employees/'))).toEqual([]);
  });

  it('says when no devices are assigned', async () => {
    installFakeApi({ [`GET ${base}`]: employee, [`GET ${base}/devices`]: { items: [] } });
    renderRoute('/dashboard/me', { user: me });
    expect(await screen.findByRole('heading', { name: 'No devices assigned to you' })).toBeInTheDocument();
  });
});

describe('my hardware requests (decision 037, behind it-2305-hardware-requests)', () => {
  const request = (extra: object) => ({
    uuid: '66666666-6666-4666-8666-666666666666',
    requester: { uuid: me.accountUuid, firstName: 'Grace', lastName: 'Hopper' },
    deviceType: 'COMPUTER',
    specificationUuid: null,
    specification: null,
    reason: 'My laptop broke',
    status: 'requested',
    decisionReason: null,
    decidedBy: null,
    decidedAt: null,
    draftUuid: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  });

  it('lists the requests with their status and a decline’s reason, and sends a new one with a reason', async () => {
    const server = installFakeApi({
      [`GET ${base}`]: employee,
      [`GET ${base}/devices`]: { items: [] },
      'GET /procurement/hardware-requests/mine': {
        items: [
          request({ status: 'declined', decisionReason: 'You got one in May', reason: 'A second screen' }),
        ],
        total: 1,
      },
      'GET /procurement/hardware-requests/models': { items: [] },
      'POST /procurement/hardware-requests': {
        uuid: '77777777-7777-4777-8777-777777777777',
        status: 'requested',
        draftUuid: null,
      },
    });
    const { user } = renderRoute('/dashboard/me', {
      user: me,
      boot: { flags: { 'it-2305-hardware-requests': 'on' } },
    });
    const section = await screen.findByRole('region', { name: 'Your device requests' });
    expect(await within(section).findByText('Declined: You got one in May')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Request a device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a device' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Say why you need the device.')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText('Device type'), 'PHONE');
    await user.type(within(dialog).getByLabelText('Reason'), '  On call from next week  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() =>
      expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
        deviceType: 'PHONE',
        reason: 'On call from next week',
      }),
    );
  });

  it('shows nothing of requests while the flag is off', async () => {
    installFakeApi({ [`GET ${base}`]: employee, [`GET ${base}/devices`]: { items: [] } });
    renderRoute('/dashboard/me', { user: me });
    expect(await screen.findByRole('heading', { name: 'No devices assigned to you' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a device' })).toBeNull();
  });
});
