import type { DeviceDetail, DeviceListItem } from '@equip/domain/devices';
import type { FakeRequest } from '@/test/fake-api';

export { type FakeRequest, installFakeApi } from '@/test/fake-api';
export { renderWithApp } from '@/test/render';

let counter = 0;

/** A made-up row of the devices list; `overrides` win. */
export function makeDevice(overrides: Partial<DeviceListItem> = {}): DeviceListItem {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    uuid: `00000000-0000-4000-9000-${n}`,
    name: `Device ${String(counter).padStart(3, '0')}`,
    serialNumber: `SN${n}`,
    type: 'COMPUTER',
    os: 'MACOS',
    osVersion: '15.1',
    model: 'MacBook Pro',
    status: 'active',
    assignmentType: 'ASSIGNED',
    assignedTo: { uuid: `00000000-0000-4000-8000-${n}`, firstName: 'Ada', lastName: `Person${counter}` },
    location: 'Berlin',
    enrollmentState: 'ENROLLED',
    mdmProvider: 'FLEET',
    mdmStatus: null,
    isEncrypted: true,
    isProtected: true,
    lastSeenAt: '2026-11-23T08:00:00.000Z',
    mdmMissingSince: null,
    ...overrides,
  };
}

/** The detail of a list row, as `GET /api/devices/:uuid` answers it. */
export function detailOf(device: DeviceListItem, overrides: Partial<DeviceDetail> = {}): DeviceDetail {
  return {
    ...device,
    organizationUuid: '00000000-0000-4000-8000-999999999999',
    assignedToUuid: device.assignedTo?.uuid ?? null,
    manufacturer: 'Apple',
    specification: { CPU: 'M3 Pro', Memory: '18 GB' },
    securityProvider: device.isProtected ? 'withsecure' : null,
    mdmStatus: null,
    orderUuid: null,
    createdAt: '2025-01-10T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * A fake devices API over `devices`: the list pages by skip/take and filters by status (enough for the
 * screen's tests), the detail and an empty history per device.
 */
export function devicesApi(devices: DeviceListItem[]) {
  return (request: FakeRequest) => {
    if (request.method === 'GET' && request.path === '/devices') {
      const statuses = request.query.getAll('deviceStatuses');
      const matching = statuses.length ? devices.filter((d) => statuses.includes(d.status)) : devices;
      const skip = Number(request.query.get('skip'));
      const take = Number(request.query.get('take'));
      return { body: { items: matching.slice(skip, skip + take), total: matching.length } };
    }
    const history = /^\/devices\/([^/]+)\/history$/.exec(request.path);
    if (history) return { body: { items: [] } };
    // The MDM actions section: nothing sent yet.
    if (/^\/devices\/([^/]+)\/actions$/.test(request.path) && request.method === 'GET')
      return { body: { mdmStatus: null, items: [] } };
    const detail = /^\/devices\/([^/]+)$/.exec(request.path);
    if (detail && request.method === 'GET') {
      const device = devices.find((d) => d.uuid === detail[1]);
      return device ? { body: detailOf(device) } : undefined;
    }
    return undefined;
  };
}
