import type {
  AssignmentType,
  DeviceOs,
  DeviceStatus,
  DeviceType,
  EnrollmentState,
} from '@equip/domain/devices';
import type { EmployeeStatus, MfaMethod, Role, UserSource, UserType } from '@equip/domain/identity';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n/i18n';

/**
 * The words the web app shows for the domain's enums: one record per enum, imported from here only, so
 * a value reads the same on every screen. Each record reads its words from the message catalog when a
 * value is looked up (`ROLE_LABELS[role]` is the label in the current language), so read them while
 * rendering, not once at module level.
 */
function translated<K extends string>(
  descriptors: Record<K, MessageDescriptor>,
): Readonly<Record<K, string>> {
  const record = {} as Record<K, string>;
  for (const key of Object.keys(descriptors) as K[]) {
    Object.defineProperty(record, key, { enumerable: true, get: () => i18n._(descriptors[key]) });
  }
  return record;
}

export const ROLE_LABELS = translated<Role>({
  regular: msg`Employee`,
  'it-owner': msg`IT owner`,
  'equip-admin': msg`Equip admin`,
});

export const EMPLOYEE_STATUS_LABELS = translated<EmployeeStatus>({
  ACTIVE: msg`Active`,
  ONBOARDING: msg`Onboarding`,
  OFFBOARDING: msg`Offboarding`,
  LEAVE: msg`On leave`,
  INACTIVE: msg`Inactive`,
});

export const USER_TYPE_LABELS = translated<UserType>({
  regularUser: msg`Regular user`,
  lightUser: msg`Light user`,
  unmanagedUser: msg`Unmanaged user`,
});

export const USER_SOURCE_LABELS = translated<UserSource>({
  hris: msg`HR system`,
  equip: msg`Equip`,
});

export const MFA_METHOD_LABELS = translated<MfaMethod>({
  authenticator: msg`Authenticator app`,
  'email-code': msg`Codes by email`,
  'sms-code': msg`Codes by text message`,
});

export const DEVICE_TYPE_LABELS = translated<DeviceType>({
  COMPUTER: msg`Computer`,
  PHONE: msg`Phone`,
  TABLET: msg`Tablet`,
});

export const DEVICE_OS_LABELS = translated<DeviceOs>({
  MACOS: msg`macOS`,
  WINDOWS: msg`Windows`,
  IOS: msg`iOS`,
  UNKNOWN: msg`Unknown OS`,
});

export const DEVICE_STATUS_LABELS = translated<DeviceStatus>({
  active: msg`Active`,
  'awaiting-registration': msg`Awaiting registration`,
  'in-stock': msg`In stock`,
  ordered: msg`Ordered`,
  inactive: msg`Inactive`,
  new: msg`New`,
});

export const ENROLLMENT_STATE_LABELS = translated<EnrollmentState>({
  READY_TO_ENROLL: msg`Ready to enrol`,
  PENDING_ENROLLMENT: msg`Enrolment pending`,
  FAILED_ENROLLMENT: msg`Enrolment failed`,
  ENROLLED: msg`Enrolled`,
});

/** Who has a device: a person, everyone (shared), or nobody (in stock). */
export const ASSIGNMENT_TYPE_LABELS = translated<AssignmentType>({
  ASSIGNED: msg`Assigned`,
  SHARED: msg`Shared`,
  UNASSIGNED: msg`In stock`,
});

/** Whether a device's disk is encrypted. */
export function encryptionLabel(isEncrypted: boolean): string {
  return isEncrypted ? i18n._(msg`Encrypted`) : i18n._(msg`Not encrypted`);
}

/** Whether a device runs a security add-on. */
export function protectionLabel(isProtected: boolean): string {
  return isProtected ? i18n._(msg`Protected`) : i18n._(msg`No protection`);
}
