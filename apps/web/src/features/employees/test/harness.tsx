import type { Employee } from '@equip/domain/employees';

export { type FakeHandler, type FakeRequest, type FakeResponse, installFakeApi } from '@/test/fake-api';
export { renderWithApp } from '@/test/render';

let counter = 0;
/** A made-up employee; `overrides` win. */
export function makeEmployee(overrides: Partial<Employee> = {}): Employee {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    uuid: `00000000-0000-4000-8000-${n}`,
    organizationUuid: '00000000-0000-4000-8000-999999999999',
    firstName: `First${counter}`,
    lastName: `Last${counter}`,
    email: `person${counter}@acme.example`,
    phone: null,
    department: 'Engineering',
    position: null,
    startDate: '2024-01-15',
    lastDate: null,
    employeeStatus: 'ACTIVE',
    userType: 'regularUser',
    role: 'regular',
    source: 'equip',
    devicesAssigned: 1,
    assignedBundle: null,
    license: null,
    invitedAt: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
