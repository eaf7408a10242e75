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
import { type JamfFake, startJamfFake } from '../../test/jamf-fake.ts';

const COMMANDS = '/api/v2/mdm/commands';

/**
 * Jamf Pro through the whole app (issue 27, item 1): connecting it on "MDM servers" (tested before
 * saving, the client secret sealed, the hourly re-check), and device actions sent through the Jamf
 * client to the local fake of Jamf Pro (routes, jobs, client). No waiting on the clock: the fake answers
 * errors and holds answers on request, and a planned retry is brought forward by moving its job's start.
 */
describe('Jamf Pro connections and commands against the Jamf fake (issue 27)', () => {
  let t: TestApp;
  let app: App;
  let jamf: JamfFake;
  let orgUuid: string;
  let token: string;
  let owner: Awaited<ReturnType<typeof createUser>>;

  const db = () => t.services.database.db;
  const sql = (text: string, params: unknown[] = []) =>
    t.services.database.jobStore.executeSql(text, params).then((r) => r.rows as Record<string, unknown>[]);
  const connect = (payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/api/mdm-connections/JAMF',
      headers: bearer(token),
      payload: payload as never,
    });
  const good = () => ({ baseUrl: jamf.url, clientId: jamf.clientId, clientSecret: jamf.clientSecret });
  const rows = () => db().select().from(mdmConnections).where(eq(mdmConnections.organizationUuid, orgUuid));

  let next = 700;
  /** A Jamf record and the Equip device with its serial. */
  async function jamfDevice(os: 'MACOS' | 'IOS' = 'MACOS') {
    const id = next++;
    const serialNumber = `JAMF${id}`;
    const record =
      os === 'MACOS'
        ? jamf.addComputer({ id: String(id), serialNumber })
        : jamf.addMobileDevice({ id: String(id), serialNumber });
    const [row] = await db()
      .insert(devices)
      .values({
        organizationUuid: orgUuid,
        name: os === 'MACOS' ? `Mac ${id}` : `iPhone ${id}`,
        type: os === 'MACOS' ? 'COMPUTER' : 'PHONE',
        os,
        status: 'active',
        enrollmentState: 'ENROLLED',
        mdmProvider: 'JAMF',
        serialNumber,
      })
      .returning({ uuid: devices.uuid });
    return { managementId: record.managementId, device: row!.uuid };
  }

  const commands = deviceCommands(
    () => t,
    () => token,
  );
  const act = commands.send;
  const { until, retryNow } = commands;
  const sentTo = (managementId: string) => jamf.commands.filter((c) => c.managementId === managementId);

  beforeAll(async () => {
    jamf = await startJamfFake();
    t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true', MDM_REQUEST_TIMEOUT_MS: '2000' } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `Jamf ${randomUUID().slice(0, 6)}`)).uuid;
    owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
    token = await tokenFor(t.services, owner);
  });
  afterAll(async () => {
    await app.close();
    await jamf.close();
  });
  beforeEach(() => {
    jamf.reportAfterReads(1);
  });

  it('refuses a wrong secret at clientSecret (422) and missing credentials at their field (400), saving nothing', async () => {
    const wrong = await connect({ ...good(), clientSecret: 'not-the-secret' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      errors: [
        {
          msg: MDM_CHECK_ERRORS.credentialsRefused,
          errorType: 'MdmConnectionFailed',
          errorCode: 422,
          location: 'body',
          param: 'clientSecret',
          path: ['clientSecret'],
        },
      ],
    });
    for (const [payload, field] of [
      [{ baseUrl: jamf.url, clientSecret: jamf.clientSecret }, 'clientId'],
      [{ baseUrl: jamf.url, clientId: jamf.clientId, apiToken: 'a-fleet-token' }, 'clientSecret'],
    ] as const) {
      const res = await connect(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ msg: 'Required', param: field });
    }
    // Another server at the address: at baseUrl.
    const other = await connect({ ...good(), baseUrl: `${jamf.url}/not-jamf` });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0]).toMatchObject({ msg: MDM_CHECK_ERRORS.notJamf, param: 'baseUrl' });
    expect(await rows()).toEqual([]);
  });

  it('connects Jamf Pro after testing it: the secret sealed, the client ID shown, the event logged', async () => {
    jamf.requests.length = 0;
    const res = await connect(good());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<MdmConnection>()).toEqual({
      provider: 'JAMF',
      baseUrl: jamf.url,
      tokenHint: 'cdef',
      clientId: jamf.clientId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastCheckedAt: expect.any(String),
      lastError: null,
      sync: { requestedAt: null, startedAt: null, finishedAt: null, counts: null, error: null },
    });
    expect(res.body).not.toContain(jamf.clientSecret);
    expect(jamf.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/oauth/token',
      'GET /api/v1/jamf-pro-version',
    ]);
    expect(jamf.requests[0]!.userAgent).toBe(`Equip/${EQUIP_VERSION} (+mdm)`);
    const [row] = await rows();
    expect(row!.clientId).toBe(jamf.clientId);
    expect(row!.apiTokenEncrypted).not.toContain(jamf.clientSecret);
    const key = sealingKey(t.services.keys.jwtSecret, SEALED_SECRET_PURPOSES.mdmTokens);
    expect(decryptSecret(key, row!.apiTokenEncrypted)).toBe(jamf.clientSecret);
    const events = await db()
      .select({ type: eventLog.type, data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, orgUuid), eq(eventLog.type, 'MDM_CONNECTION_ADDED')));
    expect(events).toEqual([
      {
        type: 'MDM_CONNECTION_ADDED',
        data: { provider: 'JAMF', baseUrl: jamf.url, tokenHint: 'cdef', clientId: jamf.clientId },
      },
    ]);
  });

  it('locks a Mac through Jamf: sent with a PIN shown for unlocking, completed when Jamf reports it', async () => {
    const { device, managementId } = await jamfDevice();
    const command = await act(device, 'lock');
    const done = await until(device, (c) => c.state === 'completed' || c.state === 'failed');
    expect(done).toMatchObject({
      mdmStatus: 'locked',
      reachedThrough: 'server',
      items: [
        { uuid: command.uuid, state: 'completed', error: null, unlockPin: expect.stringMatching(/^\d{6}$/) },
      ],
    });
    expect(sentTo(managementId)).toEqual([
      expect.objectContaining({
        commandType: 'DEVICE_LOCK',
        commandData: { commandType: 'DEVICE_LOCK', pin: done.items[0]!.unlockPin },
        state: 'ACKNOWLEDGED',
      }),
    ]);
  });

  it('restarts a Mac and puts an iPhone in lost mode, each completed when the device reports', async () => {
    const mac = await jamfDevice();
    await act(mac.device, 'restart');
    expect(
      (await until(mac.device, (c) => c.state !== 'queued' && c.state !== 'sent')).items[0],
    ).toMatchObject({
      action: 'restart',
      state: 'completed',
    });
    expect(sentTo(mac.managementId).map((c) => c.commandType)).toEqual(['RESTART_DEVICE']);

    const phone = await jamfDevice('IOS');
    await act(phone.device, 'enable_lost_mode');
    const lost = await until(phone.device, (c) => c.state !== 'queued' && c.state !== 'sent');
    expect(lost).toMatchObject({
      mdmStatus: 'locked',
      items: [{ action: 'enable_lost_mode', state: 'completed' }],
    });
    expect(sentTo(phone.managementId)).toEqual([
      expect.objectContaining({ clientType: 'MOBILE_DEVICE', commandType: 'ENABLE_LOST_MODE' }),
    ]);
  });

  it('a 429 is waited out: the next try comes at its Retry-After, then the lock goes through once', async () => {
    const { device, managementId } = await jamfDevice();
    const before = Date.now();
    jamf.failNext(429, { retryAfter: '60', path: COMMANDS, method: 'POST' });
    const command = await act(device, 'lock');
    const retrying = (await until(device, (c) => c.nextAttemptAt !== null)).items[0]!;
    expect(retrying).toMatchObject({ state: 'queued', error: 'Jamf Pro 429: Too many requests' });
    const nextAt = new Date(retrying.nextAttemptAt!).getTime();
    expect(nextAt).toBeGreaterThanOrEqual(before + 60_000);
    const [job] = await sql(
      `select start_after as "startAfter" from pgboss.job where name = 'mdm.command' and data->>'commandUuid' = $1`,
      [command.uuid],
    );
    expect((job!.startAfter as Date).getTime()).toBe(nextAt);
    expect(sentTo(managementId)).toEqual([]);
    await retryNow(command.uuid);
    const done = await until(device, (c) => c.state === 'completed');
    expect(done.items[0]).toMatchObject({ error: null, nextAttemptAt: null });
    expect(sentTo(managementId)).toHaveLength(1);
  });

  it('an answer past the timeout is reported with the reason; the next try finds the lock at Jamf instead of sending it again', async () => {
    const { device, managementId } = await jamfDevice();
    jamf.holdNext(COMMANDS, true);
    const command = await act(device, 'lock');
    const retrying = (await until(device, (c) => c.nextAttemptAt !== null)).items[0]!;
    jamf.releaseHeld();
    expect(retrying.error).toBe('Jamf Pro did not answer within 2 s');
    await retryNow(command.uuid);
    const done = await until(device, (c) => c.state === 'completed' || c.state === 'failed');
    expect(done.items[0]).toMatchObject({ uuid: command.uuid, state: 'completed' });
    expect(sentTo(managementId)).toHaveLength(1);
  });

  it('an unknown device fails its command at once with the reason', async () => {
    const { device } = await jamfDevice();
    jamf.computers.delete(String(next - 1));
    await act(device, 'restart');
    const done = await until(device, (c) => c.state === 'failed');
    expect(done.items[0]!.error).toBe(`No managed Jamf Pro computer matches the device (JAMF${next - 1})`);
  });

  it('the hourly re-check asks Jamf with the stored client ID and secret and records a refusal', async () => {
    jamf.failNext(401, { path: '/api/oauth/token' });
    const id = await t.services.jobs.send('mdm.connections.check', {
      organizationUuid: orgUuid,
      provider: 'JAMF',
    });
    expect(id).not.toBeNull();
    await expect
      .poll(async () => (await rows())[0]?.lastError, { timeout: 20_000, interval: 100 })
      .toBe(MDM_CHECK_ERRORS.credentialsRefused);
    const failed = await db()
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, orgUuid), eq(eventLog.type, 'MDM_CONNECTION_FAILED')));
    expect(failed).toEqual([
      {
        data: {
          provider: 'JAMF',
          baseUrl: jamf.url,
          error: MDM_CHECK_ERRORS.credentialsRefused,
          automatic: true,
        },
      },
    ]);
    // Working again on the next check ("Test connection").
    const ok = await app.inject({
      method: 'POST',
      url: '/api/mdm-connections/JAMF/check',
      headers: bearer(token),
    });
    expect(ok.json()).toMatchObject({ lastError: null });
  });
});
