import { randomUUID } from 'node:crypto';
import type { DeviceReturnRequest } from '@equip/domain/devices';
import type { DeviceCommand, DeviceCommands } from '@equip/domain/mdm';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deviceCommands,
  devices,
  eventLog,
  featureFlags,
  mdmConnections,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../http/access.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor, tokensOfRoles } from '../../test/factories.ts';
import { type FleetFake, startFleetFake } from '../../test/fleet-fake.ts';

type NewDevice = typeof devices.$inferInsert;

describe('MDM actions (issue 11 item 3)', () => {
  let t: TestApp;
  let app: App;
  let fleet: FleetFake;
  let orgUuid: string;
  let otherOrgUuid: string;
  let fleetOrgUuid: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let ownerToken: string;
  let regularToken: string;
  let adminToken: string;
  let otherOwnerToken: string;
  let fleetOwnerToken: string;
  let strangerDevice: string;
  let mac: string;
  let iphone: string;
  let unmanaged: string;

  const db = () => t.services.database.db;
  const send = (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = ownerToken) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const act = (device: string, payload: unknown, token: string | null = ownerToken) =>
    send('POST', `/api/devices/${device}/actions`, payload, token);
  const commandsOf = (device: string, token = ownerToken) =>
    send('GET', `/api/devices/${device}/actions`, undefined, token);

  const addDevice = async (values: Partial<NewDevice> & { organizationUuid: string }) => {
    const [row] = await db()
      .insert(devices)
      .values({
        name: `Device ${randomUUID().slice(0, 6)}`,
        type: 'COMPUTER',
        os: 'MACOS',
        status: 'active',
        enrollmentState: 'ENROLLED',
        mdmProvider: 'JAMF',
        ...values,
      })
      .returning();
    return row!.uuid;
  };

  /** Polls the device's commands until `done` holds (the job runner polls every half second in tests). */
  async function until(device: string, done: (c: DeviceCommands) => boolean, token = ownerToken) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const res = await commandsOf(device, token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<DeviceCommands>();
      if (done(body)) return body;
      if (Date.now() > deadline) throw new Error(`timed out: ${res.body}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const settled = (c: DeviceCommands) =>
    c.items.length > 0 && c.items.every((i) => i.state === 'completed' || i.state === 'failed');

  const setResetFlag = (value: 'on' | 'off') =>
    db()
      .insert(featureFlags)
      .values({ name: 'it-3148-device-reset', value })
      .onConflictDoUpdate({ target: featureFlags.name, set: { value } });

  const commandRows = (orgs: string[]) =>
    db()
      .select()
      .from(deviceCommands)
      .where(inArray(deviceCommands.organizationUuid, orgs))
      .orderBy(asc(deviceCommands.createdAt));

  beforeAll(async () => {
    fleet = await startFleetFake();
    t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true' } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `Actions ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db())).uuid;
    fleetOrgUuid = (await createOrganization(db(), `Fleet ${randomUUID().slice(0, 6)}`)).uuid;
    ({ owner, ownerToken, regularToken, adminToken, otherOwnerToken } = await tokensOfRoles(
      t.services,
      orgUuid,
      otherOrgUuid,
      { firstName: 'Olga', lastName: 'Owner' },
    ));
    fleetOwnerToken = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: fleetOrgUuid, role: 'it-owner' }),
    );
    strangerDevice = await addDevice({ organizationUuid: otherOrgUuid, name: 'Stranger Mac' });
    // Connected the way an IT owner does (tested against the fake, the token stored sealed).
    const connected = await app.inject({
      method: 'PUT',
      url: '/api/mdm-connections/FLEET',
      headers: bearer(fleetOwnerToken),
      payload: { baseUrl: fleet.url, apiToken: fleet.token },
    });
    expect(connected.statusCode, connected.body).toBe(201);
  });
  afterAll(async () => {
    await setResetFlag('off');
    await app.close();
    await fleet.close();
  });
  beforeEach(async () => {
    await setResetFlag('off');
    mac = await addDevice({ organizationUuid: orgUuid, name: 'Olga’s MacBook', serialNumber: 'C02XK1' });
    iphone = await addDevice({
      organizationUuid: orgUuid,
      name: 'iPhone 15',
      type: 'PHONE',
      os: 'IOS',
      mdmProvider: 'MANAGE_ENGINE',
    });
    unmanaged = await addDevice({
      organizationUuid: orgUuid,
      name: 'Old PC',
      os: 'WINDOWS',
      mdmProvider: null,
      enrollmentState: 'READY_TO_ENROLL',
    });
  });

  it('locks a device: 202 queued, then sent, then the device reports locked (status, events with the actor)', async () => {
    const res = await act(mac, { action: 'lock' });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json<DeviceCommand>();
    expect(queued).toMatchObject({
      deviceUuid: mac,
      action: 'lock',
      state: 'queued',
      progress: 10,
      provider: 'JAMF',
      requestedByUuid: owner.uuid,
      requestedByName: 'Olga Owner',
      error: null,
    });
    const done = await until(mac, settled);
    expect(done.mdmStatus).toBe('locked');
    // No Jamf server is connected: the sandbox answered (and the drawer says so), not a device.
    expect(done.reachedThrough).toBe('sandbox');
    expect((await commandsOf(unmanaged)).json()).toMatchObject({ reachedThrough: null, items: [] });
    expect(done.items[0]).toMatchObject({ uuid: queued.uuid, state: 'completed', progress: 100 });
    expect(done.items[0]!.sentAt).not.toBeNull();
    const detail = await send('GET', `/api/devices/${mac}`);
    // The device's report of the lock is a sign of life: last seen when it confirmed.
    expect(detail.json()).toMatchObject({ mdmStatus: 'locked', lastSeenAt: done.items[0]!.completedAt });
    const events = await db()
      .select({ type: eventLog.type, actorUuid: eventLog.actorUuid, data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.subjectUuid, mac)))
      .orderBy(asc(eventLog.createdAt));
    expect(events).toEqual([
      {
        type: 'DEVICE_ACTION_SENT',
        actorUuid: owner.uuid,
        data: expect.objectContaining({
          action: 'lock',
          commandUuid: queued.uuid,
          provider: 'JAMF',
          via: 'sandbox',
        }),
      },
      {
        type: 'DEVICE_ACTION_COMPLETED',
        actorUuid: owner.uuid,
        data: expect.objectContaining({ action: 'lock', state: 'completed', mdmStatus: 'locked' }),
      },
    ]);
    // Locked: lock again is refused, unlock goes through.
    const again = await act(mac, { action: 'lock' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ msg: 'The device is already locked', param: 'action' });
    expect((await act(mac, { action: 'unlock' })).statusCode).toBe(202);
    expect((await until(mac, settled)).mdmStatus).toBe('unlocked');
  });

  it('raises device.action.sent as the command goes to the MDM, before the device confirms (issue 27)', async () => {
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({
        organizationUuid: orgUuid,
        url: 'https://hooks.example/equip',
        eventTypes: ['device.action.sent'],
        // Never opened here: the delivery is only queued (the receiver is not reachable from tests).
        secretCiphertext: 'unused',
      })
      .returning();
    try {
      const queued = (await act(mac, { action: 'lock' })).json<DeviceCommand>();
      await until(mac, settled);
      const deliveries = await db()
        .select({ eventType: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointUuid, endpoint!.uuid));
      expect(deliveries.map((d) => d.eventType)).toEqual(['device.action.sent']);
      expect(JSON.stringify(deliveries[0]!.payload)).toContain(queued.uuid);
    } finally {
      await db().delete(webhookEndpoints).where(eq(webhookEndpoints.uuid, endpoint!.uuid));
    }
  });

  it('wipe needs the device name typed exactly; reset needs the flag too', async () => {
    const before = await commandRows([orgUuid]);
    const missing = await act(mac, { action: 'wipe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({
      msg: 'Type the device name to confirm this action',
      location: 'body',
      param: 'confirmation',
    });
    const wrong = await act(mac, { action: 'wipe', confirmation: 'Olga’s Macbook' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].msg).toBe('The confirmation does not match the device name');
    const resetOff = await act(mac, { action: 'reset', confirmation: 'Olga’s MacBook' });
    expect(resetOff.statusCode).toBe(400);
    expect(resetOff.json().errors[0].msg).toBe('Resetting devices is not enabled');
    expect(await commandRows([orgUuid])).toEqual(before);

    await setResetFlag('on');
    const reset = await act(mac, { action: 'reset', confirmation: ' Olga’s MacBook ' });
    expect(reset.statusCode, reset.body).toBe(202);
    expect((await until(mac, settled)).mdmStatus).toBe('wiped');
    // Back at its first-setup screen: no longer enrolled, nothing on it encrypted or protected.
    const [wiped] = await db().select().from(devices).where(eq(devices.uuid, mac));
    expect(wiped).toMatchObject({
      mdmStatus: 'wiped',
      enrollmentState: 'READY_TO_ENROLL',
      isEncrypted: false,
      isProtected: false,
    });
    expect(wiped!.lastSeenAt).not.toBeNull();
    // A wiped device takes no further actions until it is enrolled again.
    expect((await act(mac, { action: 'restart' })).json().errors[0].msg).toBe('The device has been wiped');
  });

  it('refuses bad input: unknown action, actions that do not fit the device, extra fields', async () => {
    const before = await commandRows([orgUuid]);
    const unknown = await act(mac, { action: 'explode' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ location: 'body', param: 'action' });
    expect((await act(mac, {})).statusCode).toBe(400);
    expect((await act('not-a-uuid', { action: 'lock' })).statusCode).toBe(400);
    const lostMode = await act(mac, { action: 'enable_lost_mode' });
    expect(lostMode.statusCode).toBe(409);
    expect(lostMode.json().errors[0].msg).toBe(
      "The action is not available for the device's operating system",
    );
    expect((await act(unmanaged, { action: 'lock' })).json().errors[0].msg).toBe(
      'The device is not managed by an MDM provider',
    );
    expect((await act(mac, { action: 'unlock' })).json().errors[0].msg).toBe('The device is not locked');
    expect(await commandRows([orgUuid])).toEqual(before);
  });

  it('answers 401 without a token, 403 for regular users, 404 for another organisation’s device', async () => {
    expect((await act(mac, { action: 'lock' }, null)).statusCode).toBe(401);
    expect((await commandsOf(mac, '' as string)).statusCode).toBe(401);
    expect((await act(mac, { action: 'lock' }, regularToken)).statusCode).toBe(403);
    expect((await commandsOf(mac, regularToken)).statusCode).toBe(403);
    expect(
      (await send('POST', '/api/devices/actions', { action: 'lock', deviceUuids: [mac] }, regularToken))
        .statusCode,
    ).toBe(403);
    const stranger = await act(strangerDevice, { action: 'lock' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().errors[0].msg).toBe('Device not found');
    expect((await commandsOf(strangerDevice)).statusCode).toBe(404);
    expect((await act(mac, { action: 'lock' }, otherOwnerToken)).statusCode).toBe(404);
    expect(await commandRows([otherOrgUuid])).toEqual([]);
  });

  it('lets a provider admin act for the organisation', async () => {
    const res = await act(iphone, { action: 'enable_lost_mode' }, adminToken);
    expect(res.statusCode, res.body).toBe(202);
    expect((await until(iphone, settled, adminToken)).mdmStatus).toBe('locked');
  });

  it('sends one action to a selection: one command each, devices it does not fit skipped with the reason', async () => {
    const res = await send('POST', '/api/devices/actions', {
      action: 'restart',
      deviceUuids: [mac, iphone, unmanaged, mac],
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<{ items: DeviceCommand[]; skipped: unknown[] }>();
    expect(body.items.map((c) => c.deviceUuid).sort()).toEqual([mac, iphone].sort());
    expect(body.skipped).toEqual([{ deviceUuid: unmanaged, reason: 'not_managed' }]);
    await until(mac, settled);
    await until(iphone, settled);
    // A restart reports no new status.
    expect((await commandsOf(mac)).json().mdmStatus).toBeNull();
  });

  it('queues the largest selection (500 devices) in one request, one command and job each (in slices of BULK_SLICE_DEVICES)', async () => {
    const bulkOrg = (await createOrganization(db())).uuid;
    const bulkOwner = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: bulkOrg, role: 'it-owner' }),
    );
    const rows = await db()
      .insert(devices)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          organizationUuid: bulkOrg,
          name: `Bulk ${i}`,
          type: 'COMPUTER' as const,
          os: 'WINDOWS' as const,
          status: 'active' as const,
          enrollmentState: 'ENROLLED' as const,
          mdmProvider: 'MANAGE_ENGINE' as const,
        })),
      )
      .returning({ uuid: devices.uuid });
    const res = await send(
      'POST',
      '/api/devices/actions',
      { action: 'restart', deviceUuids: rows.map((r) => r.uuid) },
      bulkOwner,
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().items).toHaveLength(500);
    const commands = await commandRows([bulkOrg]);
    expect(commands).toHaveLength(500);
    // One job per command, keyed by it, in the same transaction: all 500 are in the queue at once.
    const { rows: jobs } = await t.services.database.jobStore.executeSql(
      `select data->>'commandUuid' as "commandUuid" from pgboss.job where name = 'mdm.command' and data->>'organizationUuid' = $1`,
      [bulkOrg],
    );
    expect(new Set(jobs.map((j) => (j as { commandUuid: string }).commandUuid))).toEqual(
      new Set(commands.map((c) => c.uuid)),
    );
    // The queue works them: one settles. All 500 take as long as the organisation's share allows, which
    // is the fair-share tests' business, not a wall-clock wait here.
    await expect
      .poll(
        async () =>
          (await commandRows([bulkOrg])).some((c) => c.state === 'completed' || c.state === 'failed'),
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
  }, 60_000);

  it('refuses bad selections whole: wipe in bulk, too many devices, another organisation’s device', async () => {
    const before = await commandRows([orgUuid, otherOrgUuid]);
    const wipe = await send('POST', '/api/devices/actions', { action: 'wipe', deviceUuids: [mac] });
    expect(wipe.statusCode).toBe(400);
    expect(wipe.json().errors[0].msg).toBe(
      'wipe and reset are confirmed per device and cannot be sent in bulk',
    );
    const many = Array.from({ length: 501 }, () => randomUUID());
    expect(
      (await send('POST', '/api/devices/actions', { action: 'lock', deviceUuids: many })).statusCode,
    ).toBe(400);
    expect((await send('POST', '/api/devices/actions', { action: 'lock', deviceUuids: [] })).statusCode).toBe(
      400,
    );
    const mixed = await send('POST', '/api/devices/actions', {
      action: 'lock',
      deviceUuids: [mac, strangerDevice],
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().errors[0]).toMatchObject({ msg: 'Device not found', param: 'deviceUuids.1' });
    expect(await commandRows([orgUuid, otherOrgUuid])).toEqual(before);
  });

  it('a return with triggerReset queues a reset command per device in the same transaction, and refuses one that cannot take it', async () => {
    const auth: AuthContext = {
      userUuid: owner.uuid,
      sessionUuid: randomUUID(),
      role: 'it-owner',
      organizationUuid: orgUuid,
      homeOrganizationUuid: orgUuid,
    };
    const giveBack = (request: DeviceReturnRequest) =>
      withTenant(db(), orgUuid, (tx) => t.services.devices.returnDevices(tx, auth, request));
    const commandsOf = () =>
      db()
        .select()
        .from(deviceCommands)
        .where(inArray(deviceCommands.deviceUuid, [mac, iphone, unmanaged]));
    // Before: a device without an MDM went back to stock "reset" with no reset sent.
    await expect(
      giveBack({
        devices: [
          { deviceUuid: mac, triggerReset: true },
          { deviceUuid: unmanaged, triggerReset: true },
        ],
        code: 'checked-by-route',
      }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await commandsOf()).toEqual([]);

    const result = await giveBack({
      devices: [{ deviceUuid: mac, triggerReset: true }, { deviceUuid: unmanaged }, { deviceUuid: iphone }],
      code: 'checked-by-route',
    });
    expect(result).toEqual({ returned: 3, resetsSent: 1 });
    expect((await commandsOf()).map((r) => [r.deviceUuid, r.action])).toEqual([[mac, 'reset']]);
    expect((await until(mac, settled)).mdmStatus).toBe('wiped');
    const returned = await db()
      .select({ subject: eventLog.subjectUuid, data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.type, 'DEVICE_RETURNED'), inArray(eventLog.subjectUuid, [mac, unmanaged])));
    expect(Object.fromEntries(returned.map((e) => [e.subject, e.data]))).toMatchObject({
      [mac]: { triggerReset: true, resetQueued: true },
      [unmanaged]: { triggerReset: false },
    });
  });

  describe('through a real Fleet client (the organisation has Fleet connected)', () => {
    beforeEach(() => {
      fleet.hosts.clear();
      fleet.reportAfterReads(1);
    });

    it('locks the Fleet host with the device’s serial and completes when Fleet reports it locked', async () => {
      fleet.addHost({ id: 42, hostname: 'fleet-mbp', hardware_serial: 'FLEET42' });
      const device = await addDevice({
        organizationUuid: fleetOrgUuid,
        mdmProvider: 'FLEET',
        serialNumber: 'FLEET42',
      });
      const res = await act(device, { action: 'lock' }, fleetOwnerToken);
      expect(res.statusCode, res.body).toBe(202);
      const done = await until(device, settled, fleetOwnerToken);
      // Through the organisation's own Fleet server.
      expect(done).toMatchObject({
        mdmStatus: 'locked',
        reachedThrough: 'server',
        items: [{ state: 'completed' }],
      });
      // The token is stored sealed and opened for the call.
      const lock = fleet.requests.find(
        (r) => r.method === 'POST' && r.path === '/api/v1/fleet/hosts/42/lock',
      );
      expect(lock?.authorization).toBe(`Bearer ${fleet.token}`);
      const [stored] = await db()
        .select({ sealed: mdmConnections.apiTokenEncrypted })
        .from(mdmConnections)
        .where(eq(mdmConnections.organizationUuid, fleetOrgUuid));
      expect(stored!.sealed).not.toContain(fleet.token);
    });

    it('fails the command with Fleet’s reason when Fleet refuses (422) or knows no such host', async () => {
      fleet.addHost({ id: 43, hostname: 'fleet-2', hardware_serial: 'FLEET43' });
      const device = await addDevice({
        organizationUuid: fleetOrgUuid,
        mdmProvider: 'FLEET',
        serialNumber: 'FLEET43',
      });
      fleet.failNext(422);
      await act(device, { action: 'lock' }, fleetOwnerToken);
      const failed = await until(device, settled, fleetOwnerToken);
      expect(failed.mdmStatus).toBeNull();
      expect(failed.items[0]).toMatchObject({ state: 'failed', progress: 100 });
      expect(failed.items[0]!.error).toContain('host does not have MDM turned on');
      const ghost = await addDevice({
        organizationUuid: fleetOrgUuid,
        mdmProvider: 'FLEET',
        serialNumber: 'NOPE',
      });
      await act(ghost, { action: 'lock' }, fleetOwnerToken);
      expect((await until(ghost, settled, fleetOwnerToken)).items[0]!.error).toBe(
        'No Fleet host matches the device (NOPE)',
      );
      const [event] = await db()
        .select({ data: eventLog.data })
        .from(eventLog)
        .where(and(eq(eventLog.subjectUuid, ghost), eq(eventLog.type, 'DEVICE_ACTION_COMPLETED')));
      expect(event!.data).toMatchObject({ state: 'failed', action: 'lock' });
    });

    it('unlocks a locked Mac through Fleet and keeps the PIN to type on it', async () => {
      fleet.addHost({ id: 45, hostname: 'fleet-4', hardware_serial: 'FLEET45', device_status: 'locked' });
      const device = await addDevice({
        organizationUuid: fleetOrgUuid,
        mdmProvider: 'FLEET',
        serialNumber: 'FLEET45',
        mdmStatus: 'locked',
      });
      expect((await act(device, { action: 'unlock' }, fleetOwnerToken)).statusCode).toBe(202);
      const done = await until(device, settled, fleetOwnerToken);
      expect(done).toMatchObject({
        mdmStatus: 'unlocked',
        items: [{ state: 'completed', unlockPin: '123456' }],
      });
    });

    it('retries a Fleet that is rate-limiting (429) and completes', async () => {
      fleet.addHost({ id: 44, hostname: 'fleet-3', hardware_serial: 'FLEET44' });
      const device = await addDevice({
        organizationUuid: fleetOrgUuid,
        mdmProvider: 'FLEET',
        serialNumber: 'FLEET44',
      });
      fleet.failNext(429);
      await act(device, { action: 'lock' }, fleetOwnerToken);
      const done = await until(device, settled, fleetOwnerToken);
      expect(done.items[0]!.state).toBe('completed');
    });
  });
});
