import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';
import type { DeviceOs, EnrollmentState } from './devices.ts';
import * as devices from './devices.ts';

/**
 * MDM actions (SPEC §3 "Devices", issue 11 item 3): what an administrator may send to a device through
 * its MDM provider (FLEET, JAMF, MANAGE_ENGINE), the confirmation destructive ones need, and the state
 * of a sent command until the device reports. The enums themselves live in devices.ts.
 */
export const DeviceAction = devices.DeviceAction;
export type DeviceAction = z.infer<typeof DeviceAction>;
export const DeviceMdmStatus = devices.DeviceMdmStatus;
export type DeviceMdmStatus = z.infer<typeof DeviceMdmStatus>;
export const MdmProvider = devices.MdmProvider;
export type MdmProvider = z.infer<typeof MdmProvider>;

/** The flag that enables `reset` (SPEC §9). */
export const DEVICE_RESET_FLAG = 'it-3148-device-reset';

/** A command's life: queued (accepted, not yet at the provider), sent (the device has not reported), done. */
export const DeviceCommandState = z.enum(['queued', 'sent', 'completed', 'failed']);
export type DeviceCommandState = z.infer<typeof DeviceCommandState>;

/** States in which a command is still under way (the web app keeps polling while one is). */
export const OPEN_COMMAND_STATES: readonly DeviceCommandState[] = ['queued', 'sent'];
export const isCommandOpen = (state: DeviceCommandState): boolean => OPEN_COMMAND_STATES.includes(state);

/** How far a command has come, in percent: queued 10, sent 50, completed or failed 100. */
export function commandProgress(state: DeviceCommandState): number {
  return { queued: 10, sent: 50, completed: 100, failed: 100 }[state];
}

/** The MDM status a device reports once an action has taken effect (null: the action leaves it as is). */
export function reportedStatusOf(action: DeviceAction): DeviceMdmStatus | null {
  switch (action) {
    case 'lock':
    case 'enable_lost_mode':
      return 'locked';
    case 'unlock':
      return 'unlocked';
    case 'wipe':
    case 'reset':
      return 'wiped';
    default:
      return null;
  }
}

/** Actions that erase the device: the administrator types the device's name to confirm them. */
export const NAME_CONFIRMED_ACTIONS: readonly DeviceAction[] = ['wipe', 'reset'];
/** Actions that interrupt the person using the device: a plain confirmation (yes / cancel) in the UI. */
export const CONFIRMED_ACTIONS: readonly DeviceAction[] = [
  'restart',
  'shutdown',
  'enable_lost_mode',
  'lock',
  'wipe',
  'reset',
];
export const needsNameConfirmation = (action: DeviceAction): boolean =>
  NAME_CONFIRMED_ACTIONS.includes(action);

export const CONFIRMATION_REQUIRED = 'Type the device name to confirm this action';
export const CONFIRMATION_MISMATCH = 'The confirmation does not match the device name';

/**
 * Checks the typed confirmation of an action for a device: null when it is fine, else the message. The
 * name must be typed exactly (surrounding spaces aside); actions that do not erase need none.
 */
export function confirmationProblem(
  action: DeviceAction,
  deviceName: string,
  confirmation: string | undefined,
): string | null {
  if (!needsNameConfirmation(action)) return null;
  if (confirmation === undefined || confirmation.trim() === '') return CONFIRMATION_REQUIRED;
  return confirmation.trim() === deviceName.trim() ? null : CONFIRMATION_MISMATCH;
}

/**
 * What each provider can do. Fleet's documented REST API has lock, unlock and wipe (reset erases through
 * wipe); restart, shutdown and lost mode are raw Apple MDM commands there, not offered. Jamf Pro and
 * ManageEngine MDM send all seven as MDM commands.
 */
export const PROVIDER_ACTIONS: Record<MdmProvider, readonly DeviceAction[]> = {
  FLEET: ['lock', 'unlock', 'wipe', 'reset', 'restart', 'shutdown', 'enable_lost_mode'],
  JAMF: DeviceAction.options,
  MANAGE_ENGINE: DeviceAction.options,
};

/** Operating systems each action exists on. Lost mode is Apple's, for iPhones and iPads. */
const ACTION_OS: Record<DeviceAction, readonly DeviceOs[]> = {
  restart: ['MACOS', 'WINDOWS', 'IOS'],
  shutdown: ['MACOS', 'WINDOWS', 'IOS'],
  enable_lost_mode: ['IOS'],
  lock: ['MACOS', 'WINDOWS', 'IOS'],
  unlock: ['MACOS', 'WINDOWS', 'IOS'],
  wipe: ['MACOS', 'WINDOWS', 'IOS'],
  reset: ['MACOS', 'WINDOWS', 'IOS'],
};

/**
 * Actions a provider sends to some systems only: Fleet sends restart, shut down and lost mode as raw
 * Apple MDM commands (`POST /api/v1/fleet/commands/run`), so to Apple devices alone.
 */
const PROVIDER_ACTION_OS: Partial<Record<MdmProvider, Partial<Record<DeviceAction, readonly DeviceOs[]>>>> = {
  FLEET: { restart: ['MACOS', 'IOS'], shutdown: ['MACOS', 'IOS'], enable_lost_mode: ['IOS'] },
};

/** Whether `provider` offers `action` on a device with `os`. */
export function providerOffers(provider: MdmProvider, action: DeviceAction, os: DeviceOs): boolean {
  if (!PROVIDER_ACTIONS[provider].includes(action)) return false;
  const systems = PROVIDER_ACTION_OS[provider]?.[action];
  return systems === undefined || systems.includes(os);
}

/** Why an action cannot be sent to a device. */
export const ActionUnavailableReason = z.enum([
  'not_managed',
  'not_enrolled',
  'flag_off',
  'unsupported_os',
  'unsupported_by_provider',
  'already_locked',
  'not_locked',
  'wiped',
]);
export type ActionUnavailableReason = z.infer<typeof ActionUnavailableReason>;

/** What the rule needs to know of a device. */
export interface ActionTarget {
  os: DeviceOs;
  mdmProvider: MdmProvider | null;
  enrollmentState: EnrollmentState;
  mdmStatus: DeviceMdmStatus | null;
}

/**
 * Whether an action makes sense for a device now: null when it does, else the reason. The API refuses
 * what this refuses; the web app disables the menu entry and shows the reason.
 */
export function actionUnavailable(
  action: DeviceAction,
  device: ActionTarget,
  options: { resetEnabled: boolean },
): ActionUnavailableReason | null {
  if (action === 'reset' && !options.resetEnabled) return 'flag_off';
  if (!device.mdmProvider) return 'not_managed';
  // A wiped device is back at its setup screen (and no longer enrolled): only enrolling it again brings
  // it back under management.
  if (device.mdmStatus === 'wiped') return 'wiped';
  if (device.enrollmentState !== 'ENROLLED') return 'not_enrolled';
  if (!ACTION_OS[action].includes(device.os)) return 'unsupported_os';
  if (!providerOffers(device.mdmProvider, action, device.os)) return 'unsupported_by_provider';
  if (action === 'lock' && device.mdmStatus === 'locked') return 'already_locked';
  if (action === 'unlock' && device.mdmStatus !== 'locked') return 'not_locked';
  return null;
}

/** The English message of a reason (the API's error payload; the web app has its own translated texts). */
export const ACTION_UNAVAILABLE_MESSAGES: Record<ActionUnavailableReason, string> = {
  not_managed: 'The device is not managed by an MDM provider',
  not_enrolled: 'The device is not enrolled',
  flag_off: 'Resetting devices is not enabled',
  unsupported_os: "The action is not available for the device's operating system",
  unsupported_by_provider: "The device's MDM provider does not offer this action",
  already_locked: 'The device is already locked',
  not_locked: 'The device is not locked',
  wiped: 'The device has been wiped',
};

/** At most this many devices in one bulk action (one command each). */
export const MAX_BULK_DEVICES = 500;

/** `POST /api/devices/:deviceUuid/actions`. */
export const DeviceActionRequest = z.object({
  action: DeviceAction,
  /** The device's name, typed by the administrator, for wipe and reset. */
  confirmation: z.string().max(200).optional(),
});
export type DeviceActionRequest = z.infer<typeof DeviceActionRequest>;

/**
 * `POST /api/devices/actions`: the same action for a selection of devices. Wipe and reset are not sent
 * in bulk: each needs its own device's name typed.
 */
export const BulkDeviceActionRequest = z.object({
  action: DeviceAction.exclude(['wipe', 'reset'], {
    error: 'wipe and reset are confirmed per device and cannot be sent in bulk',
  }),
  deviceUuids: z.array(Uuid).min(1).max(MAX_BULK_DEVICES),
});
export type BulkDeviceActionRequest = z.infer<typeof BulkDeviceActionRequest>;

export const DeviceActionParams = z.object({ deviceUuid: Uuid });

/** One command sent (or to be sent) to a device. */
export const DeviceCommand = z.object({
  uuid: Uuid,
  deviceUuid: Uuid,
  action: DeviceAction,
  state: DeviceCommandState,
  /** 0–100, from the state (`commandProgress`). */
  progress: z.number().int().min(0).max(100),
  provider: MdmProvider,
  requestedByUuid: Uuid.nullable(),
  requestedByName: z.string().nullable(),
  /**
   * Why it failed, in the provider's words where it gave them; while it is still open, why the last try
   * failed (it is tried again at `nextAttemptAt`).
   */
  error: z.string().nullable(),
  /** While a try failed and another is planned: when it comes. Null otherwise. */
  nextAttemptAt: IsoDateTime.nullable(),
  /** For an unlock: the PIN to type on the device, where the provider hands one out (Fleet, macOS). */
  unlockPin: z.string().nullable(),
  createdAt: IsoDateTime,
  sentAt: IsoDateTime.nullable(),
  completedAt: IsoDateTime.nullable(),
});
export type DeviceCommand = z.infer<typeof DeviceCommand>;

/** `GET /api/devices/:deviceUuid/actions`: the device's MDM status and its recent commands, newest first. */
/**
 * How the device's actions reach it: through the organisation's connected MDM server, through the MDM
 * sandbox (the demo and trials: the device's answers are simulated, nothing is sent), or not at all (no
 * MDM, or its server is not connected and the installation has no sandbox).
 */
export const MdmReach = z.enum(['server', 'sandbox']);
export type MdmReach = z.infer<typeof MdmReach>;

export const DeviceCommands = z.object({
  mdmStatus: DeviceMdmStatus.nullable(),
  reachedThrough: MdmReach.nullable(),
  items: z.array(DeviceCommand),
});
export type DeviceCommands = z.infer<typeof DeviceCommands>;

/**
 * The answer of `POST /api/devices/actions`: the commands queued, one per device, and the devices the
 * action does not apply to (a selection mixes phones and laptops), with the reason.
 */
export const BulkDeviceActionResult = z.object({
  items: z.array(DeviceCommand),
  skipped: z.array(z.object({ deviceUuid: Uuid, reason: ActionUnavailableReason })),
});
export type BulkDeviceActionResult = z.infer<typeof BulkDeviceActionResult>;

/** How many recent commands `GET …/actions` returns. */
export const RECENT_COMMANDS = 20;
