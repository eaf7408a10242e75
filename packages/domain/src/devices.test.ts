import { describe, expect, it } from 'vitest';
import './zod-messages.ts';
import { z } from 'zod';
import { QueryBoolean, queryArray } from './common.ts';
import {
  AssignDeviceRequest,
  CreateDeviceRequest,
  DeviceListItem,
  DeviceListQuery,
  DevicePage,
  DeviceReturnRequest,
  STAGED_DEVICE_STATUSES,
  UpdateDeviceRequest,
  visibleDeviceStatuses,
} from './devices.ts';

describe('staged devices (SPEC §9, it-2447-show-staged-devices)', () => {
  it('are ordered and new ones, listed only with the flag', () => {
    expect(STAGED_DEVICE_STATUSES).toEqual(['ordered', 'new']);
    expect(visibleDeviceStatuses(true)).toEqual([
      'active',
      'awaiting-registration',
      'in-stock',
      'ordered',
      'inactive',
      'new',
    ]);
    expect(visibleDeviceStatuses(false)).toEqual(['active', 'awaiting-registration', 'in-stock', 'inactive']);
  });
});

describe('device return (SPEC §5)', () => {
  const device = '0b6f1c8e-8a59-4c51-9d3e-2f4e5d6a7b8c';
  it('needs a code when any device asks for a reset', () => {
    const missing = DeviceReturnRequest.safeParse({ devices: [{ deviceUuid: device, triggerReset: true }] });
    expect(missing.error?.issues[0]?.message).toBe('code is required if any device has triggerReset: true');
    expect(
      DeviceReturnRequest.safeParse({ devices: [{ deviceUuid: device, triggerReset: true }], code: '1234' })
        .success,
    ).toBe(true);
    expect(DeviceReturnRequest.safeParse({ devices: [{ deviceUuid: device }] }).success).toBe(true);
  });
});

describe('query conventions (SPEC §5)', () => {
  it('reads booleans only as the strings true and false', () => {
    expect(QueryBoolean.parse('true')).toBe(true);
    expect(QueryBoolean.parse('false')).toBe(false);
    expect(QueryBoolean.safeParse('1').success).toBe(false);
  });

  it('reads arrays repeated or comma-separated', () => {
    const schema = z.object({ s: queryArray(z.enum(['a', 'b', 'c'])) });
    expect(schema.parse({ s: ['a', 'b'] }).s).toEqual(['a', 'b']);
    expect(schema.parse({ s: 'a,c' }).s).toEqual(['a', 'c']);
    expect(schema.parse({}).s).toBeUndefined();
    expect(schema.safeParse({ s: 'a,x' }).success).toBe(false);
  });
});

describe('the devices contract', () => {
  const person = '0b6f1c8e-8a59-4c51-9d3e-2f4e5d6a7b8c';

  it('reads the list query: filters as arrays, sort keys from the enum, take up to 500', () => {
    const query = DeviceListQuery.parse({
      deviceTypes: 'COMPUTER,PHONE',
      deviceStatuses: ['active', 'in-stock'],
      showOnlyUnencrypted: 'true',
      sortingKey: 'assignedTo',
    });
    expect(query).toMatchObject({
      deviceTypes: ['COMPUTER', 'PHONE'],
      deviceStatuses: ['active', 'in-stock'],
      showOnlyUnencrypted: true,
      sortingKey: 'assignedTo',
      skip: 0,
      take: 50,
    });
    expect(DeviceListQuery.safeParse({ take: '500' }).success).toBe(true);
    expect(DeviceListQuery.safeParse({ take: '501' }).success).toBe(false);
    expect(DeviceListQuery.safeParse({ sortingKey: 'serialNumber' }).success).toBe(false);
    expect(DeviceListQuery.safeParse({ assignmentTypes: 'LENT' }).success).toBe(false);
  });

  it('assigns to a person with their uuid, or shares, or unassigns', () => {
    expect(AssignDeviceRequest.parse({ assignmentType: 'ASSIGNED', employeeUuid: person })).toEqual({
      assignmentType: 'ASSIGNED',
      employeeUuid: person,
    });
    expect(AssignDeviceRequest.safeParse({ assignmentType: 'ASSIGNED' }).success).toBe(false);
    expect(AssignDeviceRequest.parse({ assignmentType: 'SHARED', employeeUuid: person })).toEqual({
      assignmentType: 'SHARED',
    });
    expect(AssignDeviceRequest.safeParse({ assignmentType: 'LENT' }).success).toBe(false);
  });

  it('creates a device with a trimmed name and the defaults of a new, unprotected device', () => {
    expect(CreateDeviceRequest.parse({ name: ' Mac ', type: 'COMPUTER', os: 'MACOS' })).toEqual({
      name: 'Mac',
      type: 'COMPUTER',
      os: 'MACOS',
      status: 'new',
      isEncrypted: false,
      isProtected: false,
    });
    expect(CreateDeviceRequest.safeParse({ name: '  ', type: 'COMPUTER', os: 'MACOS' }).success).toBe(false);
    expect(UpdateDeviceRequest.parse({})).toEqual({});
    expect(UpdateDeviceRequest.safeParse({ status: 'lost' }).success).toBe(false);
  });

  it('lists items with the assignee as a name, and the page with its total and cursor', () => {
    const item = {
      uuid: person,
      name: 'MacBook',
      serialNumber: null,
      type: 'COMPUTER',
      os: 'MACOS',
      osVersion: '15.1',
      model: null,
      status: 'active',
      assignmentType: 'ASSIGNED',
      assignedTo: { uuid: person, firstName: 'Anna', lastName: 'Ågren' },
      location: null,
      enrollmentState: 'ENROLLED',
      mdmProvider: 'FLEET',
      mdmStatus: null,
      mdmMissingSince: null,
      isEncrypted: true,
      isProtected: false,
      lastSeenAt: '2026-11-23T10:00:00.000Z',
    };
    expect(DevicePage.parse({ items: [item], total: 1, nextCursor: 'abc' }).items[0]).toEqual(item);
    expect(DeviceListItem.safeParse({ ...item, assignedTo: undefined }).success).toBe(false);
  });
});
