import type { ReportedSoftware } from '@equip/domain/device-software';
import type { DeviceOs, DeviceType, EnrollmentState } from '@equip/domain/devices';
import type { DeviceAction, DeviceMdmStatus, MdmProvider } from '@equip/domain/mdm';
import type { InstallableApplication, SoftwareAction } from '@equip/domain/software-installs';

/**
 * The MDM adapter interface (decision 012): how Equip asks a device's MDM provider to do something and
 * learns whether the device did it. One adapter per provider and connection; the job handlers
 * (`mdm.command`, `mdm.check`) are its only callers.
 */

/** What an adapter knows of the device it acts on (matched to the provider's record by serial or name). */
export interface MdmDevice {
  uuid: string;
  name: string;
  serialNumber: string | null;
  os: DeviceOs;
  /**
   * The MDM's own id of the device's record, where the caller has it (the inventory sync stores it,
   * decisions 025 and 030): an adapter reads that record instead of searching by serial number, and
   * searches after all when the record is gone or now carries another serial number (an id is never
   * trusted alone with a wipe).
   */
  mdmId?: string | null;
}

/** The provider took the command; `providerCommandId` is what `result` needs to follow it up. */
export interface SentCommand {
  providerCommandId: string;
  /** The PIN to type on the device to unlock it, where the provider hands one out (Fleet, macOS). */
  unlockPin?: string | null;
}

/** Where a sent command stands: the device has not reported yet, reported it done, or it failed. */
export type CommandResult =
  | { state: 'pending' }
  | { state: 'completed'; mdmStatus: DeviceMdmStatus | null }
  | { state: 'failed'; error: string };

/**
 * One device of the MDM's inventory, in Equip's terms (issue 27, item 3; decision 025). A field the
 * vendor does not give is null (never a guess), so the sync leaves Equip's value as it is.
 */
export interface MdmInventoryDevice {
  /** The MDM's own id of the record (Fleet's host id, Jamf's computer or mobile device id, ManageEngine's device_id). */
  mdmId: string;
  /** The hardware serial number, trimmed; null when the MDM has none (then the device cannot be matched). */
  serialNumber: string | null;
  name: string;
  type: DeviceType;
  os: DeviceOs;
  osVersion: string | null;
  model: string | null;
  manufacturer: string | null;
  /** ENROLLED, PENDING_ENROLLMENT or READY_TO_ENROLL (MDM off) where the vendor says; else null. */
  enrollmentState: EnrollmentState | null;
  /** Disk encryption (FileVault, BitLocker, data protection) where the vendor reports it; else null. */
  encrypted: boolean | null;
  /** When the device last checked in with the MDM. */
  lastSeenAt: Date | null;
}

/**
 * Installing or uninstalling a catalog application (issue 27, item 5; decision 030): the adapter finds
 * the application at its provider by the catalog's ids for the device's system (a bundle id, a package
 * id, an App Store id) or, failing those, its name.
 */
export interface MdmSoftwareCommand {
  action: SoftwareAction;
  application: InstallableApplication;
}

/**
 * Offering a catalog application in the device's self-service catalogue (Fleet Desktop's Self-service,
 * Jamf Self Service, ManageEngine's app catalog), where the person installs it when they want, or
 * withdrawing the offer (issue 29, item 5: a bundle's `SELF_SERVICE` applications). Withdrawing never
 * removes an application the person installed from the offer.
 */
export interface MdmOfferCommand {
  offered: boolean;
  application: InstallableApplication;
}

/** One page of the MDM's inventory; `next` is the cursor of the following page, null after the last. */
export interface MdmInventoryPage {
  devices: MdmInventoryDevice[];
  next: string | null;
}

export interface MdmAdapter {
  readonly provider: MdmProvider;
  /** `sandbox` (the simulation of decision 012), `fleet`, `jamf` or `manage-engine` (the REST clients). */
  readonly kind: 'sandbox' | 'fleet' | 'jamf' | 'manage-engine';
  /** Whether `installedSoftware` reads anything (the inventory sync reads each device's where it does). */
  readonly readsInstalledSoftware: boolean;
  /** How long to wait between result checks. */
  readonly checkIntervalMs: number;
  /** How long after sending a device may take to report before the command counts as failed. */
  readonly reportTimeoutMs: number;
  /**
   * Sends the action. Throws MdmCommandRejected when it can never succeed, MdmUnavailable when the
   * provider cannot take it now; anything else is retried too (and may have reached the provider).
   */
  send(device: MdmDevice, action: DeviceAction): Promise<SentCommand>;
  /**
   * After a send whose answer never came (a timeout, a dropped connection, a worker that died): whether
   * the provider has the command — waiting for the device or already carried out — read from the
   * device's state at the provider. Answers the command to follow up, or null when the provider has no
   * trace of it (sending it is safe). Throws MdmCommandRejected when the provider cannot tell: then the
   * command is not sent again.
   */
  findSent(device: MdmDevice, action: DeviceAction, attemptedAt: Date): Promise<SentCommand | null>;
  /**
   * The applications installed on the device as the provider last inventoried them (decision 026), at
   * most MAX_REPORTED_SOFTWARE. Throws MdmCommandRejected for a device the provider does not know,
   * MdmUnavailable when it cannot answer now.
   */
  installedSoftware(device: MdmDevice): Promise<ReportedSoftware[]>;
  /**
   * Sends an install or uninstall. Errors as for `send`: MdmCommandRejected for a device or an
   * application the provider does not know (it can never succeed), MdmUnavailable when it cannot take it
   * now. Sending one again is harmless (the provider installs what is missing, once).
   */
  sendSoftware(device: MdmDevice, command: MdmSoftwareCommand): Promise<SentCommand>;
  /**
   * Where a sent install or uninstall stands at the provider: completed when the provider reports the
   * application installed (removed), failed with its reason, else pending. Errors are retried.
   */
  softwareResult(
    device: MdmDevice,
    command: MdmSoftwareCommand,
    sent: SentCommand & { sentAt: Date },
  ): Promise<CommandResult>;
  /**
   * Makes the application available in the device's self-service catalogue (`offered`), or withdraws
   * it. Doing it twice is harmless (an offer already there is left as it is). Errors as for `send`:
   * MdmCommandRejected for a device or an application the provider does not have, or an offer the
   * provider cannot make (its words say why), MdmUnavailable when it cannot take it now.
   */
  offerSoftware(device: MdmDevice, command: MdmOfferCommand): Promise<void>;
  /** Asks whether the device has carried out a command sent at `sentAt`. Errors are retried. */
  result(
    device: MdmDevice,
    action: DeviceAction,
    sent: SentCommand & { sentAt: Date },
  ): Promise<CommandResult>;
  /**
   * One page of the MDM's device inventory (managed devices only), from the first (`cursor` null) on;
   * the cursor is the adapter's own (a page number, an offset). Errors as for commands: MdmUnavailable
   * when the provider cannot answer now, MdmCommandRejected when it refuses (the credentials).
   */
  inventory(cursor: string | null): Promise<MdmInventoryPage>;
}

/** A refusal that trying again will not change (unknown device, bad credentials, unsupported action). */
export class MdmCommandRejected extends Error {
  override name = 'MdmCommandRejected';
}

/**
 * The provider cannot take a request now (a rate limit, a server error, no answer in time): try again,
 * not before `retryAt` when the provider said when (`Retry-After`). `notDelivered` when the request surely
 * did not reach the provider's command queue (refused before it was read, or the failure was in looking
 * the device up), so that a retry may send without looking first.
 */
export class MdmUnavailable extends Error {
  override name = 'MdmUnavailable';
  constructor(
    message: string,
    readonly retryAt: Date | null,
    readonly notDelivered: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
