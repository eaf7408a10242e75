import { type DeviceAction, type MdmProvider, PROVIDER_ACTIONS, reportedStatusOf } from '@equip/domain/mdm';
import {
  type CommandResult,
  type MdmAdapter,
  MdmCommandRejected,
  type MdmDevice,
  type MdmInventoryDevice,
  type MdmInventoryPage,
  type SentCommand,
} from './adapter.ts';

/** Devices per page of a sandbox's inventory. */
export const SANDBOX_INVENTORY_PAGE = 100;

/**
 * The sandbox adapter of one provider, for the demo and tests: it behaves like the service without a
 * device behind it. A command is accepted (what the provider offers, on what the provider supports) and
 * the device "reports" `delayMs` after it was sent — locked, unlocked or wiped by the action. It keeps
 * no state: the send time travels in the command id, so a restart or another worker process sees the
 * same answer.
 */
export class SandboxMdmAdapter implements MdmAdapter {
  readonly kind = 'sandbox' as const;
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
   * Nothing leaves the sandbox, so nothing can be there twice: a send whose answer was lost (a worker
   * that died) is simply sent again.
   */
  async findSent(): Promise<SentCommand | null> {
    return null;
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
    const [, , at] = sent.providerCommandId.split(':');
    const sentAt = Number(at ?? sent.sentAt.getTime());
    if (this.now() - sentAt < this.delayMs) return { state: 'pending' };
    return { state: 'completed', mdmStatus: reportedStatusOf(action) };
  }
}
