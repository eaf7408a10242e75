import { randomUUID } from 'node:crypto';
import { MDM_CHECK_ERRORS, type MdmConnection } from '@equip/domain/mdm-connections';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices, eventLog, mdmConnections } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { EQUIP_VERSION } from '../../providers/outbound/public-fetch.ts';
import { decryptSecret, SEALED_SECRET_PURPOSES, sealingKey } from '../../security/sealed-secrets.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deviceCommands } from '../../test/device-commands.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { type ManageEngineFake, startManageEngineFake } from '../../test/manage-engine-fake.ts';

const actionsOf = (id: string) => `/api/v1/mdm/devices/${id}/actions`;

/**
 * ManageEngine MDM through the whole app (issue 27, item 1): connecting it on "MDM servers" (tested
 * before saving, the API key sealed, the hourly re-check), and device actions sent through the
 * ManageEngine client to the local fake (routes, jobs, client). No waiting on the clock: the fake answers
 * errors and holds answers on request, and a planned retry is brought forward by moving its job's start.
 */
describe('ManageEngine connections and commands against the ManageEngine fake (issue 27)', () => {
  let t: TestApp;
  let app: App;
  let me: ManageEngineFake;
  let orgUuid: string;
  let token: string;

  const db = () => t.services.database.db;
  const _sql = (text: string, params: unknown[] = []) =>
    t.services.database.jobStore.executeSql(text, params).then((r) => r.rows as Record<string, unknown>[]);
  const connect = (payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/api/mdm-connections/MANAGE_ENGINE',
      headers: bearer(token),
      payload: payload as never,
    });
  const good = () => ({ baseUrl: me.url, apiToken: me.apiKey });
  const rows = () => db().select().from(mdmConnections).where(eq(mdmConnections.organizationUuid, orgUuid));

  let next = 9007199254742000n;
  /** A ManageEngine device and the Equip device with its serial. */
  async function meDevice(os: 'MACOS' | 'IOS' = 'MACOS') {
    const id = String(next++);
    const serialNumber = `ME${id.slice(-6)}`;
    me.addDevice({ id, serialNumber, platform: os === 'MACOS' ? 'macos' : 'ios' });
    const [row] = await db()
      .insert(devices)
      .values({
        organizationUuid: orgUuid,
        name: os === 'MACOS' ? `Mac ${id}` : `iPhone ${id}`,
        type: os === 'MACOS' ? 'COMPUTER' : 'PHONE',
        os,
        status: 'active',
        enrollmentState: 'ENROLLED',
        mdmProvider: 'MANAGE_ENGINE',
        serialNumber,
      })
      .returning({ uuid: devices.uuid });
    return { id, serialNumber, device: row!.uuid };
  }

  const commands = deviceCommands(
    () => t,
    () => token,
  );
  const act = commands.send;
  const { until, retryNow } = commands;
  const sentTo = (id: string) => me.actions.filter((a) => a.deviceId === id);

  beforeAll(async () => {
    me = await startManageEngineFake();
    t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true', MDM_REQUEST_TIMEOUT_MS: '2000' } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `ManageEngine ${randomUUID().slice(0, 6)}`)).uuid;
    const owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
    token = await tokenFor(t.services, owner);
  });
  afterAll(async () => {
    await app.close();
    await me.close();
  });
  beforeEach(() => {
    me.reportAfterReads(1);
  });

  it('refuses a wrong API key at apiToken (422) and a missing one at its field (400), saving nothing', async () => {
    const wrong = await connect({ ...good(), apiToken: 'not-the-api-key' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      errors: [
        {
          msg: MDM_CHECK_ERRORS.tokenRefused,
          errorType: 'MdmConnectionFailed',
          errorCode: 422,
          location: 'body',
          param: 'apiToken',
          path: ['apiToken'],
        },
      ],
    });
    const missing = await connect({ baseUrl: me.url, clientSecret: 'a-jamf-secret' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ msg: 'Required', param: 'apiToken' });
    // Another server at the address: at baseUrl.
    const other = await connect({ ...good(), baseUrl: `${me.url}/not-manage-engine` });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0]).toMatchObject({ msg: MDM_CHECK_ERRORS.notManageEngine, param: 'baseUrl' });
    expect(await rows()).toEqual([]);
  });

  it('connects ManageEngine after testing it: the key sealed, its last characters shown, the event logged', async () => {
    me.requests.length = 0;
    const res = await connect(good());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<MdmConnection>()).toEqual({
      provider: 'MANAGE_ENGINE',
      baseUrl: me.url,
      tokenHint: '89AB',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastCheckedAt: expect.any(String),
      lastError: null,
      sync: { requestedAt: null, startedAt: null, finishedAt: null, counts: null, error: null },
    });
    expect(res.body).not.toContain(me.apiKey);
    expect(me.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/mdm/devices']);
    expect(me.requests[0]).toMatchObject({
      authorization: me.apiKey,
      userAgent: `Equip/${EQUIP_VERSION} (+mdm)`,
    });
    const [row] = await rows();
    expect(row!.apiTokenEncrypted).not.toContain(me.apiKey);
    const key = sealingKey(t.services.keys.jwtSecret, SEALED_SECRET_PURPOSES.mdmTokens);
    expect(decryptSecret(key, row!.apiTokenEncrypted)).toBe(me.apiKey);
    const events = await db()
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, orgUuid), eq(eventLog.type, 'MDM_CONNECTION_ADDED')));
    expect(events).toEqual([{ data: { provider: 'MANAGE_ENGINE', baseUrl: me.url, tokenHint: '89AB' } }]);
  });

  it('locks a Mac through ManageEngine: completed when ManageEngine reports the command a success', async () => {
    const { device, id } = await meDevice();
    const command = await act(device, 'lock');
    const done = await until(device, (c) => c.state === 'completed' || c.state === 'failed');
    expect(done).toMatchObject({
      mdmStatus: 'locked',
      reachedThrough: 'server',
      items: [{ uuid: command.uuid, state: 'completed', error: null }],
    });
    expect(sentTo(id)).toEqual([expect.objectContaining({ action: 'lock', statusCode: 2 })]);
    const sent = await db()
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, orgUuid), eq(eventLog.type, 'DEVICE_ACTION_SENT')));
    expect(sent.at(-1)!.data).toMatchObject({ via: 'manage-engine' });
  });

  it('restarts a Mac and puts an iPhone in lost mode, each completed when the device reports', async () => {
    const mac = await meDevice();
    await act(mac.device, 'restart');
    expect(
      (await until(mac.device, (c) => c.state !== 'queued' && c.state !== 'sent')).items[0],
    ).toMatchObject({ action: 'restart', state: 'completed' });
    expect(sentTo(mac.id).map((a) => a.action)).toEqual(['restart']);

    const phone = await meDevice('IOS');
    await act(phone.device, 'enable_lost_mode');
    const lost = await until(phone.device, (c) => c.state !== 'queued' && c.state !== 'sent');
    expect(lost).toMatchObject({
      mdmStatus: 'locked',
      items: [{ action: 'enable_lost_mode', state: 'completed' }],
    });
    expect(me.devices.get(phone.id)!.lostMode).toBe(true);
  });

  it('a 429 is waited out: the next try comes at its Retry-After, then the lock goes through once', async () => {
    const { device, id } = await meDevice();
    const before = Date.now();
    me.failNext(429, { retryAfter: '60', path: actionsOf(id), method: 'POST' });
    const command = await act(device, 'lock');
    const retrying = (await until(device, (c) => c.nextAttemptAt !== null)).items[0]!;
    expect(retrying).toMatchObject({
      state: 'queued',
      error: 'ManageEngine 429: TOO_MANY_REQUESTS: Too many requests',
    });
    const nextAt = new Date(retrying.nextAttemptAt!).getTime();
    expect(nextAt).toBeGreaterThanOrEqual(before + 60_000);
    expect(sentTo(id)).toEqual([]);
    await retryNow(command.uuid);
    const done = await until(device, (c) => c.state === 'completed');
    expect(done.items[0]).toMatchObject({ error: null, nextAttemptAt: null });
    expect(sentTo(id)).toHaveLength(1);
  });

  it('an answer past the timeout is reported with the reason; the next try finds the lock at ManageEngine instead of sending it again', async () => {
    const { device, id } = await meDevice();
    me.holdNext(`${actionsOf(id)}/lock`, true);
    const command = await act(device, 'lock');
    const retrying = (await until(device, (c) => c.nextAttemptAt !== null)).items[0]!;
    me.releaseHeld();
    expect(retrying.error).toBe('ManageEngine did not answer within 2 s');
    await retryNow(command.uuid);
    const done = await until(device, (c) => c.state === 'completed' || c.state === 'failed');
    expect(done.items[0]).toMatchObject({ uuid: command.uuid, state: 'completed' });
    expect(sentTo(id)).toHaveLength(1);
  });

  it('an unknown device fails its command at once with the reason', async () => {
    const { device, id, serialNumber } = await meDevice();
    me.devices.delete(id);
    await act(device, 'restart');
    const done = await until(device, (c) => c.state === 'failed');
    expect(done.items[0]!.error).toBe(
      `No device managed by ManageEngine matches the device (${serialNumber})`,
    );
  });

  it('a command ManageEngine reports failed fails with its words', async () => {
    const { device } = await meDevice();
    me.failActions('shutdown');
    await act(device, 'shutdown');
    const done = await until(device, (c) => c.state === 'failed');
    expect(done.items[0]!.error).toBe('ManageEngine: Command Failed');
  });

  it('the hourly re-check asks ManageEngine with the stored key and records a refusal', async () => {
    me.failNext(401, { path: '/api/v1/mdm/devices', method: 'GET' });
    const id = await t.services.jobs.send('mdm.connections.check', {
      organizationUuid: orgUuid,
      provider: 'MANAGE_ENGINE',
    });
    expect(id).not.toBeNull();
    await expect
      .poll(async () => (await rows())[0]?.lastError, { timeout: 20_000, interval: 100 })
      .toBe(MDM_CHECK_ERRORS.tokenRefused);
    const failed = await db()
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, orgUuid), eq(eventLog.type, 'MDM_CONNECTION_FAILED')));
    expect(failed).toEqual([
      {
        data: {
          provider: 'MANAGE_ENGINE',
          baseUrl: me.url,
          error: MDM_CHECK_ERRORS.tokenRefused,
          automatic: true,
        },
      },
    ]);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/mdm-connections/MANAGE_ENGINE/check',
      headers: bearer(token),
    });
    expect(ok.json()).toMatchObject({ lastError: null });
  });
});
