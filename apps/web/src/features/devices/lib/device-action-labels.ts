import type {
  ActionUnavailableReason,
  DeviceAction,
  DeviceCommandState,
  DeviceMdmStatus,
} from '@equip/domain/mdm';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The MDM actions as the menus name them (read with `i18n._` while rendering). */
export const DEVICE_ACTION_LABELS: Record<DeviceAction, MessageDescriptor> = {
  restart: msg`Restart`,
  shutdown: msg`Shut down`,
  enable_lost_mode: msg`Enable lost mode`,
  lock: msg`Lock`,
  unlock: msg`Unlock`,
  wipe: msg`Wipe`,
  reset: msg`Reset`,
};

/** What each action does, for its confirmation. */
export const DEVICE_ACTION_DESCRIPTIONS: Record<DeviceAction, MessageDescriptor> = {
  restart: msg`The device restarts. Unsaved work on it may be lost.`,
  shutdown: msg`The device shuts down and stays off until someone turns it on.`,
  enable_lost_mode: msg`The device is locked and shows that it is lost. Only an unlock brings it back.`,
  lock: msg`The device is locked at once. To use it again, send Unlock from here: for a Mac, Equip then shows the PIN to type on it.`,
  unlock: msg`The device is unlocked and can be used again.`,
  wipe: msg`Everything on the device is erased. This cannot be undone.`,
  reset: msg`The device is erased and returned to its first-setup state, ready for its next user. This cannot be undone.`,
};

/** The MDM status a device reported. */
export const DEVICE_MDM_STATUS_LABELS: Record<DeviceMdmStatus, MessageDescriptor> = {
  locked: msg`Locked`,
  unlocked: msg`Unlocked`,
  wiped: msg`Wiped`,
};

/** Where a command stands. */
export const COMMAND_STATE_LABELS: Record<DeviceCommandState, MessageDescriptor> = {
  queued: msg`Queued`,
  sent: msg`Sent, waiting for the device`,
  completed: msg`Confirmed by the device`,
  failed: msg`Failed`,
};

/** Why an action is not available for a device (shown on the disabled menu entry). */
export const ACTION_UNAVAILABLE_LABELS: Record<ActionUnavailableReason, MessageDescriptor> = {
  not_managed: msg`The device is not managed by an MDM provider.`,
  not_enrolled: msg`The device is not enrolled yet.`,
  flag_off: msg`Resetting devices is not enabled.`,
  unsupported_os: msg`Not available for this operating system.`,
  unsupported_by_provider: msg`The device's MDM provider does not offer this.`,
  already_locked: msg`The device is already locked.`,
  not_locked: msg`The device is not locked.`,
  wiped: msg`The device has been wiped.`,
};
