import type { DeviceOs, DeviceStatus, DeviceType, EnrollmentState } from '@equip/domain/devices';
import type { EmployeeStatus, Role, UserSource, UserType } from '@equip/domain/identity';
import type { BadgeTone } from '@/ui/badge';

export const EMPLOYEE_STATUS_LABELS: Record<EmployeeStatus, { label: string; tone: BadgeTone }> = {
  ACTIVE: { label: 'Active', tone: 'green' },
  ONBOARDING: { label: 'Onboarding', tone: 'sky' },
  OFFBOARDING: { label: 'Offboarding', tone: 'amber' },
  LEAVE: { label: 'On leave', tone: 'violet' },
  INACTIVE: { label: 'Inactive', tone: 'neutral' },
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

export const ROLE_LABELS: Record<Role, string> = {
  regular: 'Employee',
  'it-owner': 'IT owner',
  'equip-admin': 'Equip admin',
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

export const DEVICE_STATUS_LABELS: Record<DeviceStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'green' },
  'awaiting-registration': { label: 'Awaiting registration', tone: 'amber' },
  'in-stock': { label: 'In stock', tone: 'neutral' },
  ordered: { label: 'Ordered', tone: 'sky' },
  inactive: { label: 'Inactive', tone: 'neutral' },
  new: { label: 'New', tone: 'indigo' },
};

export const ENROLLMENT_LABELS: Record<EnrollmentState, string> = {
  READY_TO_ENROLL: 'Ready to enrol',
  PENDING_ENROLLMENT: 'Enrolment pending',
  FAILED_ENROLLMENT: 'Enrolment failed',
  ENROLLED: 'Enrolled',
};

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const numberFormat = new Intl.NumberFormat('en');

/** `2026-03-01` (or a date-time) → `1 Mar 2026`; empty for null. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "1 person" / "2 people". */
export function people(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'person' : 'people'}`;
}

/** "1 employee" / "2 employees". */
export function employeesCount(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'employee' : 'employees'}`;
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

export function initials(person: { firstName: string; lastName: string }): string {
  return `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase();
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
