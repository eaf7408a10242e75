import {
  AUDIT_VALUE_SETS,
  type AuditDataField,
  type AuditValueSet,
  type Channel,
  type CommandState,
  isAuditDataField,
  isShownDataField,
  type SignInMethod,
} from '@equip/domain/audit-log';
import type { DeviceAction, MdmProvider } from '@equip/domain/devices';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ASSIGNMENT_TYPE_LABELS,
  DEVICE_OS_LABELS,
  DEVICE_STATUS_LABELS,
  DEVICE_TYPE_LABELS,
  ENROLLMENT_STATE_LABELS,
} from '@/features/devices/public';
import { EMPLOYEE_STATUS_LABELS, USER_SOURCE_LABELS, USER_TYPE_LABELS } from '@/features/employees/public';
import { formatDate, formatDateTime, formatFileSize, formatNumber } from '@/lib/format';
import { i18n } from '@/lib/i18n/i18n';
import { PERSON_FIELD_MESSAGES } from '@/lib/person-field-labels';
import { ROLE_LABELS } from '@/lib/role-labels';

/**
 * What the fields of events' data are called, and how their values read (issue 25, item 17): every
 * field of the domain's vocabulary (`AUDIT_DATA_FIELDS`, which the server's export names too) has a
 * name here, and enumerations, dates and sizes are written in the reader's language instead of as
 * stored. `event-data.test.ts` holds the vocabulary to the fields the API logs.
 */
export const DATA_FIELD_LABELS: Readonly<Record<AuditDataField, MessageDescriptor>> = {
  // People
  name: msg`Name`,
  ...PERSON_FIELD_MESSAGES,
  employeeStatus: msg`Status`,
  userType: msg`User type`,
  role: msg`Role`,
  source: msg`Source`,
  license: msg`License`,
  employeeName: msg`Employee`,
  externalId: msg`ID in the HR system`,
  // Sign-in and imports
  ip: msg`IP address`,
  method: msg`Method`,
  via: msg`Through`,
  automatic: msg`Sent automatically`,
  count: msg`Number`,
  fileName: msg`File name`,
  // Devices
  type: msg`Type`,
  os: msg`Operating system`,
  osVersion: msg`OS version`,
  model: msg`Model`,
  manufacturer: msg`Manufacturer`,
  serialNumber: msg`Serial number`,
  location: msg`Location`,
  status: msg`Status`,
  previousStatus: msg`Status before`,
  assignmentType: msg`Assignment`,
  enrollmentState: msg`Enrolment`,
  flow: msg`Enrolment flow`,
  lost: msg`Turned off`,
  action: msg`Action`,
  state: msg`Result`,
  triggerReset: msg`Reset requested`,
  resetQueued: msg`Reset sent`,
  reason: msg`Reason`,
  device: msg`Device`,
  devices: msg`Devices`,
  threat: msg`Threat`,
  application: msg`Application`,
  fromVersion: msg`Version before`,
  toVersion: msg`Version after`,
  mdmMissingSince: msg`Not in the MDM since`,
  // MDM servers
  provider: msg`Provider`,
  baseUrl: msg`Server address`,
  tokenHint: msg`API token`,
  error: msg`Problem`,
  previousError: msg`Problem before`,
  // Organisation
  organization: msg`Organisation`,
  kind: msg`Kind`,
  expiresAt: msg`Valid until`,
  timeZone: msg`Time zone`,
  country: msg`Country`,
  workingDays: msg`Working days`,
  setup: msg`Organisation setup`,
  sso: msg`Single sign-on`,
  issuer: msg`Issuer`,
  clientId: msg`Client ID`,
  // Webhooks
  url: msg`URL`,
  description: msg`Description`,
  eventTypes: msg`Event types`,
  enabled: msg`Enabled`,
  // Bundles
  added: msg`Added`,
  removed: msg`Removed`,
  changed: msg`Changed`,
  previousBundleName: msg`Previous bundle`,
  mode: msg`Default management mode`,
  // Peripheral assets
  baseKind: msg`Built on`,
  vendor: msg`Vendor`,
  modelNumber: msg`Model number`,
  items: msg`Items`,
  // Orders
  from: msg`Status before`,
  to: msg`Status after`,
  recipientName: msg`Recipient`,
  trackingNumber: msg`Tracking number`,
  shipmentState: msg`Shipment`,
  // Workspaces
  domain: msg`Domain`,
  // Hardware requests and bundle installs
  requesterName: msg`Requested by`,
  applicationName: msg`Application`,
};

const SIGN_IN_METHODS: Readonly<Record<SignInMethod, MessageDescriptor>> = {
  password: msg`Password`,
  sso: msg`Single sign-on`,
  authenticator: msg`Authenticator app`,
  invitation: msg`Invitation link`,
  setup: msg`Set-up link`,
  'act-as': msg`Acting for the organisation`,
  reset: msg`Password reset link`,
};

const CHANNELS: Readonly<Record<Channel, MessageDescriptor>> = {
  manual: msg`Added by hand`,
  'csv-import': msg`Spreadsheet import`,
  enrollment: msg`Enrolment`,
  agent: msg`Companion agent`,
  invitation: msg`Invitation link`,
  reset: msg`Password reset link`,
  setup: msg`Set-up link`,
  sandbox: msg`Sandbox`,
  fleet: msg`Fleet`,
  jamf: msg`Jamf Pro`,
  'manage-engine': msg`ManageEngine`,
};

const MDM_PROVIDERS: Readonly<Record<MdmProvider, string>> = {
  FLEET: 'Fleet',
  JAMF: 'Jamf Pro',
  MANAGE_ENGINE: 'ManageEngine',
};

const DEVICE_ACTIONS: Readonly<Record<(typeof DeviceAction.options)[number], MessageDescriptor>> = {
  restart: msg`Restart`,
  shutdown: msg`Shut down`,
  enable_lost_mode: msg`Lost mode`,
  lock: msg`Lock`,
  unlock: msg`Unlock`,
  wipe: msg`Wipe`,
  reset: msg`Reset`,
};

const COMMAND_STATES: Readonly<Record<CommandState, MessageDescriptor>> = {
  completed: msg`Completed`,
  failed: msg`Failed`,
};

/**
 * The words of each set of values the vocabulary names (`AUDIT_VALUE_SETS`). The shared labels
 * (`lib/labels.ts`) read the catalog when a value is looked up, so they are kept as they are, not copied.
 */
const VALUE_SET_WORDS: Readonly<Record<AuditValueSet, Readonly<Record<string, MessageDescriptor | string>>>> =
  {
    signInMethod: SIGN_IN_METHODS,
    channel: CHANNELS,
    mdmProvider: MDM_PROVIDERS,
    deviceAction: DEVICE_ACTIONS,
    commandState: COMMAND_STATES,
    deviceStatus: DEVICE_STATUS_LABELS,
    employeeStatus: EMPLOYEE_STATUS_LABELS,
    deviceOs: DEVICE_OS_LABELS,
    deviceType: DEVICE_TYPE_LABELS,
    assignmentType: ASSIGNMENT_TYPE_LABELS,
    enrollmentState: ENROLLMENT_STATE_LABELS,
    role: ROLE_LABELS,
    userSource: USER_SOURCE_LABELS,
    userType: USER_TYPE_LABELS,
  };

function valueWord(key: string, value: string): MessageDescriptor | string | undefined {
  const sets: readonly AuditValueSet[] = AUDIT_VALUE_SETS[key as keyof typeof AUDIT_VALUE_SETS] ?? [];
  for (const set of sets) {
    const words = VALUE_SET_WORDS[set];
    if (value in words) return words[value];
  }
  return undefined;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Whether a field of an event's data is shown among its details. */
export const isShownField = isShownDataField;

/** The field's name in the reader's language; null for a field Equip has no name for. */
export function fieldLabel(key: string): string | null {
  return isAuditDataField(key) ? i18n._(DATA_FIELD_LABELS[key]) : null;
}

/**
 * A stored value as the reader reads it: a known value in words, dates and numbers in their format,
 * sizes in bytes as sizes; null for what is not a single value (a list, a record).
 */
export function valueText(key: string, value: unknown): string | null {
  if (typeof value === 'number') return /Bytes$/.test(key) ? formatFileSize(value) : formatNumber(value);
  if (typeof value === 'boolean') return value ? i18n._(msg`Yes`) : i18n._(msg`No`);
  if (typeof value !== 'string') return null;
  const word = valueWord(key, value);
  if (word !== undefined) return typeof word === 'string' ? word : i18n._(word);
  if (CALENDAR_DATE.test(value)) return formatDate(value);
  if (INSTANT.test(value)) return formatDateTime(value);
  return value;
}
