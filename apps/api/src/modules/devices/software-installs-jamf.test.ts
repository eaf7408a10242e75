import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, devices } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deviceCommands, softwareCommands } from '../../test/device-commands.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { type JamfFake, startJamfFake } from '../../test/jamf-fake.ts';
import { MDM_JOB_RETRY_LIMIT } from './mdm-jobs.ts';

/**
 * Installs and uninstalls through Jamf Pro's real client against the local fake, through the whole app
 * (decision 030): the VPP app's scope gains (or loses) the device through the Classic API, and the
 * device's inventory then shows the app there (or gone); a 429 is waited out per Retry-After, a timeout
 * on every try ends the command failed with the reason, an app Jamf does not have fails at once.
 */
describe('software installs through Jamf Pro (issue 27, item 5)', () => {
  let t: TestApp;
  let app: App;
  let jamf: JamfFake;
  let orgUuid: string;
  let token: string;
  let slack: string;
  let unknownApp: string;
  const SLACK_VPP = 41;
  const SLACK_BUNDLE = 'com.tinyspeck.slackmacgap';

  const db = () => t.services.database.db;
  const { retryNow } = deviceCommands(
    () => t,
    () => token,
  );
  const { request, newest, until, refresh } = softwareCommands(
    () => t,
    () => token,
  );

  let nextSerial = 1;
  async function jamfMac() {
    const serial = `JINST${nextSerial++}`;
    const computer = jamf.addComputer({ serialNumber: serial, applications: [] });
    const [row] = await db()
      .insert(devices)
      .values({
        organizationUuid: orgUuid,
        name: computer.name,
        type: 'COMPUTER',
        os: 'MACOS',
        status: 'active',
        enrollmentState: 'ENROLLED',
        mdmProvider: 'JAMF',
        serialNumber: serial,
      })
      .returning({ uuid: devices.uuid });
    return { computer, device: row!.uuid };
  }
  const scopePuts = () =>
    jamf.requests.filter(
      (r) => r.method === 'PUT' && r.path === `/JSSResource/macapplications/id/${SLACK_VPP}`,
    );

  beforeAll(async () => {
    jamf = await startJamfFake();
    jamf.addVppApp({
      id: SLACK_VPP,
      kind: 'computer',
      name: 'Slack',
      bundleId: SLACK_BUNDLE,
      version: '4.41.105',
    });
    t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true', MDM_REQUEST_TIMEOUT_MS: '2000' } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `Jamf installs ${randomUUID().slice(0, 6)}`)).uuid;
    token = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' }),
    );
    const connected = await app.inject({
      method: 'PUT',
      url: '/api/mdm-connections/JAMF',
      headers: bearer(token),
      payload: { baseUrl: jamf.url, clientId: jamf.clientId, clientSecret: jamf.clientSecret },
    });
    expect(connected.statusCode, connected.body).toBe(201);
    const catalog = async (name: string, macApplicationId: string) => {
      await db()
        .insert(applications)
        .values({ name, platforms: ['macos_and_windows'], macApplicationId })
        .onConflictDoNothing({ target: applications.name });
      const [row] = await db().select().from(applications).where(eq(applications.name, name));
      return row!.uuid;
    };
    slack = await catalog('Slack', SLACK_BUNDLE);
    unknownApp = await catalog(`Nowhere ${randomUUID().slice(0, 6)}`, 'com.example.nowhere');
  });
  afterAll(async () => {
    await app.close();
    await jamf.close();
  });
  beforeEach(() => {
    jamf.reportAfterReads(1);
  });

  it('installs: the Mac joins the VPP app’s scope, completed when its inventory has the app, then confirmed', async () => {
    const { computer, device } = await jamfMac();
    const before = scopePuts().length;
    await request(device, 'install', slack);
    const done = await until(device, (c) => c.state === 'completed');
    expect(done).toMatchObject({ action: 'install_software', error: null, confirmedAt: null });
    expect(jamf.vppApps.get(SLACK_VPP)!.scope).toContain(computer.id);
    const puts = scopePuts().slice(before);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.contentType).toBe('application/xml');
    expect(puts[0]!.body).toContain(`<computer><id>${computer.id}</id></computer>`);
    await refresh(device);
    expect((await newest(device))!.confirmedAt).not.toBeNull();
  });

  it('uninstalls: the Mac leaves the scope, completed when its inventory no longer has the app', async () => {
    const { computer, device } = await jamfMac();
    await request(device, 'install', slack);
    await until(device, (c) => c.state === 'completed');
    await request(device, 'uninstall', slack);
    const done = await until(device, (c) => c.action === 'uninstall_software' && c.state === 'completed');
    expect(done.error).toBeNull();
    expect(jamf.vppApps.get(SLACK_VPP)!.scope).not.toContain(computer.id);
    await refresh(device);
    expect((await newest(device))!.confirmedAt).not.toBeNull();
  });

  it('an app Jamf Pro does not have fails at once, naming it', async () => {
    const { device } = await jamfMac();
    await request(device, 'install', unknownApp);
    const failed = await until(device, (c) => c.state === 'failed');
    expect(failed.error).toMatch(
      /^Jamf Pro has no App Store app Nowhere .* \(com\.example\.nowhere\) to assign$/,
    );
  });

  it('a 429 is waited out: the command shows the error and a next try no sooner than Retry-After', async () => {
    const { device } = await jamfMac();
    jamf.failNext(429, { path: '/JSSResource/macapplications/id/', retryAfter: '120' });
    const asked = Date.now();
    const command = await request(device, 'install', slack);
    const waiting = await until(device, (c) => c.nextAttemptAt !== null);
    expect(waiting).toMatchObject({ state: 'queued', error: expect.stringContaining('429') });
    expect(Date.parse(waiting.nextAttemptAt!)).toBeGreaterThanOrEqual(asked + 115_000);
    await retryNow(command.uuid);
    await until(device, (c) => c.state === 'completed');
  }, 60_000);

  it('a timeout on every try ends the command failed with the reason', async () => {
    const { device } = await jamfMac();
    for (let i = 0; i <= MDM_JOB_RETRY_LIMIT; i++) jamf.holdNext('/JSSResource/macapplications/id/');
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
    expect(failed).toMatchObject({ error: 'Jamf Pro did not answer within 2 s', nextAttemptAt: null });
  }, 120_000);
});
