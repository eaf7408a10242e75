import { ReportedSoftwareList } from '@equip/domain/device-software';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENTED_SOFTWARE, type FleetFake, startFleetFake } from '../../test/fleet-fake.ts';
import { type JamfFake, startJamfFake } from '../../test/jamf-fake.ts';
import { equipUserAgent, outboundFetch } from '../outbound/public-fetch.ts';
import { MdmCommandRejected, type MdmDevice, MdmUnavailable } from './adapter.ts';
import { FleetClient, FleetMdmAdapter } from './fleet.ts';
import { JamfClient, JamfMdmAdapter } from './jamf.ts';
import { SandboxMdmAdapter } from './sandbox.ts';

/**
 * Each adapter's read of a device's installed software (decision 026) against the local fake of its
 * vendor, in the documented shapes; the app-level path (route, storage, catalog match) is in
 * modules/devices/device-software.test.ts.
 */
const fetcher = outboundFetch({ allowPrivate: true, userAgent: equipUserAgent('mdm') });
const mac: MdmDevice = { uuid: 'u1', name: 'Olga MacBook', serialNumber: 'C02SOFT1', os: 'MACOS' };
const phone: MdmDevice = { uuid: 'u2', name: 'Olga iPhone', serialNumber: 'F17SOFT2', os: 'IOS' };
const stranger: MdmDevice = { uuid: 'u3', name: 'Nobody', serialNumber: 'NOT-THERE', os: 'MACOS' };

describe('Fleet: the host’s software', () => {
  let fleet: FleetFake;
  const adapter = () =>
    new FleetMdmAdapter(new FleetClient({ baseUrl: fleet.url, apiToken: fleet.token }, fetcher, 5000), 0);
  beforeAll(async () => {
    fleet = await startFleetFake();
  });
  afterAll(() => fleet.close());
  beforeEach(() => fleet.hosts.clear());

  it('reads the documented example host’s software: packages by name, apps by bundle id, the first path', async () => {
    fleet.addHost({
      id: 1,
      hostname: 'olga-mbp',
      hardware_serial: 'C02SOFT1',
      software: DOCUMENTED_SOFTWARE,
    });
    const software = await adapter().installedSoftware(mac);
    expect(software).toEqual([
      {
        name: 'osquery',
        version: '4.5.1',
        bundleId: null,
        packageId: 'osquery',
        path: '/usr/lib/some-path-1',
      },
      {
        name: 'SomeApp.app',
        version: '1.0',
        bundleId: 'com.some.app',
        packageId: null,
        path: '/usr/lib/some-path-2',
      },
      { name: 'tar', version: '1.30', bundleId: null, packageId: 'tar', path: null },
    ]);
    expect(ReportedSoftwareList.safeParse(software).success).toBe(true);
  });

  it('refuses a device Fleet does not know, and is unavailable while Fleet answers 500', async () => {
    fleet.addHost({ id: 2, hostname: 'olga-mbp', hardware_serial: 'C02SOFT1' });
    await expect(adapter().installedSoftware(stranger)).rejects.toBeInstanceOf(MdmCommandRejected);
    fleet.failNext(500, { path: '/api/v1/fleet/hosts/2' });
    await expect(adapter().installedSoftware(mac)).rejects.toBeInstanceOf(MdmUnavailable);
  });
});

describe('Jamf Pro: a computer’s APPLICATIONS section, a mobile device’s applications', () => {
  let jamf: JamfFake;
  const adapter = () =>
    new JamfMdmAdapter(
      new JamfClient(
        { baseUrl: jamf.url, clientId: jamf.clientId, clientSecret: jamf.clientSecret },
        fetcher,
        5000,
      ),
      0,
    );
  beforeAll(async () => {
    jamf = await startJamfFake();
  });
  afterAll(() => jamf.close());
  beforeEach(() => {
    jamf.computers.clear();
    jamf.mobileDevices.clear();
    jamf.requests.length = 0;
    jamf.addComputer({
      id: '8',
      name: 'olga-mbp',
      serialNumber: 'C02SOFT1',
      applications: [
        { name: 'Slack', version: '4.41.105', bundleId: 'com.tinyspeck.slackmacgap' },
        { name: 'Safari', version: '18.1', bundleId: 'com.apple.Safari' },
      ],
    });
    jamf.addMobileDevice({
      id: '21',
      displayName: 'Olga iPhone',
      serialNumber: 'F17SOFT2',
      applications: [
        { identifier: 'com.tinyspeck.chatlyio', name: 'Slack', version: '241120', shortVersion: '24.11.20' },
      ],
    });
  });

  it('reads a Mac’s applications with their bundle ids and paths', async () => {
    expect(await adapter().installedSoftware(mac)).toEqual([
      {
        name: 'Safari',
        version: '18.1',
        bundleId: 'com.apple.Safari',
        packageId: null,
        path: '/Applications/Safari.app',
      },
      {
        name: 'Slack',
        version: '4.41.105',
        bundleId: 'com.tinyspeck.slackmacgap',
        packageId: null,
        path: '/Applications/Slack.app',
      },
    ]);
    const read = jamf.requests.find((r) => r.path === '/api/v1/computers-inventory/8');
    expect(read?.query.getAll('section')).toEqual(['APPLICATIONS']);
  });

  it('reads an iPhone’s applications by their short version', async () => {
    expect(await adapter().installedSoftware(phone)).toEqual([
      { name: 'Slack', version: '24.11.20', bundleId: 'com.tinyspeck.chatlyio', packageId: null, path: null },
    ]);
    expect(jamf.requests.some((r) => r.path === '/api/v2/mobile-devices/21/detail')).toBe(true);
  });

  it('refuses a device Jamf does not manage, and is unavailable while Jamf answers 503', async () => {
    await expect(adapter().installedSoftware(stranger)).rejects.toBeInstanceOf(MdmCommandRejected);
    jamf.failNext(503, { path: '/api/v1/computers-inventory/8', retryAfter: '5' });
    const failure = await adapter()
      .installedSoftware(mac)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MdmUnavailable);
    expect((failure as MdmUnavailable).retryAt).not.toBeNull();
  });
});

describe('the sandbox', () => {
  it('answers a plausible list per OS, within the report’s limits, and refuses an unknown device', async () => {
    const sandbox = new SandboxMdmAdapter('JAMF', 0);
    const software = await sandbox.installedSoftware(mac);
    expect(software.map((s) => s.bundleId)).toContain('com.tinyspeck.slackmacgap');
    expect(ReportedSoftwareList.safeParse(software).success).toBe(true);
    const windows = await sandbox.installedSoftware({ ...mac, os: 'WINDOWS' });
    expect(windows.every((s) => s.packageId !== null && s.bundleId === null)).toBe(true);
    await expect(sandbox.installedSoftware({ ...mac, os: 'UNKNOWN' })).rejects.toBeInstanceOf(
      MdmCommandRejected,
    );
  });
});
