import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { DeviceOs } from '@equip/domain/devices';
import type { AgentReport } from '@equip/domain/enrollment';
import si from 'systeminformation';

const run = promisify(execFile);

/** What one report says about the machine (the report id and time are added per report). */
export type Inventory = Omit<AgentReport, 'reportId' | 'collectedAt' | 'agentVersion'>;

export function osOf(platform: string): DeviceOs {
  if (platform === 'darwin') return 'MACOS';
  if (platform === 'win32') return 'WINDOWS';
  return 'UNKNOWN';
}

/** Vendors' placeholders for a value they did not fill in. */
const PLACEHOLDER =
  /^(|-|default string|to be filled by o\.e\.m\.|system serial number|not specified|none|0+)$/i;
const clean = (value: string | undefined | null, max: number): string | null => {
  const trimmed = value?.trim() ?? '';
  return PLACEHOLDER.test(trimmed) ? null : trimmed.slice(0, max);
};

/**
 * Whether the system disk is encrypted, where this can be told without administrator rights: FileVault
 * on macOS (`fdesetup status`), BitLocker on Windows (`manage-bde`, which may need rights), a
 * dm-crypt/LUKS device under the root file system on Linux. Null when it cannot be told.
 */
export async function diskEncryption(platform: string): Promise<boolean | null> {
  try {
    if (platform === 'darwin') {
      const { stdout } = await run('fdesetup', ['status'], { timeout: 5000 });
      if (/FileVault is On/i.test(stdout)) return true;
      if (/FileVault is Off/i.test(stdout)) return false;
      return null;
    }
    if (platform === 'win32') {
      const { stdout } = await run('manage-bde', ['-status', process.env.SystemDrive ?? 'C:'], {
        timeout: 10000,
      });
      if (/Protection On/i.test(stdout)) return true;
      if (/Protection Off/i.test(stdout)) return false;
      return null;
    }
    const blocks = await si.blockDevices();
    if (blocks.length === 0) return null;
    return blocks.some((b) => b.type === 'crypt' || b.fsType === 'crypto_LUKS');
  } catch {
    return null;
  }
}

/** Reads this machine's inventory with systeminformation. */
export async function readInventory(): Promise<Inventory> {
  const [os, system, cpu, mem, disks] = await Promise.all([
    si.osInfo(),
    si.system(),
    si.cpu(),
    si.mem(),
    si.diskLayout().catch(() => []),
  ]);
  const diskBytes = disks.reduce((sum, disk) => sum + (Number.isFinite(disk.size) ? disk.size : 0), 0);
  const osVersion = os.platform === 'linux' ? `${os.distro} ${os.release}` : os.release;
  return {
    hostname: clean(os.hostname, 200) ?? 'unknown-host',
    os: osOf(os.platform),
    osVersion: clean(osVersion, 50),
    model: clean(system.model, 200),
    manufacturer: clean(system.manufacturer, 200),
    // The hardware's own serial number only: the OS's installation id (`os.serial`, /etc/machine-id on
    // Linux) is no serial number, and would never match the device's MDM record or its invoice.
    serialNumber: clean(system.serial, 100),
    cpu: clean(`${cpu.manufacturer} ${cpu.brand}`, 200),
    memoryBytes: Number.isFinite(mem.total) ? mem.total : null,
    diskBytes: diskBytes > 0 ? diskBytes : null,
    diskEncrypted: await diskEncryption(os.platform),
  };
}

/**
 * Why the report carries no serial number, for the person running the agent (null when it has one):
 * Linux keeps the firmware's serial readable by root only.
 */
export function missingSerialNote(
  inventory: Pick<Inventory, 'serialNumber'>,
  platform: string = process.platform,
  isRoot: boolean = process.getuid?.() === 0,
): string | null {
  if (inventory.serialNumber) return null;
  const hint =
    platform === 'linux' && !isRoot
      ? ' Linux lets only root read it: run `sudo equip-agent report` once to add it.'
      : '';
  return `This machine's hardware serial number could not be read, so the device is reported without one.${hint}`;
}
