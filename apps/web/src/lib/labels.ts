import type { DeviceOs, DeviceStatus, DeviceType, EnrollmentState } from '@equip/domain/devices';
import type { EmployeeStatus, MfaMethod, Role, UserSource, UserType } from '@equip/domain/identity';

/**
 * The words the web app shows for the domain's enums: one record per enum, imported from here only, so
 * a value reads the same on every screen. A later change turns these into message-catalogue keys.
 */

export const ROLE_LABELS: Record<Role, string> = {
  regular: 'Employee',
  'it-owner': 'IT owner',
  'equip-admin': 'Equip admin',
};

export const EMPLOYEE_STATUS_LABELS: Record<EmployeeStatus, string> = {
  ACTIVE: 'Active',
  ONBOARDING: 'Onboarding',
  OFFBOARDING: 'Offboarding',
  LEAVE: 'On leave',
  INACTIVE: 'Inactive',
};

export const USER_TYPE_LABELS: Record<UserType, string> = {
  regularUser: 'Regular user',
  lightUser: 'Light user',
  unmanagedUser: 'Unmanaged user',
};

export const USER_SOURCE_LABELS: Record<UserSource, string> = {
  hris: 'HR system',
  equip: 'Equip',
};

export const MFA_METHOD_LABELS: Record<MfaMethod, string> = {
  authenticator: 'Authenticator app',
  'email-code': 'Codes by email',
  'sms-code': 'Codes by text message',
};

export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  COMPUTER: 'Computer',
  PHONE: 'Phone',
  TABLET: 'Tablet',
};

export const DEVICE_OS_LABELS: Record<DeviceOs, string> = {
  MACOS: 'macOS',
  WINDOWS: 'Windows',
  IOS: 'iOS',
  UNKNOWN: 'Unknown OS',
};

export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  active: 'Active',
  'awaiting-registration': 'Awaiting registration',
  'in-stock': 'In stock',
  ordered: 'Ordered',
  inactive: 'Inactive',
  new: 'New',
};

export const ENROLLMENT_STATE_LABELS: Record<EnrollmentState, string> = {
  READY_TO_ENROLL: 'Ready to enrol',
  PENDING_ENROLLMENT: 'Enrolment pending',
  FAILED_ENROLLMENT: 'Enrolment failed',
  ENROLLED: 'Enrolled',
};

/** Whether a device's disk is encrypted. */
export function encryptionLabel(isEncrypted: boolean): string {
  return isEncrypted ? 'Encrypted' : 'Not encrypted';
}

/** Whether a device runs a security add-on. */
export function protectionLabel(isProtected: boolean): string {
  return isProtected ? 'Protected' : 'No protection';
}
