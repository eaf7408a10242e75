import { randomUUID } from 'node:crypto';
import { MDM_CHECK_ERRORS, type MdmCheckError, type MdmConnection } from '@equip/domain/mdm-connections';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices, eventLog, mdmConnections } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { EQUIP_VERSION } from '../../providers/outbound/public-fetch.ts';
import { decryptSecret, SEALED_SECRET_PURPOSES, sealingKey } from '../../security/sealed-secrets.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deviceCommands } from '../../test/device-commands.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { type JamfFake, startJamfFake } from '../../test/jamf-fake.ts';
import { type ManageEngineFake, startManageEngineFake } from '../../test/manage-engine-fake.ts';

type DeviceOs = 'MACOS' | 'IOS';
type CommandItem = Awaited<ReturnType<ReturnType<typeof deviceCommands>['until']>>['items'][number];

/** What the fakes of the MDM servers one connects with a URL and credentials have in common. */
interface ServerFake {
  url: string;
  requests: { method: string; path: string }[];
  failNext(
    status: 401 | 429 | 500 | 503,
    options: { retryAfter?: string; path?: string; method?: string },
  ): void;
  holdNext(path: string, afterEffect?: boolean): void;
  releaseHeld(): void;
  reportAfterReads(n: number): void;
  close(): Promise<void>;
}

/**
 * One MDM server kind as this suite drives it: its fake, its credentials, the words it answers with and
 * how to read what reached it. Everything else — the routes, the jobs, the sealing, the retries — is the
 * same path for every kind, so one suite walks it for each.
 */
interface ServerProfile<F extends ServerFake> {
  provider: 'JAMF' | 'MANAGE_ENGINE';
  /** The product's name as its errors say it. */
  name: string;
  start(): Promise<F>;
  good(fake: F): Record<string, string>;
  /** The sealed secret: what `good` sends that must never come back. */
  secret(fake: F): string;
  wrong: { payload: (fake: F) => Record<string, string>; param: string; msg: MdmCheckError };
  missing: (fake: F) => (readonly [Record<string, string>, string])[];
  notServer: { suffix: string; msg: MdmCheckError };
  /** What the connection answers and logs beyond the address and the token's hint. */
  tokenHint: string;
  shown: (fake: F) => Record<string, string>;
  testRequests: string[];
  firstRequest: (fake: F) => Record<string, unknown>;
  /** A record at the fake for a new device; `ref` is how the fake knows it. */
  addDevice(fake: F, os: DeviceOs): { ref: string; serialNumber: string };
  forget(fake: F, ref: string): void;
  unknownError: (serialNumber: string) => string;
  /** What reached the fake for a device, and the names of those commands. */
  sentTo(fake: F, ref: string): unknown[];
  /** The names of the commands that reached the fake for a device, and a restart's name there. */
  namesSentTo: (fake: F, ref: string) => string[];
  restartName: string;
  expectLockSent(fake: F, ref: string, lock: CommandItem): void;
  expectLostMode(fake: F, ref: string): void;
  /** The path a command for the device is sent to, and the one held for the timeout test. */
  commandPath: (ref: string) => string;
  heldLockPath: (ref: string) => string;
  tooManyError: string;
  checkRequest: { path: string; method?: string };
  refusedCheck: MdmCheckError;
  /** A command the server itself reports failed, where the fake can be told to. */
  reportsFailure?: { fail(fake: F): void; error: string };
}

const JAMF_COMMANDS = '/api/v2/mdm/commands';
let nextJamfId = 700;

const jamfPro: ServerProfile<JamfFake> = {
  provider: 'JAMF',
  name: 'Jamf Pro',
  start: () => startJamfFake(),
  good: (jamf) => ({ baseUrl: jamf.url, clientId: jamf.clientId, clientSecret: jamf.clientSecret }),
  secret: (jamf) => jamf.clientSecret,
  wrong: {
    payload: (jamf) => ({ baseUrl: jamf.url, clientId: jamf.clientId, clientSecret: 'not-the-secret' }),
    param: 'clientSecret',
    msg: MDM_CHECK_ERRORS.credentialsRefused,
  },
  missing: (jamf) => [
    [{ baseUrl: jamf.url, clientSecret: jamf.clientSecret }, 'clientId'],
    [{ baseUrl: jamf.url, clientId: jamf.clientId, apiToken: 'a-fleet-token' }, 'clientSecret'],
  ],
  notServer: { suffix: '/not-jamf', msg: MDM_CHECK_ERRORS.notJamf },
  tokenHint: 'cdef',
  shown: (jamf) => ({ clientId: jamf.clientId }),
  testRequests: ['POST /api/oauth/token', 'GET /api/v1/jamf-pro-version'],
  firstRequest: () => ({ userAgent: `Equip/${EQUIP_VERSION} (+mdm)` }),
  addDevice(jamf, os) {
    const id = String(nextJamfId++);
    const serialNumber = `JAMF${id}`;
    const record =
      os === 'MACOS' ? jamf.addComputer({ id, serialNumber }) : jamf.addMobileDevice({ id, serialNumber });
    return { ref: record.managementId, serialNumber };
  },
  forget(jamf, managementId) {
    for (const [id, computer] of jamf.computers)
      if (computer.managementId === managementId) jamf.computers.delete(id);
  },
  unknownError: (serialNumber) => `No managed Jamf Pro computer matches the device (${serialNumber})`,
  sentTo: (jamf, managementId) => jamf.commands.filter((c) => c.managementId === managementId),
  restartName: 'RESTART_DEVICE',
  namesSentTo: (jamf, managementId) =>
    jamf.commands.filter((c) => c.managementId === managementId).map((c) => c.commandType),
  expectLockSent(jamf, managementId, lock) {
    // Jamf Pro takes a six-digit PIN with the lock, which the drawer shows for unlocking.
    expect(lock.unlockPin).toMatch(/^\d{6}$/);
    expect(jamf.commands.filter((c) => c.managementId === managementId)).toEqual([
      expect.objectContaining({
        commandType: 'DEVICE_LOCK',
        commandData: { commandType: 'DEVICE_LOCK', pin: lock.unlockPin },
        state: 'ACKNOWLEDGED',
      }),
    ]);
  },
  expectLostMode(jamf, managementId) {
    expect(jamf.commands.filter((c) => c.managementId === managementId)).toEqual([
      expect.objectContaining({ clientType: 'MOBILE_DEVICE', commandType: 'ENABLE_LOST_MODE' }),
    ]);
  },
  commandPath: () => JAMF_COMMANDS,
  heldLockPath: () => JAMF_COMMANDS,
  tooManyError: 'Jamf Pro 429: Too many requests',
  checkRequest: { path: '/api/oauth/token' },
  refusedCheck: MDM_CHECK_ERRORS.credentialsRefused,
};

const actionsOf = (id: string) => `/api/v1/mdm/devices/${id}/actions`;
let nextManageEngineId = 9007199254742000n;

const manageEngine: ServerProfile<ManageEngineFake> = {
  provider: 'MANAGE_ENGINE',
  name: 'ManageEngine',
  start: () => startManageEngineFake(),
  good: (me) => ({ baseUrl: me.url, apiToken: me.apiKey }),
  secret: (me) => me.apiKey,
  wrong: {
    payload: (me) => ({ baseUrl: me.url, apiToken: 'not-the-api-key' }),
    param: 'apiToken',
    msg: MDM_CHECK_ERRORS.tokenRefused,
  },
  missing: (me) => [[{ baseUrl: me.url, clientSecret: 'a-jamf-secret' }, 'apiToken']],
  notServer: { suffix: '/not-manage-engine', msg: MDM_CHECK_ERRORS.notManageEngine },
  tokenHint: '89AB',
  shown: () => ({}),
  testRequests: ['GET /api/v1/mdm/devices'],
  // The API key goes in the Authorization header as it is, without a scheme.
  firstRequest: (me) => ({ authorization: me.apiKey, userAgent: `Equip/${EQUIP_VERSION} (+mdm)` }),
  addDevice(me, os) {
    const id = String(nextManageEngineId++);
    const serialNumber = `ME${id.slice(-6)}`;
    me.addDevice({ id, serialNumber, platform: os === 'MACOS' ? 'macos' : 'ios' });
    return { ref: id, serialNumber };
  },
  forget: (me, id) => void me.devices.delete(id),
  unknownError: (serialNumber) => `No device managed by ManageEngine matches the device (${serialNumber})`,
  sentTo: (me, id) => me.actions.filter((a) => a.deviceId === id),
  restartName: 'restart',
  namesSentTo: (me, id) => me.actions.filter((a) => a.deviceId === id).map((a) => a.action),
  expectLockSent(me, id) {
    expect(me.actions.filter((a) => a.deviceId === id)).toEqual([
      expect.objectContaining({ action: 'lock', statusCode: 2 }),
    ]);
  },
  expectLostMode: (me, id) => expect(me.devices.get(id)!.lostMode).toBe(true),
  commandPath: actionsOf,
  heldLockPath: (id) => `${actionsOf(id)}/lock`,
  tooManyError: 'ManageEngine 429: TOO_MANY_REQUESTS: Too many requests',
  checkRequest: { path: '/api/v1/mdm/devices', method: 'GET' },
  refusedCheck: MDM_CHECK_ERRORS.tokenRefused,
  reportsFailure: { fail: (me) => me.failActions('shutdown'), error: 'ManageEngine: Command Failed' },
};

/**
 * The MDM servers one connects with an address and credentials (Jamf Pro and ManageEngine, issue 27
 * item 1), each through the whole app against its local fake: connecting on "MDM servers" (tested
 * before saving, the credential sealed, the hourly re-check), and device actions sent through its client
 * (routes, jobs, client). No waiting on the clock: the fake answers errors and holds answers on request,
 * and a planned retry is brought forward by moving its job's start.
 */
describe.each([jamfPro, manageEngine] as unknown as ServerProfile<ServerFake>[])(
  '$name connections and commands against its fake (issue 27)',
  (server) => {
    let t: TestApp;
    let app: App;
    let fake: ServerFake;
    let orgUuid: string;
    let token: string;

    const db = () => t.services.database.db;
    const sql = (text: string, params: unknown[] = []) =>
      t.services.database.jobStore.executeSql(text, params).then((r) => r.rows as Record<string, unknown>[]);
    const connect = (payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/mdm-connections/${server.provider}`,
        headers: bearer(token),
        payload: payload as never,
      });
    const rows = () => db().select().from(mdmConnections).where(eq(mdmConnections.organizationUuid, orgUuid));
    const events = (type: 'MDM_CONNECTION_ADDED' | 'MDM_CONNECTION_FAILED' | 'DEVICE_ACTION_SENT') =>
      db()
        .select({ data: eventLog.data })
        .from(eventLog)
        .where(and(eq(eventLog.organizationUuid, orgUuid), eq(eventLog.type, type)))
        .orderBy(eventLog.createdAt);

    /** A record at the fake and the Equip device with its serial number. */
    async function serverDevice(os: DeviceOs = 'MACOS') {
      const { ref, serialNumber } = server.addDevice(fake, os);
      const [row] = await db()
        .insert(devices)
        .values({
          organizationUuid: orgUuid,
          name: os === 'MACOS' ? `Mac ${serialNumber}` : `iPhone ${serialNumber}`,
          type: os === 'MACOS' ? 'COMPUTER' : 'PHONE',
          os,
          status: 'active',
          enrollmentState: 'ENROLLED',
          mdmProvider: server.provider,
          serialNumber,
        })
        .returning({ uuid: devices.uuid });
      return { ref, serialNumber, device: row!.uuid };
    }

    const commands = deviceCommands(
      () => t,
      () => token,
    );
    const act = commands.send;
    const { until, retryNow } = commands;

    beforeAll(async () => {
      fake = await server.start();
      t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true', MDM_REQUEST_TIMEOUT_MS: '2000' } });
      app = t.app;
      orgUuid = (await createOrganization(db(), `${server.name} ${randomUUID().slice(0, 6)}`)).uuid;
      const owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
      token = await tokenFor(t.services, owner);
    });
    afterAll(async () => {
      await app.close();
      await fake.close();
    });
    beforeEach(() => {
      fake.reportAfterReads(1);
    });

    it('refuses wrong credentials at their field (422) and missing ones at theirs (400), saving nothing', async () => {
      const wrong = await connect(server.wrong.payload(fake));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        errors: [
          {
            msg: server.wrong.msg,
            errorType: 'MdmConnectionFailed',
            errorCode: 422,
            location: 'body',
            param: server.wrong.param,
            path: [server.wrong.param],
          },
        ],
      });
      for (const [payload, field] of server.missing(fake)) {
        const res = await connect(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors[0]).toMatchObject({ msg: 'Required', param: field });
      }
      // Another server at the address: at baseUrl.
      const other = await connect({ ...server.good(fake), baseUrl: `${fake.url}${server.notServer.suffix}` });
      expect(other.statusCode).toBe(422);
      expect(other.json().errors[0]).toMatchObject({ msg: server.notServer.msg, param: 'baseUrl' });
      expect(await rows()).toEqual([]);
    });

    it('connects after testing the server: the secret sealed, its hint shown, the event logged', async () => {
      fake.requests.length = 0;
      const res = await connect(server.good(fake));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<MdmConnection>()).toEqual({
        provider: server.provider,
        baseUrl: fake.url,
        tokenHint: server.tokenHint,
        ...server.shown(fake),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        lastCheckedAt: expect.any(String),
        lastError: null,
        sync: { requestedAt: null, startedAt: null, finishedAt: null, counts: null, error: null },
      });
      const secret = server.secret(fake);
      expect(res.body).not.toContain(secret);
      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(server.testRequests);
      expect(fake.requests[0]).toMatchObject(server.firstRequest(fake));
      const [row] = await rows();
      expect(row).toMatchObject(server.shown(fake));
      expect(row!.apiTokenEncrypted).not.toContain(secret);
      const key = sealingKey(t.services.keys.jwtSecret, SEALED_SECRET_PURPOSES.mdmTokens);
      expect(decryptSecret(key, row!.apiTokenEncrypted)).toBe(secret);
      expect(await events('MDM_CONNECTION_ADDED')).toEqual([
        {
          data: {
            provider: server.provider,
            baseUrl: fake.url,
            tokenHint: server.tokenHint,
            ...server.shown(fake),
          },
        },
      ]);
    });

    it('locks a Mac: sent through the server, completed when it reports the command done', async () => {
      const { device, ref } = await serverDevice();
      const command = await act(device, 'lock');
      const done = await until(device, (c) => c.state === 'completed' || c.state === 'failed');
      expect(done).toMatchObject({
        mdmStatus: 'locked',
        reachedThrough: 'server',
        items: [{ uuid: command.uuid, state: 'completed', error: null }],
      });
      server.expectLockSent(fake, ref, done.items[0]!);
      expect((await events('DEVICE_ACTION_SENT')).at(-1)!.data).toMatchObject({
        via: server.provider === 'JAMF' ? 'jamf' : 'manage-engine',
      });
    });

    it('restarts a Mac and puts an iPhone in lost mode, each completed when the device reports', async () => {
      const mac = await serverDevice();
      await act(mac.device, 'restart');
      expect(
        (await until(mac.device, (c) => c.state !== 'queued' && c.state !== 'sent')).items[0],
      ).toMatchObject({ action: 'restart', state: 'completed' });
      expect(server.namesSentTo(fake, mac.ref)).toEqual([server.restartName]);

      const phone = await serverDevice('IOS');
      await act(phone.device, 'enable_lost_mode');
      const lost = await until(phone.device, (c) => c.state !== 'queued' && c.state !== 'sent');
      expect(lost).toMatchObject({
        mdmStatus: 'locked',
        items: [{ action: 'enable_lost_mode', state: 'completed' }],
      });
      server.expectLostMode(fake, phone.ref);
    });

    it('a 429 is waited out: the next try comes at its Retry-After, then the lock goes through once', async () => {
      const { device, ref } = await serverDevice();
      const before = Date.now();
      fake.failNext(429, { retryAfter: '60', path: server.commandPath(ref), method: 'POST' });
      const command = await act(device, 'lock');
      const retrying = (await until(device, (c) => c.nextAttemptAt !== null)).items[0]!;
      expect(retrying).toMatchObject({ state: 'queued', error: server.tooManyError });
      const nextAt = new Date(retrying.nextAttemptAt!).getTime();
      expect(nextAt).toBeGreaterThanOrEqual(before + 60_000);
      const [job] = await sql(
        `select start_after as "startAfter" from pgboss.job where name = 'mdm.command' and data->>'commandUuid' = $1`,
        [command.uuid],
      );
      expect((job!.startAfter as Date).getTime()).toBe(nextAt);
      expect(server.sentTo(fake, ref)).toEqual([]);
      await retryNow(command.uuid);
      const done = await until(device, (c) => c.state === 'completed');
      expect(done.items[0]).toMatchObject({ error: null, nextAttemptAt: null });
      expect(server.sentTo(fake, ref)).toHaveLength(1);
    });

    it('an answer past the timeout is reported with the reason; the next try finds the lock at the server instead of sending it again', async () => {
      const { device, ref } = await serverDevice();
      fake.holdNext(server.heldLockPath(ref), true);
      const command = await act(device, 'lock');
      const retrying = (await until(device, (c) => c.nextAttemptAt !== null)).items[0]!;
      fake.releaseHeld();
      expect(retrying.error).toBe(`${server.name} did not answer within 2 s`);
      await retryNow(command.uuid);
      const done = await until(device, (c) => c.state === 'completed' || c.state === 'failed');
      expect(done.items[0]).toMatchObject({ uuid: command.uuid, state: 'completed' });
      expect(server.sentTo(fake, ref)).toHaveLength(1);
    });

    it('an unknown device fails its command at once with the reason', async () => {
      const { device, ref, serialNumber } = await serverDevice();
      server.forget(fake, ref);
      await act(device, 'restart');
      const done = await until(device, (c) => c.state === 'failed');
      expect(done.items[0]!.error).toBe(server.unknownError(serialNumber));
    });

    it.runIf(server.reportsFailure)('a command the server reports failed fails with its words', async () => {
      const { device } = await serverDevice();
      server.reportsFailure!.fail(fake);
      await act(device, 'shutdown');
      const done = await until(device, (c) => c.state === 'failed');
      expect(done.items[0]!.error).toBe(server.reportsFailure!.error);
    });

    it('the hourly re-check asks the server with the stored credentials and records a refusal', async () => {
      fake.failNext(401, server.checkRequest);
      const id = await t.services.jobs.send('mdm.connections.check', {
        organizationUuid: orgUuid,
        provider: server.provider,
      });
      expect(id).not.toBeNull();
      await expect
        .poll(async () => (await rows())[0]?.lastError, { timeout: 20_000, interval: 100 })
        .toBe(server.refusedCheck);
      expect(await events('MDM_CONNECTION_FAILED')).toEqual([
        {
          data: { provider: server.provider, baseUrl: fake.url, error: server.refusedCheck, automatic: true },
        },
      ]);
      // Working again on the next check ("Test connection").
      const ok = await app.inject({
        method: 'POST',
        url: `/api/mdm-connections/${server.provider}/check`,
        headers: bearer(token),
      });
      expect(ok.json()).toMatchObject({ lastError: null });
    });
  },
);
