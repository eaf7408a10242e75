import { MAX_REPORTED_SOFTWARE, ReportedSoftwareList, tidySoftware } from '@equip/domain/device-software';
import { describe, expect, it } from 'vitest';
import { SOFTWARE_INTERVAL_MS, softwareDue } from './cli.ts';
import {
  macApplication,
  parseDpkg,
  parseRpm,
  parseUninstallKeys,
  readInstalledSoftware,
} from './software.ts';

describe('the installed applications the agent reports', () => {
  it('reads installed Debian packages (not removed ones) and RPM packages', () => {
    const dpkg = [
      'bash\t5.2.15-2+b7\tinstall ok installed',
      'old-tool\t1.0\tdeinstall ok config-files',
      'half\t2.0\tinstall ok half-installed',
      'curl\t7.88.1-10\tinstall ok installed',
      '',
    ].join('\n');
    expect(parseDpkg(dpkg)).toEqual([
      { name: 'bash', version: '5.2.15-2+b7', packageId: 'bash' },
      { name: 'curl', version: '7.88.1-10', packageId: 'curl' },
    ]);
    expect(parseRpm('tar\t1.30-9.el8\nosquery\t5.12.0-1\n')).toEqual([
      { name: 'tar', version: '1.30-9.el8', packageId: 'tar' },
      { name: 'osquery', version: '5.12.0-1', packageId: 'osquery' },
    ]);
  });

  it("reads a Mac app's name, short version and bundle id from its Info.plist, its folder name without one", () => {
    expect(
      macApplication('/Applications/Slack.app', {
        CFBundleName: 'Slack',
        CFBundleShortVersionString: '4.41.105',
        CFBundleVersion: '441105',
        CFBundleIdentifier: 'com.tinyspeck.slackmacgap',
      }),
    ).toEqual({
      name: 'Slack',
      version: '4.41.105',
      bundleId: 'com.tinyspeck.slackmacgap',
      path: '/Applications/Slack.app',
    });
    expect(macApplication('/Applications/Broken.app', null)).toMatchObject({
      name: 'Broken',
      version: undefined,
    });
  });

  it("reads Windows' uninstall keys (named programs that are not system components)", () => {
    const text = [
      'HKEY_LOCAL_MACHINE\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\7-Zip',
      '    DisplayName    REG_SZ    7-Zip 24.08 (x64)',
      '    DisplayVersion    REG_SZ    24.08',
      '    InstallLocation    REG_SZ    C:\\Program Files\\7-Zip\\',
      '',
      'HKEY_LOCAL_MACHINE\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\{1D8E6291-B0D5-35EC-8441-6616F567A0F7}',
      '    DisplayName    REG_SZ    Microsoft Visual C++ 2010 Redistributable',
      '    SystemComponent    REG_DWORD    0x1',
      '',
      'HKEY_LOCAL_MACHINE\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\NoName',
      '    UninstallString    REG_SZ    C:\\x.exe',
    ].join('\r\n');
    expect(parseUninstallKeys(text)).toEqual([
      { name: '7-Zip 24.08 (x64)', version: '24.08', packageId: '7-Zip', path: 'C:\\Program Files\\7-Zip\\' },
    ]);
  });

  it('keeps within the report’s limits: trimmed fields, no duplicates, sorted, at most the maximum', () => {
    const many = Array.from({ length: MAX_REPORTED_SOFTWARE + 10 }, (_, i) => ({ name: `pkg-${i}` }));
    const tidied = tidySoftware([
      { name: '  ' },
      { name: 'b', version: 'x'.repeat(300) },
      { name: 'b', version: 'x'.repeat(300) },
      ...many,
    ]);
    expect(tidied).toHaveLength(MAX_REPORTED_SOFTWARE);
    expect(ReportedSoftwareList.safeParse(tidied).success).toBe(true);
    expect(tidied.filter((e) => e.name === 'b')).toHaveLength(1);
    expect(tidied.find((e) => e.name === 'b')!.version).toHaveLength(100);
  });

  it("reads this machine's list (on this Linux machine, its dpkg packages) within the report's schema", async () => {
    const list = await readInstalledSoftware();
    expect(list).not.toBeNull();
    expect(ReportedSoftwareList.safeParse(list).success).toBe(true);
    if (process.platform === 'linux') expect(list!.length).toBeGreaterThan(0);
    // Another platform's tools are missing here: no list, never an error.
    expect(await readInstalledSoftware('win32')).toBeNull();
  });

  it('`run` sends them with its first report and then once an hour', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const state = (lastSoftwareAt: string | null) => ({
      lastSuccessAt: null,
      lastAttemptAt: now.toISOString(),
      lastResult: 'ok' as const,
      lastError: null,
      lastSoftwareAt,
    });
    expect(softwareDue(null, now)).toBe(true);
    expect(softwareDue(state(null), now)).toBe(true);
    expect(softwareDue(state(new Date(now.getTime() - 60_000).toISOString()), now)).toBe(false);
    expect(softwareDue(state(new Date(now.getTime() - SOFTWARE_INTERVAL_MS).toISOString()), now)).toBe(true);
  });
});
