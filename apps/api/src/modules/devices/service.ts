import type { EventType } from '@equip/domain/audit-log';
import {
  type AssignDeviceRequest,
  type CreateDeviceRequest,
  DEVICE_EXPORT,
  type DeviceDetail,
  type DeviceHistory,
  type DeviceListQuery,
  type DeviceReturnRequest,
  type DeviceReturnResult,
  type UpdateDeviceRequest,
} from '@equip/domain/devices';
import type { AppJobs } from '../../background/app-job-types.ts';
import type { Db } from '../../db/client.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import type { AuthContext } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { assertGrant } from '../../http/grants.ts';
import { exportTable, type TableExportRequest, tableExportOptions } from '../../imports/export.ts';
import { EXPORT_WORDS } from '../../imports/words.ts';
import { type EventInput, eventsAbout, logEvent } from '../audit-log/index.ts';
import { namesByUuid, personRef, readerSettings } from '../people/index.ts';
import { queueReturnResets } from './actions.ts';

// The devices' MDM actions are a second service of the module, built beside this one (services.ts).
export {
  createDeviceActionsService,
  type DeviceActionsDeps,
  type DeviceActionsService,
} from './actions.ts';

import { DEVICE_EXPORT_TEXTS, deviceExportEntry } from './export.ts';
import { DEVICE_NOT_FOUND } from './messages.ts';
import {
  type DeviceRow,
  type DeviceValues,
  exportRows,
  findDevice,
  findDevices,
  insertDevice,
  listDevices,
  updateDevice,
  updateDevices,
} from './queries.ts';
import { type DeviceSoftwareDeps, deviceSoftwareOperations } from './software.ts';

export const EMPLOYEE_NOT_FOUND = 'Employee not found';

const deviceNotFound = () => notFound(DEVICE_NOT_FOUND);

/** The detail response of a stored device. */
export function toDetail(row: DeviceRow): DeviceDetail {
  const { assigneeFirstName, assigneeLastName, specification, ...device } = row;
  return {
    ...device,
    specification: specification ?? {},
    assignedTo: row.assignedToUuid
      ? { uuid: row.assignedToUuid, firstName: assigneeFirstName ?? '', lastName: assigneeLastName ?? '' }
      : null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    mdmMissingSince: row.mdmMissingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

interface Assignment {
  assignmentType: DeviceRow['assignmentType'];
  assignedToUuid: string | null;
  /** The assignee's name, for the event. */
  assigneeName: string | null;
}

const UNASSIGNED: Assignment = { assignmentType: 'UNASSIGNED', assignedToUuid: null, assigneeName: null };

/** The columns an assignment writes; the assignee's names and the counts follow by trigger. */
const assignmentColumns = (assignment: Assignment): Partial<DeviceValues> => ({
  assignmentType: assignment.assignmentType,
  assignedToUuid: assignment.assignedToUuid,
});

/**
 * What an assignment request writes. Handing a device to a person goes through the domain's grant rule
 * (decideGrant): only administrators, and only to a person of the organisation acted for — anyone else
 * (another organisation's, a provider admin, a removed person) is not found.
 */
async function assignmentOf(tx: Db, auth: AuthContext, request: AssignDeviceRequest): Promise<Assignment> {
  if (request.assignmentType === 'UNASSIGNED') return UNASSIGNED;
  if (request.assignmentType !== 'ASSIGNED')
    return { assignmentType: request.assignmentType, assignedToUuid: null, assigneeName: null };
  const person = await personRef(tx, request.employeeUuid);
  if (!person)
    throw notFound(EMPLOYEE_NOT_FOUND, {
      location: 'body',
      param: 'employeeUuid',
      path: ['employeeUuid'],
      value: request.employeeUuid,
    });
  assertGrant(auth, person, { action: 'update' });
  return {
    assignmentType: 'ASSIGNED',
    assignedToUuid: person.uuid,
    assigneeName: `${person.firstName} ${person.lastName}`,
  };
}

/** The assignment event of a change from `before` to `after`, or none when nothing changed. */
function assignmentEvent(
  auth: AuthContext,
  deviceUuid: string,
  deviceName: string,
  before: Omit<Assignment, 'assigneeName'> | null,
  after: Assignment,
): EventInput | null {
  if (
    before &&
    before.assignmentType === after.assignmentType &&
    before.assignedToUuid === after.assignedToUuid
  )
    return null;
  if (!before && after.assignmentType === 'UNASSIGNED') return null;
  const type: EventType = after.assignmentType === 'UNASSIGNED' ? 'DEVICE_UNASSIGNED' : 'DEVICE_ASSIGNED';
  return {
    organizationUuid: auth.organizationUuid,
    type,
    actorUuid: auth.userUuid,
    subjectUuid: deviceUuid,
    data: {
      name: deviceName,
      assignmentType: after.assignmentType,
      employeeUuid: after.assignedToUuid,
      employeeName: after.assigneeName,
      ...(before
        ? { previousAssignmentType: before.assignmentType, previousEmployeeUuid: before.assignedToUuid }
        : {}),
    },
  };
}

/** Fields of a device the detail and the update compare (for the event's before and after). */
const TRACKED = [
  'name',
  'serialNumber',
  'type',
  'os',
  'osVersion',
  'model',
  'manufacturer',
  'status',
  'location',
  'mdmProvider',
  'securityProvider',
  'isEncrypted',
  'isProtected',
  'specification',
] as const;

/**
 * What a change took away from a device's security: a SECURITY_ALERT names these (an edit here, an
 * agent's check-in in modules/enrollment/check-in.ts).
 */
export function securityLost(
  before: { isEncrypted: boolean; isProtected: boolean },
  after: { isEncrypted: boolean; isProtected: boolean },
): ('encryption' | 'protection')[] {
  return [
    ...(before.isEncrypted && !after.isEncrypted ? (['encryption'] as const) : []),
    ...(before.isProtected && !after.isProtected ? (['protection'] as const) : []),
  ];
}

/** An instant as the raw read gives it (a Date, or text on some drivers), as the API writes it. */
const isoInstantOrNull = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What the devices' service is built with (services.ts): the job queue the return's resets go to, and
 * the MDM adapters a device's installed software is read through (decision 026).
 */
export interface DevicesDeps extends DeviceSoftwareDeps {
  jobs: AppJobs;
}

/**
 * Devices of the caller's organisation. Every method but `list` runs inside the caller's tenant
 * transaction (row-level security: another organisation's device is not found); `list` reads through
 * the lists' pipelined tenant read.
 */
export function createDevicesService(deps: DevicesDeps) {
  return {
    // A device's installed software: its list and a read from its MDM now (software.ts).
    ...deviceSoftwareOperations(deps),

    list: (reads: TenantReads, auth: AuthContext, query: DeviceListQuery) =>
      listDevices(reads, auth.organizationUuid, query),

    /**
     * Every device the table's filters match, in its order, as CSV or an Excel workbook through the
     * shared export machinery (imports/export.ts), page by page: the columns asked for, in the caller's
     * language.
     */
    async exportFile(
      tx: Db,
      auth: AuthContext,
      query: Omit<DeviceListQuery, 'skip' | 'take' | 'cursor'>,
      request: TableExportRequest,
    ) {
      const options = tableExportOptions(request, await readerSettings(tx, auth));
      const words = EXPORT_WORDS[options.reader.locale];
      async function* pages() {
        for await (const page of exportRows(tx, auth.organizationUuid, query))
          yield page.map((device) =>
            deviceExportEntry({ ...device, lastSeenAt: isoInstantOrNull(device.lastSeenAt) }, words),
          );
      }
      return exportTable(DEVICE_EXPORT, DEVICE_EXPORT_TEXTS, pages(), options);
    },

    async get(tx: Db, _auth: AuthContext, uuid: string): Promise<DeviceDetail> {
      const row = await findDevice(tx, uuid);
      if (!row) throw deviceNotFound();
      return toDetail(row);
    },

    /** Adds a device by hand (DEVICE_ADDED), assigned at once when the request says so (DEVICE_ASSIGNED). */
    async create(tx: Db, auth: AuthContext, input: CreateDeviceRequest): Promise<DeviceDetail> {
      const { assignment: requested, ...fields } = input;
      const assignment = requested ? await assignmentOf(tx, auth, requested) : UNASSIGNED;
      const values: DeviceValues = {
        ...fields,
        organizationUuid: auth.organizationUuid,
        assignmentType: assignment.assignmentType,
        assignedToUuid: assignment.assignedToUuid,
      };
      const uuid = await insertDevice(tx, values);
      const events: EventInput[] = [
        {
          organizationUuid: auth.organizationUuid,
          type: 'DEVICE_ADDED',
          actorUuid: auth.userUuid,
          subjectUuid: uuid,
          data: { name: input.name, type: input.type, os: input.os, status: input.status, via: 'manual' },
        },
      ];
      const assigned = assignmentEvent(auth, uuid, input.name, null, assignment);
      if (assigned) events.push(assigned);
      await logEvent(tx, events);
      return toDetail((await findDevice(tx, uuid))!);
    },

    /**
     * Changes the given fields (DEVICE_UPDATED with before and after); a new status is also
     * DEVICE_STATUS_CHANGED, and a device that stops being encrypted or protected a SECURITY_ALERT.
     */
    async update(tx: Db, auth: AuthContext, uuid: string, input: UpdateDeviceRequest): Promise<DeviceDetail> {
      const before = await findDevice(tx, uuid);
      if (!before) throw deviceNotFound();
      const changes = Object.fromEntries(
        Object.entries(input).filter(
          ([key, value]) => value !== undefined && !same(before[key as keyof DeviceRow], value),
        ),
      ) as Partial<DeviceValues>;
      if (Object.keys(changes).length === 0) return toDetail(before);
      await updateDevice(tx, uuid, changes);
      const after = (await findDevice(tx, uuid))!;
      const changed = TRACKED.filter((key) => !same(before[key], after[key]));
      const event = (type: EventType, data: Record<string, unknown>): EventInput => ({
        organizationUuid: auth.organizationUuid,
        type,
        actorUuid: auth.userUuid,
        subjectUuid: uuid,
        data: { name: after.name, ...data },
      });
      const events = [
        event('DEVICE_UPDATED', {
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        }),
      ];
      if (before.status !== after.status)
        events.push(event('DEVICE_STATUS_CHANGED', { from: before.status, to: after.status }));
      const lost = securityLost(before, after);
      if (lost.length > 0) events.push(event('SECURITY_ALERT', { lost }));
      await logEvent(tx, events);
      return toDetail(after);
    },

    /** Assigns the device to a person, shares it or unassigns it (DEVICE_ASSIGNED / DEVICE_UNASSIGNED). */
    async assign(
      tx: Db,
      auth: AuthContext,
      uuid: string,
      request: AssignDeviceRequest,
    ): Promise<DeviceDetail> {
      const before = await findDevice(tx, uuid);
      if (!before) throw deviceNotFound();
      const assignment = await assignmentOf(tx, auth, request);
      const event = assignmentEvent(auth, uuid, before.name, before, assignment);
      if (!event) return toDetail(before);
      await updateDevice(tx, uuid, assignmentColumns(assignment));
      await logEvent(tx, event);
      return toDetail((await findDevice(tx, uuid))!);
    },

    /**
     * Takes devices back (SPEC §5): each goes to stock, unassigned (DEVICE_UNASSIGNED when it was
     * assigned or shared, then DEVICE_RETURNED with whether it is to be reset), all or none. A device the
     * organisation does not have is not found, and nothing changes. The confirmation code of a return
     * with a reset is checked before (the route spends it on this work).
     */
    async returnDevices(
      tx: Db,
      auth: AuthContext,
      request: DeviceReturnRequest,
    ): Promise<DeviceReturnResult> {
      // A device named twice is returned once, reset if either entry asks for it.
      const resets = new Map<string, boolean>();
      for (const { deviceUuid, triggerReset } of request.devices)
        resets.set(deviceUuid, (resets.get(deviceUuid) ?? false) || triggerReset === true);
      const uuids = [...resets.keys()];
      const rows = await findDevices(tx, uuids);
      const found = new Set(rows.map((row) => row.uuid));
      const missing = request.devices.findIndex((d) => !found.has(d.deviceUuid));
      // Names only the field, never the id: it may be another organisation's.
      if (missing >= 0)
        throw notFound(DEVICE_NOT_FOUND, {
          location: 'body',
          param: `devices.${missing}.deviceUuid`,
          path: ['devices', missing, 'deviceUuid'],
        });
      await updateDevices(tx, uuids, { status: 'in-stock', ...assignmentColumns(UNASSIGNED) });
      // A reset is an MDM `reset` command per device (actions.ts), in this transaction; a device that
      // cannot take one refuses the whole return.
      const resetQueued = await queueReturnResets(
        tx,
        auth,
        uuids.filter((uuid) => resets.get(uuid) === true),
        deps.jobs,
        (deviceUuid) => request.devices.findIndex((d) => d.deviceUuid === deviceUuid && d.triggerReset),
      );
      const events: EventInput[] = [];
      for (const row of rows) {
        const unassigned = assignmentEvent(auth, row.uuid, row.name, row, UNASSIGNED);
        if (unassigned) events.push(unassigned);
        events.push({
          organizationUuid: auth.organizationUuid,
          type: 'DEVICE_RETURNED',
          actorUuid: auth.userUuid,
          subjectUuid: row.uuid,
          data: {
            name: row.name,
            triggerReset: resets.get(row.uuid) === true,
            // Whether the reset went to the device's MDM (a device already wiped needs none).
            ...(resets.get(row.uuid) ? { resetQueued: resetQueued.has(row.uuid) } : {}),
            previousStatus: row.status,
          },
        });
      }
      await logEvent(tx, events);
      return { returned: rows.length, resetsSent: resetQueued.size };
    },

    /** The device's events, newest first, with the acting person's name (null for the system). */
    async history(tx: Db, _auth: AuthContext, uuid: string): Promise<DeviceHistory> {
      if (!(await findDevice(tx, uuid))) throw deviceNotFound();
      const events = await eventsAbout(tx, uuid);
      const names = await namesByUuid(
        tx,
        events.flatMap((e) => (e.actorUuid ? [e.actorUuid] : [])),
      );
      return {
        items: events.map((e) => ({
          uuid: e.uuid,
          type: e.type,
          at: e.createdAt.toISOString(),
          actorUuid: e.actorUuid,
          actorName: e.actorUuid ? (names.get(e.actorUuid) ?? null) : null,
          data: e.data,
        })),
      };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
