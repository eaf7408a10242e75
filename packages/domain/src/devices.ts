import { z } from 'zod';
import {
  IsoDateTime,
  pageOf,
  pagination,
  QueryBoolean,
  queryArray,
  SortingDirection,
  Uuid,
} from './common.ts';

export const DeviceType = z.enum(['PHONE', 'COMPUTER', 'TABLET']);
export type DeviceType = z.infer<typeof DeviceType>;
export const DeviceOs = z.enum(['WINDOWS', 'MACOS', 'IOS', 'UNKNOWN']);
export type DeviceOs = z.infer<typeof DeviceOs>;
export const AssignmentType = z.enum(['ASSIGNED', 'UNASSIGNED', 'SHARED']);
export type AssignmentType = z.infer<typeof AssignmentType>;
export const EnrollmentState = z.enum([
  'READY_TO_ENROLL',
  'PENDING_ENROLLMENT',
  'FAILED_ENROLLMENT',
  'ENROLLED',
]);
export type EnrollmentState = z.infer<typeof EnrollmentState>;
/** Device status (SPEC §4). */
export const DeviceStatus = z.enum([
  'active',
  'awaiting-registration',
  'in-stock',
  'ordered',
  'inactive',
  'new',
]);
export type DeviceStatus = z.infer<typeof DeviceStatus>;
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
export const DeviceListKey = z.enum(['osVersion', 'assignedTo', 'location', 'security', 'uuid']);
export const DEVICE_COLUMNS_STORAGE_KEY = 'equip:devices_columns';
export const DeviceDetailTab = z.enum(['overview', 'specification']);
export const DeviceDetailSection = z.enum(['assignment', 'specifications']);

export const MdmProvider = z.enum(['MANAGE_ENGINE', 'FLEET', 'JAMF']);
export const DeviceAction = z.enum([
  'restart',
  'shutdown',
  'enable_lost_mode',
  'lock',
  'unlock',
  'wipe',
  'reset',
]);
export const DeviceMdmStatus = z.enum(['locked', 'unlocked', 'wiped']);
export const SecurityAddOnProvider = z.enum(['withsecure', 'sentinelone']);
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

export const DeviceListQuery = z.object({
  textSearchQuery: z.string().trim().max(200).optional(),
  deviceTypes: queryArray(DeviceType),
  assignmentTypes: queryArray(AssignmentType),
  deviceStatuses: queryArray(DeviceStatus),
  showOnlyUnencrypted: QueryBoolean.optional(),
  showOnlyUnprotected: QueryBoolean.optional(),
  sortingKey: z.string().optional(),
  sortingDirection: SortingDirection.optional(),
  ...pagination(500),
});
export const DevicePage = pageOf(Device);

/** Device return: if any device asks for a reset, a code is required (SPEC §5). */
export const DeviceReturnRequest = z
  .object({
    devices: z.array(z.object({ deviceUuid: Uuid, triggerReset: z.boolean().optional() })).min(1),
    code: z.string().min(1).optional(),
  })
  .refine((r) => !r.devices.some((d) => d.triggerReset) || Boolean(r.code), {
    message: 'code is required if any device has triggerReset: true',
    path: ['code'],
  });

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
