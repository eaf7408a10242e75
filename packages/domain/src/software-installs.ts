import { z } from 'zod';
import type { Application } from './bundles.ts';
import { IsoDateTime, Uuid } from './common.ts';
import type { DeviceOs, EnrollmentState } from './devices.ts';
import { DeviceCommandState, type DeviceMdmStatus, type MdmProvider } from './mdm.ts';

/**
 * Installing and uninstalling an application of the catalog on a device (issue 27, item 5; decision
 * 030): a device command like a lock (queued, sent, completed, failed; decision 012) that names the
 * application, carried out by the device's MDM (Fleet's software install, Jamf Pro's VPP app scope,
 * ManageEngine's app distribution) and confirmed when the next inventory shows the application there
 * (an install) or gone (an uninstall).
 */

export const SoftwareAction = z.enum(['install_software', 'uninstall_software']);
export type SoftwareAction = z.infer<typeof SoftwareAction>;

/** What the catalog knows of an application that an MDM needs to find it (bundles.ts, `applications`). */
export type InstallableApplication = Pick<
  Application,
  | 'uuid'
  | 'name'
  | 'macApplicationId'
  | 'windowsApplicationId'
  | 'iosApplicationId'
  | 'ipadApplicationId'
  | 'macAppStoreId'
>;

/** The catalog's id of the application on a device's system (null: the catalog has none for it). */
export function applicationIdFor(app: InstallableApplication, os: DeviceOs): string | null {
  switch (os) {
    case 'MACOS':
      return app.macApplicationId ?? app.macAppStoreId;
    case 'WINDOWS':
      return app.windowsApplicationId;
    case 'IOS':
      return app.iosApplicationId ?? app.ipadApplicationId;
    default:
      return null;
  }
}

/** Why an install or uninstall cannot be sent to a device. */
export const SoftwareUnavailableReason = z.enum(['not_managed', 'not_enrolled', 'wiped', 'unsupported_os']);
export type SoftwareUnavailableReason = z.infer<typeof SoftwareUnavailableReason>;

export const SOFTWARE_UNAVAILABLE_MESSAGES: Record<SoftwareUnavailableReason, string> = {
  not_managed: 'The device is not managed through an MDM',
  not_enrolled: 'The device is not enrolled in its MDM',
  wiped: 'The device has been wiped; enrol it again first',
  unsupported_os: 'The application is not available for the device’s operating system',
};

/** What the rule needs to know of a device. */
export interface SoftwareTarget {
  os: DeviceOs;
  mdmProvider: MdmProvider | null;
  enrollmentState: EnrollmentState;
  mdmStatus: DeviceMdmStatus | null;
}

/**
 * Whether an application can be installed on (or uninstalled from) a device now: null when it can, else
 * the reason. The API refuses what this refuses (409 at `applicationUuid`).
 */
export function softwareUnavailable(
  device: SoftwareTarget,
  app: InstallableApplication,
): SoftwareUnavailableReason | null {
  if (!device.mdmProvider) return 'not_managed';
  if (device.mdmStatus === 'wiped') return 'wiped';
  if (device.enrollmentState !== 'ENROLLED') return 'not_enrolled';
  if (!applicationIdFor(app, device.os)) return 'unsupported_os';
  return null;
}

/** `POST /api/devices/:deviceUuid/software/install` and `/uninstall`. */
export const SoftwareCommandRequest = z.object({ applicationUuid: Uuid }).strict();
export type SoftwareCommandRequest = z.infer<typeof SoftwareCommandRequest>;

/**
 * An install's or uninstall's command: its life as a device command (decision 012) and, once the next
 * inventory shows the application there (or gone), when that was (`confirmedAt`).
 */
export const SoftwareCommand = z.object({
  uuid: Uuid,
  deviceUuid: Uuid,
  action: SoftwareAction,
  application: z.object({ uuid: Uuid, name: z.string() }),
  state: DeviceCommandState,
  /** Why it failed (the provider's words where it gave them); while it is retried, the last try's error. */
  error: z.string().nullable(),
  nextAttemptAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  sentAt: IsoDateTime.nullable(),
  completedAt: IsoDateTime.nullable(),
  /** When an inventory first showed the application installed (or gone, for an uninstall). */
  confirmedAt: IsoDateTime.nullable(),
});
export type SoftwareCommand = z.infer<typeof SoftwareCommand>;

export const SoftwareCommands = z.object({ items: z.array(SoftwareCommand) });
export type SoftwareCommands = z.infer<typeof SoftwareCommands>;

/** An application's install status for a person (what bundles read): from its newest command. */
export const InstallStatus = z.enum(['pending', 'installed', 'failed']);
export type InstallStatus = z.infer<typeof InstallStatus>;

/**
 * The install status an install command stands for: failed (with its reason) when it failed, installed
 * once an inventory confirmed it, else pending (queued, sent, or done at the MDM but not yet seen).
 */
export function installStatusOf(command: {
  state: DeviceCommandState;
  confirmedAt: Date | string | null;
}): InstallStatus {
  if (command.state === 'failed') return 'failed';
  return command.confirmedAt ? 'installed' : 'pending';
}
