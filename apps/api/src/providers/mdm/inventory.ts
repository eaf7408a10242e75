import type { DeviceOs, DeviceType, EnrollmentState } from '@equip/domain/devices';

/**
 * What the MDM clients share to turn a vendor's inventory record into Equip's terms (decision 025):
 * the OS from the vendor's platform word, the device type from the OS and model, an instant from the
 * vendor's time, and empty text as "not given".
 */

/** Text the vendor gives, trimmed; an empty string is "not given" (Fleet answers `""` for unknown fields). */
export function textOf(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * The OS of a vendor's platform word: Fleet's `darwin`, `windows`, `ios`, `ipados`, …; Jamf's `Mac`,
 * `iOS`; ManageEngine's `ios`, `macos`, `windows`, `android`. Equip knows Windows, macOS and iOS
 * (iPadOS counts as iOS); anything else (Linux, Android, ChromeOS) is UNKNOWN.
 */
export function osOfPlatform(platform: string | null | undefined): DeviceOs {
  const word = platform?.trim().toLowerCase() ?? '';
  if (word === 'darwin' || word === 'macos' || word === 'mac' || word === 'osx') return 'MACOS';
  if (word === 'windows') return 'WINDOWS';
  if (word === 'ios' || word === 'ipados' || word === 'iphone' || word === 'ipad') return 'IOS';
  return 'UNKNOWN';
}

/** A phone or tablet by its model or platform (an iPad, `ipados`), else a computer. */
export function typeOfDevice(os: DeviceOs, model: string | null, platform?: string | null): DeviceType {
  const words = `${model ?? ''} ${platform ?? ''}`.toLowerCase();
  if (/\bipad|tablet/.test(words)) return 'TABLET';
  if (os === 'IOS' || /\biphone|phone|android/.test(words)) return 'PHONE';
  return 'COMPUTER';
}

/** Fleet's `mdm.enrollment_status`: `On (manual)`/`On (automatic)` enrolled, `Pending`, `Off`; else unknown. */
export function enrollmentOfFleet(status: string | null | undefined): EnrollmentState | null {
  const word = status?.trim().toLowerCase() ?? '';
  if (word.startsWith('on')) return 'ENROLLED';
  if (word === 'pending') return 'PENDING_ENROLLMENT';
  if (word === 'off') return 'READY_TO_ENROLL';
  return null;
}

/** An ISO time or epoch milliseconds (ManageEngine's, as a number or text) as a Date; null when unreadable. */
export function instantOf(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' || /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  // Fleet answers "0001-01-01T00:00:00Z" for a host never seen.
  return Number.isFinite(ms) && ms > 0 ? new Date(ms) : null;
}

/** A name as the catalog matching compares it (migration 0038's equip_software_match_name). */
export const comparableName = (name: string) =>
  name
    .toLowerCase()
    .replace(/\.app$/, '')
    .replace(/[^a-z0-9]+/g, '');
