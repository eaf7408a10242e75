import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FleetFake, startFleetFake } from '../../test/fleet-fake.ts';
import { type JamfFake, startJamfFake } from '../../test/jamf-fake.ts';
import { type ManageEngineFake, startManageEngineFake } from '../../test/manage-engine-fake.ts';
import type { MdmAdapter, MdmInventoryDevice } from './adapter.ts';
import { FleetClient, FleetMdmAdapter, HOSTS_PER_PAGE } from './fleet.ts';
import { JamfClient, JamfMdmAdapter } from './jamf.ts';
import { ManageEngineClient, ManageEngineMdmAdapter } from './manage-engine.ts';
import { SandboxMdmAdapter } from './sandbox.ts';

/** Every page of an adapter's inventory, and the cursors it went through. */
async function readAll(adapter: MdmAdapter) {
  const devices: MdmInventoryDevice[] = [];
  const cursors: (string | null)[] = [];
  let cursor: string | null = null;
  do {
    cursors.push(cursor);
    const page = await adapter.inventory(cursor);
    devices.push(...page.devices);
    cursor = page.next;
  } while (cursor !== null && cursors.length < 1000);
  return { devices, cursors };
}

/**
 * The MDM inventory read (issue 27, item 3; decision 025): each client pages through its vendor's device
 * list (its local fake, in the documented shapes) across a page boundary and answers the devices in
 * Equip's terms.
 */
describe('MDM inventory', () => {
  let fleet: FleetFake;
  let jamf: JamfFake;
  let manageEngine: ManageEngineFake;
  beforeAll(async () => {
    [fleet, jamf, manageEngine] = await Promise.all([
      startFleetFake(),
      startJamfFake(),
      startManageEngineFake(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([fleet.close(), jamf.close(), manageEngine.close()]);
  });

  it('Fleet: every host by id, page after page (page, per_page), in Equip terms', async () => {
    // One more host than a page, added out of order: the second page holds the highest id.
    for (let id = HOSTS_PER_PAGE + 1; id >= 1; id--)
      fleet.addHost({ id, hostname: `mac-${String(id).padStart(3, '0')}`, hardware_serial: `C02F${id}` });
    fleet.addHost({
      id: 500,
      hostname: 'win-500',
      hardware_serial: ' 5CG1234XYZ ',
      platform: 'windows',
      hardware_model: 'HP EliteBook 840 G8',
      os_version: 'Windows 11 Pro 23H2',
      disk_encryption_enabled: false,
      enrollment_status: 'Off',
      seen_time: '2026-11-20T08:00:00Z',
    });
    fleet.addHost({
      id: 501,
      hostname: 'ipad-501',
      hardware_serial: 'DMPX501',
      platform: 'ios',
      hardware_model: 'iPad Pro (11-inch)',
      disk_encryption_enabled: null,
      enrollment_status: null,
      seen_time: '0001-01-01T00:00:00Z',
    });
    const adapter = new FleetMdmAdapter(new FleetClient({ baseUrl: fleet.url, apiToken: fleet.token }));
    const { devices, cursors } = await readAll(adapter);

    expect(cursors).toEqual([null, '1']);
    const listed = fleet.requests.filter((r) => r.path === '/api/v1/fleet/hosts');
    expect(listed.map((r) => r.query)).toEqual([
      { order_key: 'id', page: '0', per_page: String(HOSTS_PER_PAGE) },
      { order_key: 'id', page: '1', per_page: String(HOSTS_PER_PAGE) },
    ]);
    expect(devices.map((d) => d.mdmId)).toEqual([
      ...Array.from({ length: HOSTS_PER_PAGE + 1 }, (_, i) => String(i + 1)),
      '500',
      '501',
    ]);
    expect(devices[0]).toEqual({
      mdmId: '1',
      serialNumber: 'C02F1',
      name: 'mac-001',
      type: 'COMPUTER',
      os: 'MACOS',
      osVersion: 'macOS 14.5',
      model: 'MacBookPro18,3',
      manufacturer: 'Apple Inc.',
      enrollmentState: 'ENROLLED',
      encrypted: true,
      lastSeenAt: expect.any(Date),
    });
    expect(devices.find((d) => d.mdmId === '500')).toEqual({
      mdmId: '500',
      serialNumber: '5CG1234XYZ',
      name: 'win-500',
      type: 'COMPUTER',
      os: 'WINDOWS',
      osVersion: 'Windows 11 Pro 23H2',
      model: 'HP EliteBook 840 G8',
      manufacturer: null,
      enrollmentState: 'READY_TO_ENROLL',
      encrypted: false,
      lastSeenAt: new Date('2026-11-20T08:00:00Z'),
    });
    // Not given is null, never a guess: no encryption, no MDM state, never seen.
    expect(devices.find((d) => d.mdmId === '501')).toMatchObject({
      type: 'TABLET',
      os: 'IOS',
      encrypted: null,
      enrollmentState: null,
      lastSeenAt: null,
    });
  });

  it('Fleet: a refused token is a refusal, a rate limit a wait with its Retry-After', async () => {
    const refused = new FleetMdmAdapter(new FleetClient({ baseUrl: fleet.url, apiToken: 'wrong' }));
    await expect(refused.inventory(null)).rejects.toMatchObject({ name: 'MdmCommandRejected' });
    fleet.failNext(429, { retryAfter: '30', path: '/api/v1/fleet/hosts' });
    const adapter = new FleetMdmAdapter(new FleetClient({ baseUrl: fleet.url, apiToken: fleet.token }));
    const error = await adapter.inventory('1').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'MdmUnavailable', retryAt: expect.any(Date) });
  });

  it('Jamf Pro: managed computers, then mobile devices, each page by page-size and totalCount', async () => {
    for (let i = 1; i <= 3; i++) jamf.addComputer({ serialNumber: `JMAC${i}`, name: `Mac ${i}` });
    jamf.addComputer({ serialNumber: 'JMAC1', name: 'Old record', managed: false });
    jamf.addComputer({
      serialNumber: 'JMAC5',
      name: 'Designer Mac',
      model: 'MacBook Air (M2, 2022)',
      osVersion: '14.7',
      fileVault: 'UNENCRYPTED',
      lastContactTime: '2026-11-25T10:00:00.000Z',
    });
    jamf.addMobileDevice({ serialNumber: 'JIPH1', displayName: 'Sales iPhone' });
    jamf.addMobileDevice({
      serialNumber: 'JIPD2',
      displayName: 'Kiosk iPad',
      model: 'iPad Air (5th generation)',
    });
    jamf.addMobileDevice({ serialNumber: 'JIPH3', displayName: 'Spare iPhone', dataProtected: false });
    // Pages of two: three computer pages (5 records), two mobile pages.
    const client = new JamfClient(
      { baseUrl: jamf.url, clientId: jamf.clientId, clientSecret: jamf.clientSecret },
      fetch,
      15_000,
      Date.now,
      2,
    );
    const { devices, cursors } = await readAll(new JamfMdmAdapter(client));

    expect(cursors).toEqual([null, 'computer:1', 'computer:2', 'mobile:0', 'mobile:1']);
    expect(devices.map((d) => d.serialNumber)).toEqual([
      'JMAC1',
      'JMAC2',
      'JMAC3',
      'JMAC5',
      'JIPH1',
      'JIPD2',
      'JIPH3',
    ]);
    const computerQuery = jamf.requests.find((r) => r.path === '/api/v1/computers-inventory')!.query;
    expect(computerQuery.getAll('section')).toEqual([
      'GENERAL',
      'HARDWARE',
      'OPERATING_SYSTEM',
      'DISK_ENCRYPTION',
    ]);
    expect(computerQuery.get('filter')).toBeNull();
    expect(devices.find((d) => d.serialNumber === 'JMAC5')).toEqual({
      mdmId: expect.any(String),
      serialNumber: 'JMAC5',
      name: 'Designer Mac',
      type: 'COMPUTER',
      os: 'MACOS',
      osVersion: '14.7',
      model: 'MacBook Air (M2, 2022)',
      manufacturer: 'Apple',
      enrollmentState: 'ENROLLED',
      encrypted: false,
      lastSeenAt: new Date('2026-11-25T10:00:00.000Z'),
    });
    expect(devices.find((d) => d.serialNumber === 'JMAC1')).toMatchObject({ name: 'Mac 1', encrypted: true });
    expect(devices.find((d) => d.serialNumber === 'JIPD2')).toMatchObject({ type: 'TABLET', os: 'IOS' });
    expect(devices.find((d) => d.serialNumber === 'JIPH1')).toMatchObject({
      type: 'PHONE',
      os: 'IOS',
      osVersion: '18.1',
      encrypted: true,
    });
    expect(devices.find((d) => d.serialNumber === 'JIPH3')).toMatchObject({ encrypted: false });
  });

  it('ManageEngine: the device list by offset and limit up to total_record_count, removed ones left out', async () => {
    manageEngine.reset();
    for (let i = 1; i <= 5; i++)
      manageEngine.addDevice({
        id: String(9007199254741000n + BigInt(i)),
        serialNumber: `ME${i}`,
        name: `Phone ${i}`,
        removed: i === 4,
      });
    manageEngine.addDevice({
      id: '9007199254741010',
      serialNumber: 'MEWIN',
      name: 'Front desk PC',
      platform: 'windows',
      model: 'OptiPlex 7090',
      osVersion: '10.0.22631',
      lastContactTime: 1795000000000,
    });
    const client = new ManageEngineClient(
      { baseUrl: manageEngine.url, apiToken: manageEngine.apiKey },
      fetch,
      15_000,
      4,
    );
    const { devices, cursors } = await readAll(new ManageEngineMdmAdapter(client));

    expect(cursors).toEqual([null, '4']);
    expect(manageEngine.requests.map((r) => Object.fromEntries(r.query))).toEqual([
      { offset: '0', limit: '4' },
      { offset: '4', limit: '4' },
    ]);
    expect(devices.map((d) => d.serialNumber)).toEqual(['ME1', 'ME2', 'ME3', 'ME5', 'MEWIN']);
    // 64-bit ids stay exact.
    expect(devices[0]!.mdmId).toBe('9007199254741001');
    expect(devices.find((d) => d.serialNumber === 'MEWIN')).toEqual({
      mdmId: '9007199254741010',
      serialNumber: 'MEWIN',
      name: 'Front desk PC',
      type: 'COMPUTER',
      os: 'WINDOWS',
      osVersion: '10.0.22631',
      model: 'OptiPlex 7090',
      manufacturer: null,
      enrollmentState: 'ENROLLED',
      encrypted: null,
      lastSeenAt: new Date(1795000000000),
    });
    expect(devices[0]).toMatchObject({ type: 'PHONE', os: 'IOS', model: 'iPhone15,2' });
  });

  it('the sandbox pages through the devices it is given', async () => {
    const given = Array.from(
      { length: 5 },
      (_, i): MdmInventoryDevice => ({
        mdmId: String(i),
        serialNumber: `SB${i}`,
        name: `Sandbox ${i}`,
        type: 'COMPUTER',
        os: 'MACOS',
        osVersion: null,
        model: null,
        manufacturer: null,
        enrollmentState: 'ENROLLED',
        encrypted: null,
        lastSeenAt: null,
      }),
    );
    const { devices, cursors } = await readAll(new SandboxMdmAdapter('FLEET', 0, Date.now, given, 2));
    expect(cursors).toEqual([null, '2', '4']);
    expect(devices).toEqual(given);
    expect(await new SandboxMdmAdapter('JAMF', 0).inventory(null)).toEqual({ devices: [], next: null });
  });
});
