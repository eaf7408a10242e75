import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MAX_REPORTED_SOFTWARE, type ReportedSoftware, tidySoftware } from '@equip/domain/device-software';

const run = promisify(execFile);

/**
 * The applications installed on this machine (decision 026), from the platform's own list:
 * Linux's package manager (dpkg-query, else rpm), the macOS application folders (each app's
 * Info.plist: name, short version, bundle id) and Windows' uninstall registry keys (machine-wide, 32-bit
 * and the user's). At most MAX_REPORTED_SOFTWARE, each field within the report's limits. Null when the
 * list cannot be read at all: the report then carries none and the device's list stays as it was.
 */
export async function readInstalledSoftware(
  platform: string = process.platform,
): Promise<ReportedSoftware[] | null> {
  try {
    const found =
      platform === 'darwin'
        ? await macApplications()
        : platform === 'win32'
          ? await windowsPrograms()
          : await linuxPackages();
    return found === null ? null : tidySoftware(found);
  } catch {
    return null;
  }
}

/** A program's output, or null when it is missing or fails (another platform's tool, no rights). */
async function output(file: string, args: string[], timeout = 20_000): Promise<string | null> {
  try {
    const { stdout } = await run(file, args, { timeout, maxBuffer: 32 * 1024 * 1024, windowsHide: true });
    return stdout;
  } catch {
    return null;
  }
}

/** `dpkg-query -W` lines: package, version and status, tab-separated; installed packages only. */
export function parseDpkg(text: string): Partial<ReportedSoftware>[] {
  return text
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([name, , status]) => name && (status === undefined || status.endsWith(' installed')))
    .map(([name, version]) => ({ name, version, packageId: name }));
}

/** `rpm -qa --qf '%{NAME}\t%{VERSION}-%{RELEASE}\n'` lines. */
export function parseRpm(text: string): Partial<ReportedSoftware>[] {
  return text
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([name]) => name)
    .map(([name, version]) => ({ name, version, packageId: name }));
}

/** Debian's package database (dpkg-query), else RPM's; null when neither is there. */
async function linuxPackages(): Promise<Partial<ReportedSoftware>[] | null> {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format, not a template
  const dpkg = await output('dpkg-query', ['-W', '-f=${Package}\t${Version}\t${Status}\n']);
  if (dpkg !== null) return parseDpkg(dpkg);
  const rpm = await output('rpm', ['-qa', '--qf', '%{NAME}\t%{VERSION}-%{RELEASE}\n']);
  return rpm === null ? null : parseRpm(rpm);
}

/** An Info.plist as JSON (plutil reads both the XML and the binary form). */
const InfoPlistKeys = [
  'CFBundleDisplayName',
  'CFBundleName',
  'CFBundleShortVersionString',
  'CFBundleVersion',
  'CFBundleIdentifier',
] as const;
type InfoPlist = Partial<Record<(typeof InfoPlistKeys)[number], unknown>>;

/** One application of a macOS application folder, from its Info.plist (its folder name without one). */
export function macApplication(appPath: string, plist: InfoPlist | null): Partial<ReportedSoftware> {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    name: text(plist?.CFBundleDisplayName) ?? text(plist?.CFBundleName) ?? path.basename(appPath, '.app'),
    version: text(plist?.CFBundleShortVersionString) ?? text(plist?.CFBundleVersion),
    bundleId: text(plist?.CFBundleIdentifier),
    path: appPath,
  };
}

/** The .app bundles of /Applications (and its Utilities) and ~/Applications. */
async function macApplications(): Promise<Partial<ReportedSoftware>[] | null> {
  const folders = ['/Applications', '/Applications/Utilities', path.join(homedir(), 'Applications')];
  const apps: string[] = [];
  for (const folder of folders) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names) if (name.endsWith('.app')) apps.push(path.join(folder, name));
  }
  if (apps.length === 0) return null;
  const entries: Partial<ReportedSoftware>[] = [];
  for (const app of apps.slice(0, MAX_REPORTED_SOFTWARE)) {
    const json = await output(
      'plutil',
      ['-convert', 'json', '-o', '-', path.join(app, 'Contents', 'Info.plist')],
      5000,
    );
    let plist: InfoPlist | null = null;
    try {
      plist = json ? (JSON.parse(json) as InfoPlist) : null;
    } catch {
      plist = null;
    }
    entries.push(macApplication(app, plist));
  }
  return entries;
}

/**
 * `reg query <Uninstall key> /s` output: one block per program key, its values indented
 * (`    DisplayName    REG_SZ    Slack`). Programs without a DisplayName and system components
 * (SystemComponent 1) are not listed by Windows either.
 */
export function parseUninstallKeys(text: string): Partial<ReportedSoftware>[] {
  const entries: Partial<ReportedSoftware>[] = [];
  let key: string | null = null;
  let values: Record<string, string> = {};
  const flush = () => {
    if (key && values.DisplayName && values.SystemComponent !== '0x1')
      entries.push({
        name: values.DisplayName,
        version: values.DisplayVersion,
        packageId: key.split('\\').pop(),
        path: values.InstallLocation,
      });
    values = {};
  };
  for (const line of text.split(/\r?\n/)) {
    if (/^HKEY_/i.test(line)) {
      flush();
      key = line.trim();
      continue;
    }
    const value = /^\s+(\S+)\s+REG_\w+\s*(.*)$/.exec(line);
    if (value) values[value[1]!] = value[2]!.trim();
  }
  flush();
  return entries;
}

/** The uninstall keys of the machine (64- and 32-bit) and of the user. */
async function windowsPrograms(): Promise<Partial<ReportedSoftware>[] | null> {
  const keys = [
    'HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
    'HKLM\\Software\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
    'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
  ];
  let read = false;
  const entries: Partial<ReportedSoftware>[] = [];
  for (const key of keys) {
    const text = await output('reg', ['query', key, '/s']);
    if (text === null) continue;
    read = true;
    entries.push(...parseUninstallKeys(text));
  }
  return read ? entries : null;
}
