import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, devices } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deviceCommands, softwareCommands } from '../../test/device-commands.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { type ManageEngineFake, startManageEngineFake } from '../../test/manage-engine-fake.ts';
import { MDM_JOB_RETRY_LIMIT } from './mdm-jobs.ts';

/**
 * Installs and uninstalls through ManageEngine MDM's real client against the local fake, through the
 * whole app (decision 030): the repository's app is distributed to the device (and taken back), and the
 * device's app list tells when it is installed (or gone) or that it failed; a 429 is waited out per
 * Retry-After, a timeout on every try ends the command failed with the reason, an app the repository
 * does not have fails at once.
 */
describe('software installs through ManageEngine (issue 27, item 5)', () => {
  let t: TestApp;
  let app: App;
  let me: ManageEngineFake;
  let orgUuid: string;
  let token: string;
  let slack: string;
  let unknownApp: string;
  const SLACK_APP = 99731238129;
  const APPS = '/api/v1/mdm/devices/';

  const db = () => t.services.database.db;
  const { retryNow } = deviceCommands(
    () => t,
    () => token,
  );
  const { request, newest, until } = softwareCommands(
    () => t,
    () => token,
  );

  let nextSerial = 1;
  async function managedPhone() {
    const serial = `MEINST${nextSerial++}`;
    const found = me.addDevice({ serialNumber: serial, platform: 'ios' });
    const [row] = await db()
      .insert(devices)
      .values({
        organizationUuid: orgUuid,
        name: found.name,
        type: 'PHONE',
        os: 'IOS',
        status: 'active',
        enrollmentState: 'ENROLLED',
        mdmProvider: 'MANAGE_ENGINE',
        serialNumber: serial,
      })
      .returning({ uuid: devices.uuid });
    return { meDevice: found, device: row!.uuid };
  }

  beforeAll(async () => {
    me = await startManageEngineFake();
    me.addApp({ app_id: SLACK_APP, app_name: 'Slack', version: '24.11.20', platform_type: 1 });
    t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true', MDM_REQUEST_TIMEOUT_MS: '2000' } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `ME installs ${randomUUID().slice(0, 6)}`)).uuid;
    token = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' }),
    );
    const connected = await app.inject({
      method: 'PUT',
      url: '/api/mdm-connections/MANAGE_ENGINE',
      headers: bearer(token),
      payload: { baseUrl: me.url, apiToken: me.apiKey },
    });
    expect(connected.statusCode, connected.body).toBe(201);
    const catalog = async (name: string, iosApplicationId: string) => {
      await db()
        .insert(applications)
        .values({ name, platforms: ['ios'], iosApplicationId })
        .onConflictDoNothing({ target: applications.name });
      const [row] = await db().select().from(applications).where(eq(applications.name, name));
      return row!.uuid;
    };
    slack = await catalog('Slack', 'com.tinyspeck.chatlyio');
    unknownApp = await catalog(`Nowhere ${randomUUID().slice(0, 6)}`, 'com.example.nowhere');
    // The shared catalog's Slack may have been written by another file without its iPhone id.
    await db()
      .update(applications)
      .set({ iosApplicationId: 'com.tinyspeck.chatlyio' })
      .where(eq(applications.uuid, slack));
  });
  afterAll(async () => {
    await app.close();
    await me.close();
  });
  beforeEach(() => {
    me.reportAfterReads(1);
    me.failInstalls(false);
  });

  it('installs: the app is distributed to the device silently, completed when its app list says Installed', async () => {
    const { meDevice, device } = await managedPhone();
    await request(device, 'install', slack);
    const done = await until(device, (c) => c.state === 'completed');
    expect(done).toMatchObject({ action: 'install_software', error: null });
    expect(me.hasApp(meDevice.id, SLACK_APP)).toBe(true);
    const posted = me.requests.filter((r) => r.method === 'POST' && r.path === `${APPS}${meDevice.id}/apps`);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({
      app_ids: [SLACK_APP],
      silent_install: true,
      notify_user_via_email: false,
    });
  });

  it('uninstalls: the app is taken back, completed when the device no longer lists it', async () => {
    const { meDevice, device } = await managedPhone();
    await request(device, 'install', slack);
    await until(device, (c) => c.state === 'completed');
    await request(device, 'uninstall', slack);
    const done = await until(device, (c) => c.action === 'uninstall_software' && c.state === 'completed');
    expect(done.error).toBeNull();
    expect(me.hasApp(meDevice.id, SLACK_APP)).toBe(false);
    expect(me.requests.filter((r) => r.method === 'DELETE')[0]!.body).toEqual({ app_ids: [SLACK_APP] });
  });

  it('an install the device reports failed ends failed with ManageEngine’s words', async () => {
    const { device } = await managedPhone();
    me.failInstalls(true);
    await request(device, 'install', slack);
    const failed = await until(device, (c) => c.state === 'failed');
    expect(failed.error).toBe('ManageEngine: Installation failed (Slack)');
  });

  it('an app the repository does not have fails at once, naming it', async () => {
    const { device } = await managedPhone();
    await request(device, 'install', unknownApp);
    const failed = await until(device, (c) => c.state === 'failed');
    expect(failed.error).toMatch(/^ManageEngine has no Nowhere .* in its app repository for IOS$/);
  });

  it('a 429 is waited out: the command shows the error and a next try no sooner than Retry-After', async () => {
    const { meDevice, device } = await managedPhone();
    me.failNext(429, { path: `${APPS}${meDevice.id}/apps`, method: 'POST', retryAfter: '120' });
    const asked = Date.now();
    const command = await request(device, 'install', slack);
    const waiting = await until(device, (c) => c.nextAttemptAt !== null);
    expect(waiting).toMatchObject({ state: 'queued', error: expect.stringContaining('ManageEngine 429') });
    expect(Date.parse(waiting.nextAttemptAt!)).toBeGreaterThanOrEqual(asked + 115_000);
    await retryNow(command.uuid);
    await until(device, (c) => c.state === 'completed');
  }, 60_000);

  it('a timeout on every try ends the command failed with the reason', async () => {
    const { meDevice, device } = await managedPhone();
    for (let i = 0; i <= MDM_JOB_RETRY_LIMIT; i++) me.holdNext(`${APPS}${meDevice.id}/apps`);
    const command = await request(device, 'install', slack);
    for (let tries = 1; tries <= MDM_JOB_RETRY_LIMIT; tries++) {
      const waiting = await until(device, (c) => c.nextAttemptAt !== null && c.error !== null);
      expect(waiting.state).toBe('queued');
      await retryNow(command.uuid);
      await expect
        .poll(async () => (await newest(device))!.nextAttemptAt, { timeout: 20_000 })
        .not.toBe(waiting.nextAttemptAt);
    }
    const failed = await until(device, (c) => c.state === 'failed');
    expect(failed).toMatchObject({ error: 'ManageEngine did not answer within 2 s', nextAttemptAt: null });
  }, 120_000);
});
