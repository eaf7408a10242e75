import type { PersonApplications } from '@equip/domain/bundle-installs';
import type { Device } from '@equip/domain/devices';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { DevicesTab } from './devices-tab';

const uuid = (n: number, group = 9) => `00000000-0000-4000-${group}000-${String(n).padStart(12, '0')}`;
const person = uuid(1, 8);

const mac: Device = {
  uuid: uuid(1, 7),
  organizationUuid: uuid(1, 5),
  name: 'Anna’s MacBook',
  serialNumber: 'C02XYZ',
  type: 'COMPUTER',
  os: 'MACOS',
  osVersion: '15.1',
  model: 'MacBook Air',
  manufacturer: 'Apple',
  status: 'active',
  assignmentType: 'ASSIGNED',
  assignedToUuid: person,
  location: null,
  enrollmentState: 'ENROLLED',
  mdmProvider: 'JAMF',
  isEncrypted: true,
  isProtected: true,
  lastSeenAt: null,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};

const applications: PersonApplications = {
  bundle: { uuid: uuid(1), name: 'Sales' },
  items: [
    {
      application: { uuid: uuid(1, 1), name: 'Slack', platforms: ['macos', 'windows'] },
      management: 'MANAGED_INSTALLS',
      status: 'installed',
      reason: null,
      deviceUuid: mac.uuid,
    },
  ],
};

describe("the employee's devices tab (issue 29, item 5)", () => {
  it("shows the person's applications from their bundle below their devices", async () => {
    installFakeApi((request) => {
      if (request.path === `/employees/${person}/devices`) return { body: { items: [mac], assets: [] } };
      if (request.path === `/bundle-api/employees/${person}/applications`) return { body: applications };
      return undefined;
    });
    renderWithApp([{ path: '/', element: <DevicesTab employeeId={person} /> }], '/');
    expect(await screen.findByText('Anna’s MacBook')).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Applications of Sales' });
    expect(within(section).getByText('From the bundle Sales')).toBeInTheDocument();
    expect(within(section).getByText('Slack').closest('li')).toHaveTextContent('Installed');
  });
});
