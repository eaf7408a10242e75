import type { ReportedSoftware } from '@equip/domain/device-software';
import type { DeviceOs } from '@equip/domain/devices';
import { type DeviceAction, type MdmProvider, PROVIDER_ACTIONS, reportedStatusOf } from '@equip/domain/mdm';
import { applicationIdFor } from '@equip/domain/software-installs';
import {
  type CommandResult,
  type MdmAdapter,
  MdmCommandRejected,
  type MdmDevice,
  type MdmInventoryDevice,
  type MdmInventoryPage,
  type MdmOfferCommand,
  type MdmSoftwareCommand,
  type SentCommand,
} from './adapter.ts';

/** Devices per page of a sandbox's inventory. */
export const SANDBOX_INVENTORY_PAGE = 100;

/**
 * A device whose name holds this refuses installs in the sandbox, with `SANDBOX_INSTALL_FAILURE` as the
 * reason: how the demo and the end-to-end tests show a failed install (and, once renamed, its retry).
 */
export const SANDBOX_FAILING_INSTALLS_MARK = '[installs fail]';
export const SANDBOX_INSTALL_FAILURE = 'Not enough free disk space on the device';

/**
 * The sandbox adapter of one provider, for the demo and tests: it behaves like the service without a
 * device behind it. A command is accepted (what the provider offers, on what the provider supports) and
 * the device "reports" `delayMs` after it was sent — locked, unlocked or wiped by the action. It keeps
 * no state: the send time travels in the command id, so a restart or another worker process sees the
 * same answer.
 */
export class SandboxMdmAdapter implements MdmAdapter {
  readonly kind = 'sandbox' as const;
  readonly readsInstalledSoftware = true;
  readonly checkIntervalMs: number;
  readonly reportTimeoutMs: number;

  constructor(
    readonly provider: MdmProvider,
    private readonly delayMs: number,
    private readonly now: () => number = Date.now,
    /**
     * What its inventory holds: nothing by default (the sandbox stands for no server, so the sync is
     * not scheduled for it); tests give it devices to page through.
     */
    private readonly devices: readonly MdmInventoryDevice[] = [],
    private readonly pageSize = SANDBOX_INVENTORY_PAGE,
  ) {
    // Check about when the device will have reported (at least every 5 s, never a busy loop).
    this.checkIntervalMs = Math.min(Math.max(delayMs, 0), 5000);
    this.reportTimeoutMs = delayMs + 60_000;
  }

  async send(device: MdmDevice, action: DeviceAction): Promise<SentCommand> {
    if (!PROVIDER_ACTIONS[this.provider].includes(action))
      throw new MdmCommandRejected(`${this.provider} does not offer ${action}`);
    if (device.os === 'UNKNOWN') throw new MdmCommandRejected('The device is not known to the MDM');
    return { providerCommandId: `sandbox:${action}:${this.now()}` };
  }

  /**
   * An install or uninstall of an application the catalog has for the device's system is accepted and
   * "carried out" like an action, `delayMs` later; one it has no id for is refused (an unknown app), and
   * so is an install on a device named with `SANDBOX_FAILING_INSTALLS_MARK`.
   */
  async sendSoftware(device: MdmDevice, command: MdmSoftwareCommand): Promise<SentCommand> {
    if (device.os === 'UNKNOWN') throw new MdmCommandRejected('The device is not known to the MDM');
    if (command.action === 'install_software' && device.name.includes(SANDBOX_FAILING_INSTALLS_MARK))
      throw new MdmCommandRejected(SANDBOX_INSTALL_FAILURE);
    if (!applicationIdFor(command.application, device.os))
      throw new MdmCommandRejected(`${this.provider} has no ${command.application.name} for ${device.os}`);
    return { providerCommandId: `sandbox:${command.action}:${this.now()}` };
  }

  /**
   * An offer in self service (or its withdrawal) of an application the catalog has for the device's
   * system is taken as the provider would (nothing to report back); one without an id is refused.
   */
  async offerSoftware(device: MdmDevice, command: MdmOfferCommand): Promise<void> {
    if (device.os === 'UNKNOWN') throw new MdmCommandRejected('The device is not known to the MDM');
    if (!applicationIdFor(command.application, device.os))
      throw new MdmCommandRejected(`${this.provider} has no ${command.application.name} for ${device.os}`);
  }

  async softwareResult(
    _device: MdmDevice,
    _command: MdmSoftwareCommand,
    sent: SentCommand & { sentAt: Date },
  ): Promise<CommandResult> {
    return this.reportedAfterDelay(sent, null);
  }

  /**
   * Nothing leaves the sandbox, so nothing can be there twice: a send whose answer was lost (a worker
   * that died) is simply sent again.
   */
  async findSent(): Promise<SentCommand | null> {
    return null;
  }

  /** A plausible inventory for the device's OS (the same every time; nothing to install from). */
  async installedSoftware(device: MdmDevice): Promise<ReportedSoftware[]> {
    if (device.os === 'UNKNOWN') throw new MdmCommandRejected('The device is not known to the MDM');
    return SANDBOX_SOFTWARE[device.os].map(([name, version, id]) => ({
      name,
      version,
      bundleId: device.os === 'WINDOWS' ? null : id,
      packageId: device.os === 'WINDOWS' ? id : null,
      path: device.os === 'MACOS' ? `/Applications/${name}.app` : null,
    }));
  }

  /** The given devices, `pageSize` at a time; the cursor is the next offset. */
  async inventory(cursor: string | null): Promise<MdmInventoryPage> {
    const offset = cursor ? Number(cursor) : 0;
    const end = offset + this.pageSize;
    return {
      devices: this.devices.slice(offset, end),
      next: end < this.devices.length ? String(end) : null,
    };
  }

  async result(
    _device: MdmDevice,
    action: DeviceAction,
    sent: SentCommand & { sentAt: Date },
  ): Promise<CommandResult> {
    return this.reportedAfterDelay(sent, reportedStatusOf(action));
  }

  /** The device "reports" `delayMs` after the send (whose time travels in the command id). */
  private reportedAfterDelay(
    sent: SentCommand & { sentAt: Date },
    mdmStatus: ReturnType<typeof reportedStatusOf>,
  ): CommandResult {
    const [, , at] = sent.providerCommandId.split(':');
    const sentAt = Number(at ?? sent.sentAt.getTime());
    if (this.now() - sentAt < this.delayMs) return { state: 'pending' };
    return { state: 'completed', mdmStatus };
  }
}

/** What a sandbox device has installed, by OS: name, version and the bundle or package id. */
const SANDBOX_SOFTWARE: Record<Exclude<DeviceOs, 'UNKNOWN'>, [string, string, string][]> = {
  MACOS: [
    ['Slack', '4.41.105', 'com.tinyspeck.slackmacgap'],
    ['Google Chrome', '131.0.6778.86', 'com.google.Chrome'],
    ['zoom.us', '6.2.11', 'us.zoom.xos'],
    ['1Password', '8.10.54', 'com.1password.1password'],
    ['Microsoft Word', '16.91', 'com.microsoft.Word'],
    ['Safari', '18.1.1', 'com.apple.Safari'],
    ['Firefox', '133.0', 'org.mozilla.firefox'],
    ['Visual Studio Code', '1.95.3', 'com.microsoft.VSCode'],
  ],
  WINDOWS: [
    ['Slack', '4.41.105', 'SlackTechnologies.Slack'],
    ['Google Chrome', '131.0.6778.86', 'Google.Chrome'],
    ['Zoom Workplace', '6.2.11', 'Zoom.Zoom'],
    ['Microsoft Teams', '24295.605.3225.8804', 'Microsoft.Teams'],
    ['7-Zip 24.08 (x64)', '24.08', '7zip.7zip'],
    ['Mozilla Firefox (x64 en-US)', '133.0', 'Mozilla.Firefox'],
    ['Microsoft Visual Studio Code (User)', '1.95.3', 'Microsoft.VisualStudioCode'],
  ],
  IOS: [
    ['Slack', '24.11.20', 'com.tinyspeck.chatlyio'],
    ['Microsoft Authenticator', '6.8.17', 'com.microsoft.azureauthenticator'],
    ['Google Chrome', '131.0.6778.73', 'com.google.chrome.ios'],
  ],
};
