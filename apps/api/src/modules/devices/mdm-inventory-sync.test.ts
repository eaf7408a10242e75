import { randomUUID } from 'node:crypto';
import type { MdmConnection } from '@equip/domain/mdm-connections';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceCounts, deviceSoftware, devices, eventLog, mdmConnections } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deviceCommands } from '../../test/device-commands.ts';
import { bearer, createOrganization, createUser, tokensOfRoles } from '../../test/factories.ts';
import { type FleetFake, startFleetFake } from '../../test/fleet-fake.ts';
import { type JamfFake, startJamfFake } from '../../test/jamf-fake.ts';
import { startManageEngineFake } from '../../test/manage-engine-fake.ts';

const FLEET_TOKEN = 'fleet-api-token-sync-0123456789';

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * The inventory sync from the MDM (issue 27, item 3; decision 025), through the app: "Sync now" on the
 * connection (IT owners), the job it enqueues, and the hourly plan, against the local Fleet and Jamf
 * fakes in their documented shapes, on the real database.
 */
describe('MDM inventory sync (decision 025)', () => {
  let t: TestApp;
  let app: App;
  let fleet: FleetFake;
  let jamf: JamfFake;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let otherOwnerToken: string;

  const db = () => t.services.database.db;
  const commands = deviceCommands(
    () => t,
    () => ownerToken,
  );
  const sync = (token: string | null = ownerToken, provider = 'FLEET') =>
    app.inject({
      method: 'POST',
      url: `/api/mdm-connections/${provider}/sync`,
      headers: token ? bearer(token) : {},
    });
  const connection = async (provider = 'FLEET'): Promise<MdmConnection> => {
    const res = await app.inject({ method: 'GET', url: '/api/mdm-connections', headers: bearer(ownerToken) });
    return (res.json() as { items: MdmConnection[] }).items.find((c) => c.provider === provider)!;
  };
  /** Asks for a sync and waits until it has finished. */
  const syncNow = async (provider = 'FLEET') => {
    const res = await sync(ownerToken, provider);
    expect(res.statusCode, res.body).toBe(202);
    const asked = (res.json() as MdmConnection).sync.requestedAt!;
    await until(async () => {
      const { sync: state } = await connection(provider);
      return state.finishedAt !== null && state.finishedAt >= asked && state.startedAt! >= asked;
    });
    return (await connection(provider)).sync;
  };
  const devicesOf = (org = orgUuid) =>
    db().select().from(devices).where(eq(devices.organizationUuid, org)).orderBy(asc(devices.serialNumber));
  const deviceBySerial = async (serial: string) =>
    (await devicesOf()).find((d) => d.serialNumber === serial)!;
  const eventsAbout = (uuid: string) =>
    db()
      .select({ type: eventLog.type, actorUuid: eventLog.actorUuid, data: eventLog.data })
      .from(eventLog)
      .where(eq(eventLog.subjectUuid, uuid))
      .orderBy(asc(eventLog.createdAt));

  beforeAll(async () => {
    fleet = await startFleetFake({ token: FLEET_TOKEN });
    jamf = await startJamfFake();
    t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true' } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `Sync ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Sync other ${randomUUID().slice(0, 6)}`)).uuid;
    const tokens = await tokensOfRoles(t.services, orgUuid, otherOrgUuid);
    ({ ownerToken, regularToken, otherOwnerToken } = tokens);
    ownerUuid = tokens.owner.uuid;
    const res = await app.inject({
      method: 'PUT',
      url: '/api/mdm-connections/FLEET',
      headers: bearer(ownerToken),
      payload: { baseUrl: fleet.url, apiToken: FLEET_TOKEN },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(async () => {
    await app.close();
    await fleet.close();
    await jamf.close();
  });
  beforeEach(async () => {
    await db()
      .delete(devices)
      .where(inArray(devices.organizationUuid, [orgUuid, otherOrgUuid]));
    fleet.hosts.clear();
    fleet.requests.length = 0;
  });

  it('creates, matches by serial, applies changes with before and after, and marks gone devices', async () => {
    // 101 hosts: the list crosses Fleet's page of 100.
    for (let id = 1; id <= 101; id++)
      fleet.addHost({ id, hostname: `mac-${id}`, hardware_serial: `C02SYNC${id}` });
    fleet.addHost({
      id: 200,
      hostname: 'win-laptop',
      hardware_serial: 'WIN200',
      platform: 'windows',
      hardware_model: 'ThinkPad T14',
      os_version: 'Windows 11 Pro',
      disk_encryption_enabled: false,
    });
    fleet.addHost({ id: 201, hostname: 'linux-vm', hardware_serial: '', platform: 'ubuntu' });
    const person = await createUser(db(), { organizationUuid: orgUuid });
    // Equip's own device with the serial of host 1: assigned, named by IT, an older model and macOS.
    const [known] = await db()
      .insert(devices)
      .values({
        organizationUuid: orgUuid,
        name: "Ada's MacBook",
        serialNumber: 'C02SYNC1',
        type: 'COMPUTER',
        os: 'MACOS',
        osVersion: 'macOS 13.0',
        model: 'MacBookPro16,1',
        status: 'active',
        assignmentType: 'ASSIGNED',
        assignedToUuid: person.uuid,
        location: 'Berlin',
        isEncrypted: true,
      })
      .returning();
    // A device Equip believes Fleet manages, which Fleet does not list; and one another MDM manages.
    const [gone] = await db()
      .insert(devices)
      .values({
        organizationUuid: orgUuid,
        name: 'Old Mac',
        serialNumber: 'GONE1',
        type: 'COMPUTER',
        os: 'MACOS',
        mdmProvider: 'FLEET',
        status: 'active',
      })
      .returning();
    const [jamfs] = await db()
      .insert(devices)
      .values({
        organizationUuid: orgUuid,
        name: 'Jamf Mac',
        serialNumber: 'C02SYNC2',
        type: 'COMPUTER',
        os: 'MACOS',
        mdmProvider: 'JAMF',
        status: 'active',
      })
      .returning();

    const first = await syncNow();
    expect(first.error).toBeNull();
    expect(first.counts).toEqual({
      seen: 103,
      created: 100,
      updated: 1,
      missing: 1,
      returned: 0,
      skipped: 2,
    });
    const pages = fleet.requests.filter((r) => r.path === '/api/v1/fleet/hosts').map((r) => r.query.page);
    expect(pages).toEqual(['0', '1']);

    // Matched: the MDM's fields applied, Equip's own kept (name, assignment, location, status).
    const matched = await deviceBySerial('C02SYNC1');
    expect(matched).toMatchObject({
      uuid: known!.uuid,
      name: "Ada's MacBook",
      assignedToUuid: person.uuid,
      location: 'Berlin',
      status: 'active',
      model: 'MacBookPro18,3',
      osVersion: 'macOS 14.5',
      manufacturer: 'Apple Inc.',
      enrollmentState: 'ENROLLED',
      mdmProvider: 'FLEET',
      mdmDeviceId: '1',
      mdmMissingSince: null,
    });
    expect(matched.lastSeenAt).not.toBeNull();
    expect(await eventsAbout(known!.uuid)).toEqual([
      {
        type: 'DEVICE_UPDATED',
        actorUuid: ownerUuid,
        data: {
          name: "Ada's MacBook",
          before: {
            model: 'MacBookPro16,1',
            manufacturer: null,
            osVersion: 'macOS 13.0',
            enrollmentState: 'READY_TO_ENROLL',
            mdmProvider: null,
          },
          after: {
            model: 'MacBookPro18,3',
            manufacturer: 'Apple Inc.',
            osVersion: 'macOS 14.5',
            enrollmentState: 'ENROLLED',
            mdmProvider: 'FLEET',
          },
          via: 'fleet',
          provider: 'FLEET',
        },
      },
    ]);

    // Created: Fleet's name, the provider set, in use.
    const windows = await deviceBySerial('WIN200');
    expect(windows).toMatchObject({
      name: 'win-laptop',
      type: 'COMPUTER',
      os: 'WINDOWS',
      osVersion: 'Windows 11 Pro',
      model: 'ThinkPad T14',
      isEncrypted: false,
      status: 'active',
      mdmProvider: 'FLEET',
      mdmDeviceId: '200',
      assignmentType: 'UNASSIGNED',
    });
    expect(await eventsAbout(windows.uuid)).toEqual([
      {
        type: 'DEVICE_ADDED',
        actorUuid: ownerUuid,
        data: expect.objectContaining({
          name: 'win-laptop',
          serialNumber: 'WIN200',
          via: 'fleet',
          provider: 'FLEET',
        }),
      },
    ]);

    // Gone: marked since the sync's start, never deleted; the other MDM's device untouched.
    const marked = await deviceBySerial('GONE1');
    expect(marked.uuid).toBe(gone!.uuid);
    expect(marked.mdmMissingSince).toEqual(new Date(first.startedAt!));
    expect(await eventsAbout(gone!.uuid)).toEqual([
      {
        type: 'DEVICE_UPDATED',
        actorUuid: ownerUuid,
        data: expect.objectContaining({
          before: { mdmMissingSince: null },
          after: { mdmMissingSince: first.startedAt },
        }),
      },
    ]);
    expect(await deviceBySerial('C02SYNC2')).toMatchObject({
      uuid: jamfs!.uuid,
      mdmProvider: 'JAMF',
      mdmMissingSince: null,
    });
    expect((await devicesOf()).length).toBe(103);
    // The list's summary counts what the page statements wrote (created, encryption changed).
    const summary = await db()
      .select({
        encrypted: deviceCounts.isEncrypted,
        n: sql<number>`coalesce(sum(${deviceCounts.count}), 0)::integer`,
      })
      .from(deviceCounts)
      .where(eq(deviceCounts.organizationUuid, orgUuid))
      .groupBy(deviceCounts.isEncrypted);
    const all = await devicesOf();
    for (const encrypted of [true, false])
      expect(Number(summary.find((r) => r.encrypted === encrypted)?.n ?? 0)).toBe(
        all.filter((d) => d.isEncrypted === encrypted).length,
      );

    // The device list and detail say since when a device is not in the MDM.
    const list = await app.inject({
      method: 'GET',
      url: '/api/devices?textSearchQuery=GONE1',
      headers: bearer(ownerToken),
    });
    expect(list.json().items).toEqual([
      expect.objectContaining({ serialNumber: 'GONE1', mdmMissingSince: first.startedAt }),
    ]);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/devices/${gone!.uuid}`,
      headers: bearer(ownerToken),
    });
    expect(detail.json()).toMatchObject({ mdmMissingSince: first.startedAt });
  });

  it('a second sync changes nothing that did not change, brings a device back and marks a removed one', async () => {
    fleet.addHost({ id: 1, hostname: 'mac-1', hardware_serial: 'AGAIN1' });
    fleet.addHost({ id: 2, hostname: 'mac-2', hardware_serial: 'AGAIN2' });
    await syncNow();
    const one = await deviceBySerial('AGAIN1');
    const two = await deviceBySerial('AGAIN2');

    const unchanged = await syncNow();
    expect(unchanged.counts).toEqual({
      seen: 2,
      created: 0,
      updated: 0,
      missing: 0,
      returned: 0,
      skipped: 0,
    });
    expect((await eventsAbout(one.uuid)).map((e) => e.type)).toEqual(['DEVICE_ADDED']);
    expect((await deviceBySerial('AGAIN1')).updatedAt).toEqual(one.updatedAt);

    fleet.hosts.delete(2);
    const removed = await syncNow();
    expect(removed.counts).toMatchObject({ seen: 1, missing: 1, returned: 0 });
    expect((await deviceBySerial('AGAIN2')).mdmMissingSince).toEqual(new Date(removed.startedAt!));

    fleet.addHost({ id: 2, hostname: 'mac-2', hardware_serial: 'AGAIN2', os_version: 'macOS 15.1' });
    const back = await syncNow();
    expect(back.counts).toMatchObject({ seen: 2, updated: 1, missing: 0, returned: 1 });
    expect(await deviceBySerial('AGAIN2')).toMatchObject({
      uuid: two.uuid,
      mdmMissingSince: null,
      osVersion: 'macOS 15.1',
    });
    const events = await eventsAbout(two.uuid);
    expect(events.at(-1)!.data).toMatchObject({
      before: { osVersion: 'macOS 14.5', mdmMissingSince: removed.startedAt },
      after: { osVersion: 'macOS 15.1', mdmMissingSince: null },
    });
  });

  it('takes over a device another MDM no longer lists, and leaves one it still manages', async () => {
    fleet.addHost({ id: 1, hostname: 'moved', hardware_serial: 'MOVED1' });
    fleet.addHost({ id: 2, hostname: 'kept', hardware_serial: 'KEPT2' });
    const since = new Date('2026-11-01T00:00:00.000Z');
    const [moved] = await db()
      .insert(devices)
      .values({
        organizationUuid: orgUuid,
        name: 'Moved Mac',
        serialNumber: 'MOVED1',
        type: 'COMPUTER',
        os: 'MACOS',
        mdmProvider: 'JAMF',
        mdmMissingSince: since,
      })
      .returning();
    await db().insert(devices).values({
      organizationUuid: orgUuid,
      name: 'Kept',
      serialNumber: 'KEPT2',
      type: 'COMPUTER',
      os: 'MACOS',
      mdmProvider: 'JAMF',
    });
    const state = await syncNow();
    expect(state.counts).toMatchObject({ seen: 2, updated: 1, returned: 1, skipped: 1, created: 0 });
    expect(await deviceBySerial('MOVED1')).toMatchObject({
      uuid: moved!.uuid,
      mdmProvider: 'FLEET',
      mdmMissingSince: null,
    });
    expect(await deviceBySerial('KEPT2')).toMatchObject({ mdmProvider: 'JAMF' });
    expect((await eventsAbout(moved!.uuid)).at(-1)!.data).toMatchObject({
      before: { mdmProvider: 'JAMF', mdmMissingSince: since.toISOString() },
      after: { mdmProvider: 'FLEET', mdmMissingSince: null },
    });
  });

  it('a sync the MDM refuses records its error and marks nothing as gone', async () => {
    fleet.addHost({ id: 1, hostname: 'mac-1', hardware_serial: 'KEEP1' });
    await syncNow();
    fleet.failNext(401, { path: '/api/v1/fleet/hosts' });
    const failed = await syncNow();
    expect(failed.error).toMatch(/^Fleet 401: Authentication failed/);
    expect(failed.counts).toBeNull();
    expect((await deviceBySerial('KEEP1')).mdmMissingSince).toBeNull();
    // The next one works again.
    expect((await syncNow()).error).toBeNull();
  });

  it('the hourly plan syncs every connection with its own organisation', async () => {
    fleet.addHost({ id: 7, hostname: 'planned', hardware_serial: 'PLAN7' });
    const before = new Date();
    expect(await t.services.jobs.send('mdm.inventory.plan', {})).not.toBeNull();
    await until(async () => {
      const [row] = await db()
        .select({ finished: mdmConnections.syncFinishedAt })
        .from(mdmConnections)
        .where(and(eq(mdmConnections.organizationUuid, orgUuid), eq(mdmConnections.provider, 'FLEET')));
      return row?.finished != null && row.finished >= before;
    });
    const planned = await deviceBySerial('PLAN7');
    expect(planned).toMatchObject({ mdmProvider: 'FLEET', organizationUuid: orgUuid });
    expect(await eventsAbout(planned.uuid)).toEqual([
      {
        type: 'DEVICE_ADDED',
        actorUuid: null,
        data: expect.objectContaining({ automatic: true, via: 'fleet' }),
      },
    ]);
    expect(await devicesOf(otherOrgUuid)).toEqual([]);
  });

  it("reads each synced device's installed software by the MDM's id, a device at a time (decision 030)", async () => {
    fleet.addHost({
      id: 300,
      hostname: 'soft-mac',
      hardware_serial: 'SOFT300',
      software: [
        {
          id: 1,
          name: 'Slack.app',
          version: '4.41.105',
          source: 'apps',
          bundle_identifier: 'com.tinyspeck.slackmacgap',
        },
        { id: 2, name: 'zsh', version: '5.9', source: 'homebrew_packages' },
      ],
    });
    fleet.addHost({ id: 301, hostname: 'bare-mac', hardware_serial: 'SOFT301', software: [] });
    const state = await syncNow();
    expect(state.counts).toMatchObject({ seen: 2, created: 2 });
    const soft = await deviceBySerial('SOFT300');
    const rows = await db()
      .select({ name: deviceSoftware.name, source: deviceSoftware.source, version: deviceSoftware.version })
      .from(deviceSoftware)
      .where(eq(deviceSoftware.deviceUuid, soft.uuid))
      .orderBy(asc(deviceSoftware.name));
    expect(rows).toEqual([
      { name: 'Slack.app', source: 'FLEET', version: '4.41.105' },
      { name: 'zsh', source: 'FLEET', version: '5.9' },
    ]);
    // Each host read by its id (no search by serial per device), once.
    const reads = fleet.requests.filter(
      (r) => r.method === 'GET' && /^\/api\/v1\/fleet\/hosts\/\d+$/.test(r.path),
    );
    expect(reads.map((r) => r.path).sort()).toEqual(['/api/v1/fleet/hosts/300', '/api/v1/fleet/hosts/301']);
    expect(fleet.requests.filter((r) => r.query.query !== undefined)).toEqual([]);
  });

  it("a synced device's commands go to the MDM's id it stored, without a search by serial", async () => {
    fleet.addHost({ id: 320, hostname: 'synced-mac', hardware_serial: 'CMD320' });
    await syncNow();
    const mac = await deviceBySerial('CMD320');
    expect(mac.mdmDeviceId).toBe('320');
    fleet.requests.length = 0;
    await commands.send(mac.uuid, 'lock');
    await commands.until(mac.uuid, (newest) => newest.state !== 'queued');
    expect(fleet.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/v1/fleet/hosts/320/lock',
    ]);
    expect(fleet.requests.filter((r) => r.path === '/api/v1/fleet/hosts')).toEqual([]);
  });

  it('a rate limit on the software reads stops them for this sync; the devices are synced all the same', async () => {
    fleet.addHost({ id: 310, hostname: 'limited-a', hardware_serial: 'LIM310' });
    fleet.addHost({ id: 311, hostname: 'limited-b', hardware_serial: 'LIM311' });
    fleet.failNext(429, { path: '/api/v1/fleet/hosts/31', retryAfter: '60' });
    const state = await syncNow();
    expect(state).toMatchObject({ counts: { seen: 2, created: 2 }, error: null });
    const software = await db()
      .select({ uuid: deviceSoftware.uuid })
      .from(deviceSoftware)
      .innerJoin(devices, eq(devices.uuid, deviceSoftware.deviceUuid))
      .where(inArray(devices.serialNumber, ['LIM310', 'LIM311']));
    expect(software).toEqual([]);
  });

  it('Jamf Pro: computers and mobile devices appear after a sync', async () => {
    jamf.addComputer({ serialNumber: 'JSYNC1', name: 'Design Mac', model: 'MacBook Air (M2, 2022)' });
    jamf.addMobileDevice({
      serialNumber: 'JSYNC2',
      displayName: 'Sales iPad',
      model: 'iPad Air (5th generation)',
    });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/mdm-connections/JAMF',
      headers: bearer(ownerToken),
      payload: { baseUrl: jamf.url, clientId: jamf.clientId, clientSecret: jamf.clientSecret },
    });
    expect(res.statusCode, res.body).toBe(201);
    const state = await syncNow('JAMF');
    expect(state.counts).toMatchObject({ seen: 2, created: 2 });
    expect(await deviceBySerial('JSYNC1')).toMatchObject({
      name: 'Design Mac',
      type: 'COMPUTER',
      os: 'MACOS',
      mdmProvider: 'JAMF',
      isEncrypted: true,
    });
    expect(await deviceBySerial('JSYNC2')).toMatchObject({
      name: 'Sales iPad',
      type: 'TABLET',
      os: 'IOS',
      mdmProvider: 'JAMF',
    });
  });

  it('ManageEngine: its devices appear after a sync, removed ones left out', async () => {
    const me = await startManageEngineFake();
    try {
      me.addDevice({ serialNumber: 'MESYNC1', name: 'Field phone', platform: 'ios' });
      me.addDevice({
        serialNumber: 'MESYNC2',
        name: 'Front desk PC',
        platform: 'windows',
        model: 'OptiPlex 7090',
      });
      me.addDevice({ serialNumber: 'MESYNC3', name: 'Returned phone', removed: true });
      const res = await app.inject({
        method: 'PUT',
        url: '/api/mdm-connections/MANAGE_ENGINE',
        headers: bearer(ownerToken),
        payload: { baseUrl: me.url, apiToken: me.apiKey },
      });
      expect(res.statusCode, res.body).toBe(201);
      const state = await syncNow('MANAGE_ENGINE');
      expect(state.counts).toMatchObject({ seen: 2, created: 2, missing: 0 });
      expect(await deviceBySerial('MESYNC1')).toMatchObject({
        type: 'PHONE',
        os: 'IOS',
        mdmProvider: 'MANAGE_ENGINE',
      });
      expect(await deviceBySerial('MESYNC2')).toMatchObject({
        type: 'COMPUTER',
        os: 'WINDOWS',
        model: 'OptiPlex 7090',
        mdmProvider: 'MANAGE_ENGINE',
      });
      expect(await deviceBySerial('MESYNC3')).toBeUndefined();
    } finally {
      await app.inject({
        method: 'DELETE',
        url: '/api/mdm-connections/MANAGE_ENGINE',
        headers: bearer(ownerToken),
      });
      await me.close();
    }
  });

  describe('POST /api/mdm-connections/:provider/sync', () => {
    it('answers 202 with the connection, its sync asked for', async () => {
      const res = await sync();
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ provider: 'FLEET', sync: { requestedAt: expect.any(String) } });
      const asked = (res.json() as MdmConnection).sync.requestedAt!;
      await until(async () => ((await connection()).sync.finishedAt ?? '') >= asked);
    });

    it('answers 404 for a provider that is not connected or does not exist, 400 for a malformed one', async () => {
      expect((await sync(ownerToken, 'MANAGE_ENGINE')).statusCode).toBe(404);
      expect((await sync(ownerToken, 'NOPE')).statusCode).toBe(404);
      const malformed = await sync(ownerToken, 'X'.repeat(41));
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors[0]).toMatchObject({ location: 'params', param: 'provider' });
    });

    it('answers 401 without a token and 403 for a regular user', async () => {
      expect((await sync(null)).statusCode).toBe(401);
      expect((await sync(regularToken)).statusCode).toBe(403);
    });

    it("another organisation's IT owner reaches only their own (none): 404, nothing asked or synced", async () => {
      const before = (await connection()).sync;
      expect((await sync(otherOwnerToken)).statusCode).toBe(404);
      expect((await connection()).sync).toEqual(before);
      expect(await devicesOf(otherOrgUuid)).toEqual([]);
    });
  });
});
