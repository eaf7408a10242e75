import { z } from 'zod';
import { EventType } from './audit-log.ts';
import { IsoDateTime, pageOf, QueryBoolean, queryArray, searchableListQuery, Uuid } from './common.ts';
import type { ExportSchema } from './csv-import/export.ts';
import {
  ASSIGNMENT_TYPES,
  DEVICE_MDM_STATUSES,
  DEVICE_SORTING_KEYS,
  DEVICE_STATUSES,
  DEVICE_TYPES,
} from './devices-rules.ts';
import type { FEATURE_FLAGS } from './feature-flags.ts';
import { MdmProvider } from './mdm-providers.ts';

export const DeviceType = z.enum(DEVICE_TYPES);
export type DeviceType = z.infer<typeof DeviceType>;
export const DeviceOs = z.enum(['WINDOWS', 'MACOS', 'IOS', 'UNKNOWN']);
export type DeviceOs = z.infer<typeof DeviceOs>;
export const AssignmentType = z.enum(ASSIGNMENT_TYPES);
export type AssignmentType = z.infer<typeof AssignmentType>;
export const EnrollmentState = z.enum([
  'READY_TO_ENROLL',
  'PENDING_ENROLLMENT',
  'FAILED_ENROLLMENT',
  'ENROLLED',
]);
export type EnrollmentState = z.infer<typeof EnrollmentState>;
/** Device status (SPEC §4). */
export const DeviceStatus = z.enum(DEVICE_STATUSES);
export type DeviceStatus = z.infer<typeof DeviceStatus>;
/**
 * Staged devices: ordered or new, not handed out yet. The devices list, its totals and its export
 * leave them out unless the flag it-2447-show-staged-devices is on (SPEC §9); the API applies the rule.
 */
export const STAGED_DEVICE_STATUSES = ['ordered', 'new'] as const satisfies readonly DeviceStatus[];
export const SHOW_STAGED_DEVICES_FLAG =
  'it-2447-show-staged-devices' satisfies (typeof FEATURE_FLAGS)[number];
/** The statuses the devices list holds (and a person may filter by): without the flag, no staged ones. */
export function visibleDeviceStatuses(showStaged: boolean): DeviceStatus[] {
  const staged: readonly DeviceStatus[] = STAGED_DEVICE_STATUSES;
  return DeviceStatus.options.filter((status) => showStaged || !staged.includes(status));
}
/** Device (peripheral) types shown in the UI. */
export const UiDeviceType = z.enum([
  'camera',
  'webcam',
  'mouse',
  'keyboard',
  'monitor',
  'headphones',
  'headset',
  'printer',
  'unknown',
]);
export type UiDeviceType = z.infer<typeof UiDeviceType>;
/** Column keys of the devices table (SPEC §3), persisted under `equip:devices_columns`. */
export const DeviceListKey = z.enum(['osVersion', 'assignedTo', 'location', 'security', 'uuid']);
export type DeviceListKey = z.infer<typeof DeviceListKey>;
export const DEVICE_COLUMNS_STORAGE_KEY = 'equip:devices_columns';
export const DeviceDetailTab = z.enum(['overview', 'specification', 'software']);
export const DeviceDetailSection = z.enum(['assignment', 'specifications']);

// The providers are a file of their own (the areas' declarations name them without an import cycle).
export { MdmProvider };
export const DeviceAction = z.enum([
  'restart',
  'shutdown',
  'enable_lost_mode',
  'lock',
  'unlock',
  'wipe',
  'reset',
]);
export const DeviceMdmStatus = z.enum(DEVICE_MDM_STATUSES);
export const SecurityAddOnProvider = z.enum(['withsecure', 'sentinelone']);
export type SecurityAddOnProvider = z.infer<typeof SecurityAddOnProvider>;
export const EnrollmentFlow = z.enum([
  'ABM_UNKNOWN',
  'ABM_MAC',
  'ABM_IPAD',
  'ABM_IPHONE',
  'WEB_UNKNOWN',
  'WEB_IPHONE',
  'WEB_IPAD',
  'WEB_MAC',
  'WEB_PC',
]);
export type EnrollmentFlow = z.infer<typeof EnrollmentFlow>;
export const EnrollmentFormStep = z.enum(['Email', 'OTP', 'Success', 'Finish', 'DeviceNotRecognised']);

export const Device = z.object({
  uuid: Uuid,
  organizationUuid: Uuid,
  name: z.string(),
  serialNumber: z.string().nullable(),
  type: DeviceType,
  os: DeviceOs,
  osVersion: z.string().nullable(),
  model: z.string().nullable(),
  manufacturer: z.string().nullable(),
  status: DeviceStatus,
  assignmentType: AssignmentType,
  assignedToUuid: Uuid.nullable(),
  location: z.string().nullable(),
  enrollmentState: EnrollmentState,
  mdmProvider: MdmProvider.nullable(),
  isEncrypted: z.boolean(),
  isProtected: z.boolean(),
  lastSeenAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Device = z.infer<typeof Device>;

/** The person a device is assigned to, as lists and the detail show them. */
export const DeviceAssignee = z.object({ uuid: Uuid, firstName: z.string(), lastName: z.string() });
export type DeviceAssignee = z.infer<typeof DeviceAssignee>;

/**
 * Sort keys of the devices table (`GET /api/devices?sortingKey=`); each is backed by an index per
 * organisation. `assignedTo` sorts by the assignee's last and first name (unassigned last), `security`
 * by encryption then protection, `os` by OS then version.
 */
export const DeviceSortingKey = z.enum(DEVICE_SORTING_KEYS);
export type DeviceSortingKey = z.infer<typeof DeviceSortingKey>;

/** `GET /api/devices` query: the filters of SPEC §2, sorting, paging (skip/take ≤ 500, or cursor). */
export const DeviceListQuery = searchableListQuery({ sortingKeys: DeviceSortingKey, maxTake: 500 }).extend({
  deviceTypes: queryArray(DeviceType),
  assignmentTypes: queryArray(AssignmentType),
  deviceStatuses: queryArray(DeviceStatus),
  /** What the devices last reported through their MDM (locked, unlocked, wiped). */
  mdmStatuses: queryArray(DeviceMdmStatus),
  showOnlyUnencrypted: QueryBoolean.optional(),
  showOnlyUnprotected: QueryBoolean.optional(),
});
export type DeviceListQuery = z.infer<typeof DeviceListQuery>;

/** A row of the devices table: what the table shows (the detail has the rest). */
export const DeviceListItem = Device.omit({
  organizationUuid: true,
  manufacturer: true,
  assignedToUuid: true,
  createdAt: true,
  updatedAt: true,
}).extend({
  assignedTo: DeviceAssignee.nullable(),
  /** What the device last reported through its MDM (locked, unlocked, wiped); null before any report. */
  mdmStatus: DeviceMdmStatus.nullable(),
  /** Since when the device's MDM no longer lists it (the inventory sync, decision 025); null while it does. */
  mdmMissingSince: IsoDateTime.nullable(),
});
export type DeviceListItem = z.infer<typeof DeviceListItem>;
/** `GET /api/devices`: `{ items, total, nextCursor }`; total is the filtered count. */
export const DevicePage = pageOf(DeviceListItem);
export type DevicePage = z.infer<typeof DevicePage>;

/** The columns of the devices table, by id (`columns=` of the export names them). */
export const DeviceTableColumn = z.enum([
  'name',
  'serialNumber',
  'model',
  'osVersion',
  'assignedTo',
  'location',
  'security',
  'enrollmentState',
  'mdmProvider',
  'mdmStatus',
  'status',
  'lastSeenAt',
]);
export type DeviceTableColumn = z.infer<typeof DeviceTableColumn>;

/**
 * `GET /api/devices/export`: the devices table as a file, with the list's filters and sorting (no
 * paging: every match), as CSV or an Excel workbook (the server's export machinery, decision 008), with
 * the fields of the columns the person shows (the name column shows the type, model and serial number,
 * security the encryption and protection, enrolment the MDM) or all of them with the ID.
 */
export const DEVICE_EXPORT = {
  tableColumns: DeviceTableColumn.options,
  columns: [
    { field: 'name', column: 'name' },
    { field: 'type', column: 'name' },
    { field: 'model', column: 'name' },
    { field: 'serialNumber', column: 'name' },
    { field: 'os', column: 'osVersion' },
    { field: 'osVersion', column: 'osVersion' },
    { field: 'assignmentType', column: 'assignedTo' },
    { field: 'assignedTo', column: 'assignedTo' },
    { field: 'location', column: 'location' },
    { field: 'isEncrypted', column: 'security' },
    { field: 'isProtected', column: 'security' },
    { field: 'enrollmentState', column: 'enrollmentState' },
    { field: 'mdmProvider', column: 'mdmProvider' },
    { field: 'mdmStatus', column: 'mdmStatus' },
    { field: 'status', column: 'status' },
    { field: 'lastSeenAt', column: 'lastSeenAt', cell: 'datetime' },
    { field: 'uuid', column: null },
  ],
} as const satisfies ExportSchema<string, DeviceTableColumn>;
export type DeviceExportField = (typeof DEVICE_EXPORT.columns)[number]['field'];

/** Specification values (CPU, memory, storage …) as key → value. */
export const DeviceSpecification = z.record(z.string().max(100), z.string().max(500));
export type DeviceSpecification = z.infer<typeof DeviceSpecification>;

/** `GET /api/devices/:uuid` (and the answer of create, update and assignment). */
export const DeviceDetail = Device.extend({
  assignedTo: DeviceAssignee.nullable(),
  specification: DeviceSpecification,
  securityProvider: SecurityAddOnProvider.nullable(),
  /** What the device last reported through its MDM (locked, unlocked, wiped); null before any report. */
  mdmStatus: DeviceMdmStatus.nullable(),
  /** Since when the device's MDM no longer lists it (the inventory sync, decision 025); null while it does. */
  mdmMissingSince: IsoDateTime.nullable(),
  /** The hardware order it came from (issue 31): its page shows where that order stands; null otherwise. */
  orderUuid: Uuid.nullable(),
});
export type DeviceDetail = z.infer<typeof DeviceDetail>;

const DeviceName = z.string().trim().min(1).max(200);
const OptionalDeviceText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * `PUT /api/devices/:uuid/assignment`: to a person of the organisation (`ASSIGNED` with
 * `employeeUuid`), shared, or unassigned.
 */
export const AssignDeviceRequest = z.discriminatedUnion('assignmentType', [
  z.object({ assignmentType: z.literal('ASSIGNED'), employeeUuid: Uuid }),
  z.object({ assignmentType: z.literal('SHARED') }),
  z.object({ assignmentType: z.literal('UNASSIGNED') }),
]);
export type AssignDeviceRequest = z.infer<typeof AssignDeviceRequest>;

/** `POST /api/devices`: a device added by hand; optionally assigned at once. */
export const CreateDeviceRequest = z.object({
  name: DeviceName,
  serialNumber: OptionalDeviceText(100),
  type: DeviceType,
  os: DeviceOs,
  osVersion: OptionalDeviceText(50),
  model: OptionalDeviceText(200),
  manufacturer: OptionalDeviceText(200),
  status: DeviceStatus.default('new'),
  location: OptionalDeviceText(200),
  mdmProvider: MdmProvider.nullable().optional(),
  securityProvider: SecurityAddOnProvider.nullable().optional(),
  isEncrypted: z.boolean().default(false),
  isProtected: z.boolean().default(false),
  specification: DeviceSpecification.optional(),
  assignment: AssignDeviceRequest.optional(),
});
export type CreateDeviceRequest = z.infer<typeof CreateDeviceRequest>;

/** `PATCH /api/devices/:uuid`: the fields given change (assignment has its own route). */
export const UpdateDeviceRequest = z.object({
  name: DeviceName.optional(),
  serialNumber: OptionalDeviceText(100),
  type: DeviceType.optional(),
  os: DeviceOs.optional(),
  osVersion: OptionalDeviceText(50),
  model: OptionalDeviceText(200),
  manufacturer: OptionalDeviceText(200),
  status: DeviceStatus.optional(),
  location: OptionalDeviceText(200),
  mdmProvider: MdmProvider.nullable().optional(),
  securityProvider: SecurityAddOnProvider.nullable().optional(),
  isEncrypted: z.boolean().optional(),
  isProtected: z.boolean().optional(),
  specification: DeviceSpecification.optional(),
});
export type UpdateDeviceRequest = z.infer<typeof UpdateDeviceRequest>;

/** One entry of a device's history (the event log's entries about it), newest first. */
export const DeviceHistoryEvent = z.object({
  uuid: Uuid,
  type: EventType,
  at: IsoDateTime,
  actorUuid: Uuid.nullable(),
  /** The acting person's name, or null for the system (agent, MDM, jobs). */
  actorName: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type DeviceHistoryEvent = z.infer<typeof DeviceHistoryEvent>;
/** `GET /api/devices/:uuid/history` (behind it-3077-device-history in the web app). */
export const DeviceHistory = z.object({ items: z.array(DeviceHistoryEvent) });
export type DeviceHistory = z.infer<typeof DeviceHistory>;

/** True when a device return asks any device to be reset: then it needs a confirmation code (SPEC §5). */
export const returnResetsAny = (request: { devices: { triggerReset?: boolean | undefined }[] }): boolean =>
  request.devices.some((d) => d.triggerReset === true);

/**
 * `POST /api/devices/return`: the devices go back to stock, unassigned. If any device asks for a reset,
 * a code is required (SPEC §5): the one-time code `POST /api/devices/return-code` mailed to the caller.
 */
export const DeviceReturnRequest = z
  .object({
    devices: z
      .array(z.object({ deviceUuid: Uuid, triggerReset: z.boolean().optional() }))
      .min(1)
      .max(500),
    code: z.string().trim().min(1).max(50).optional(),
  })
  .refine((r) => !returnResetsAny(r) || Boolean(r.code), {
    message: 'code is required if any device has triggerReset: true',
    path: ['code'],
  });
export type DeviceReturnRequest = z.infer<typeof DeviceReturnRequest>;
/**
 * The answer of `POST /api/devices/return`: how many devices went back to stock, and to how many of them
 * a reset command went (a device already wiped needs none).
 */
export const DeviceReturnResult = z.object({
  returned: z.number().int().min(0),
  resetsSent: z.number().int().min(0),
});
export type DeviceReturnResult = z.infer<typeof DeviceReturnResult>;

/** What the enrolment flow keeps between its forms. */
export const EnrollmentStateData = z.object({
  email: z.string(),
  enrollmentFlow: EnrollmentFlow,
  tokenExpiryTime: z.number().nullable(),
  mfaLoginResponse: z
    .object({
      accessToken: z.string(),
      organizationName: z.string(),
      organizationIcon: z.string().nullable(),
      userFirstName: z.string(),
    })
    .nullable(),
});

/** The devices list filters as the client state (`devicesListFilters`) holds them. */
export const DeviceListFilters = z.object({
  textSearchQuery: z.string(),
  deviceTypes: z.array(DeviceType),
  assignmentTypes: z.array(AssignmentType),
  deviceStatuses: z.array(DeviceStatus),
  mdmStatuses: z.array(DeviceMdmStatus),
  showOnlyUnencrypted: z.boolean(),
  showOnlyUnprotected: z.boolean(),
});
export type DeviceListFilters = z.infer<typeof DeviceListFilters>;
