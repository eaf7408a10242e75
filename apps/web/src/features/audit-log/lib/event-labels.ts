import type { EventType } from '@equip/domain/notifications';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Each event type in words, for the audit log's table, filter and drawer. */
export const EVENT_TYPE_LABELS: Record<EventType, MessageDescriptor> = {
  USER_ADDED: msg`Employee added`,
  USER_UPDATED: msg`Employee changed`,
  USER_DELETED: msg`Employee removed`,
  USER_INVITED: msg`Employee invited`,
  USERS_IMPORTED: msg`Employees imported`,
  DEVICE_ADDED: msg`Device added`,
  DEVICE_UPDATED: msg`Device changed`,
  DEVICE_ASSIGNED: msg`Device assigned`,
  DEVICE_UNASSIGNED: msg`Device unassigned`,
  DEVICE_STATUS_CHANGED: msg`Device status changed`,
  DEVICE_ENROLLED: msg`Device enrolled`,
  DEVICE_ACTION_SENT: msg`Device action sent`,
  DEVICE_ACTION_COMPLETED: msg`Device action completed`,
  DEVICE_RETURNED: msg`Device returned`,
  SOFTWARE_PATCHED: msg`Software patched`,
  SECURITY_ALERT: msg`Security alert`,
  DEVICE_REGISTRATION_REMINDER_SENT: msg`Registration reminder sent`,
  LOGIN: msg`Signed in`,
  LOGIN_FAILED: msg`Sign-in failed`,
  PASSWORD_CHANGED: msg`Password changed`,
  MFA_ENROLLED: msg`Second factor set up`,
  MFA_DISABLED: msg`Second factor turned off`,
  REFRESH_TOKEN_REUSED: msg`Session token reused`,
  ORGANIZATION_UPDATED: msg`Organisation changed`,
  PROVIDER_ADMIN_ADDED: msg`Provider admin added`,
  PROVIDER_ADMIN_DISABLED: msg`Provider admin disabled`,
  MDM_CONNECTION_ADDED: msg`MDM server connected`,
  MDM_CONNECTION_CHANGED: msg`MDM server connection changed`,
  MDM_CONNECTION_REMOVED: msg`MDM server disconnected`,
  MDM_CONNECTION_FAILED: msg`MDM server connection failing`,
  MDM_CONNECTION_RESTORED: msg`MDM server connection working again`,
};

/** Names of the fields events' data commonly hold; others show as written. */
export const DATA_FIELD_LABELS: Partial<Record<string, MessageDescriptor>> = {
  name: msg`Name`,
  email: msg`Email`,
  count: msg`Number`,
  fileName: msg`File name`,
  via: msg`Source`,
  type: msg`Type`,
  os: msg`Operating system`,
  status: msg`Status`,
  action: msg`Action`,
  reason: msg`Reason`,
  lost: msg`Turned off`,
  provider: msg`MDM provider`,
  baseUrl: msg`Server address`,
  error: msg`Problem`,
  previousError: msg`Problem before`,
};
