import type {
  AssignmentType,
  DeviceOs,
  DeviceStatus,
  DeviceType,
  EnrollmentState,
} from '@equip/domain/devices';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n/i18n';
import { translated } from '@/lib/i18n/translated';

/**
 * The words of a device's enums, the same on every screen (other areas read them through
 * `features/devices/public.ts`).
 */
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
