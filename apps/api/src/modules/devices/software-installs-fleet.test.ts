import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, devices } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deviceCommands, softwareCommands } from '../../test/device-commands.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { type FleetFake, startFleetFake } from '../../test/fleet-fake.ts';
import { MDM_JOB_RETRY_LIMIT } from './mdm-jobs.ts';
import { installStatuses } from './software-installs.ts';

/**
 * Installs and uninstalls through Fleet's real client against the local fake, through the whole app
 * (route, `mdm.command` and `mdm.check` jobs, Fleet's software install and the host's software status,
 * the next inventory's confirmation): a 429 is waited out per Retry-After, a timeout on every try ends
 * the command failed with the reason, an application Fleet does not have fails at once.
 */
describe('software installs through Fleet (issue 27, item 5)', () => {
  let t: TestApp;
  let app: App;
  let fleet: FleetFake;
  let orgUuid: string;
  let token: string;
  let slack: string;
  let unknownApp: string;
  const SLACK_TITLE = 900;

  const db = () => t.services.database.db;
  const { retryNow } = deviceCommands(
    () => t,
    () => token,
  );

  let nextHost = 700;
  async function fleetDevice() {
    const id = nextHost++;
    const serial = `INST${id}`;
    fleet.addHost({ id, hostname: `host-${id}`, hardware_serial: serial, software: [] });
    const [row] = await db()
      .insert(devices)
      .values({
        organizationUuid: orgUuid,
        name: `Mac ${id}`,
        type: 'COMPUTER',
        os: 'MACOS',
        status: 'active',
        enrollmentState: 'ENROLLED',
        mdmProvider: 'FLEET',
        serialNumber: serial,
      })
      .returning({ uuid: devices.uuid });
    return { hostId: id, device: row!.uuid };
  }

  const software = softwareCommands(
    () => t,
    () => token,
  );
  const { newest, until, refresh } = software;
  const request = (device: string, verb: 'install' | 'uninstall', applicationUuid = slack) =>
    software.request(device, verb, applicationUuid);
  const posts = (hostId: number, verb: string) =>
    fleet.requests.filter(
      (r) =>
        r.method === 'POST' && r.path === `/api/v1/fleet/hosts/${hostId}/software/${SLACK_TITLE}/${verb}`,
    );

  beforeAll(async () => {
    fleet = await startFleetFake();
    fleet.addTitle({
      id: SLACK_TITLE,
      name: 'Slack.app',
      version: '4.41.105',
      source: 'apps',
      bundle_identifier: 'com.tinyspeck.slackmacgap',
    });
    t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true', MDM_REQUEST_TIMEOUT_MS: '2000' } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `Fleet installs ${randomUUID().slice(0, 6)}`)).uuid;
    token = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' }),
    );
    const connected = await app.inject({
      method: 'PUT',
      url: '/api/mdm-connections/FLEET',
      headers: bearer(token),
      payload: { baseUrl: fleet.url, apiToken: fleet.token },
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
    slack = await catalog('Slack', 'com.tinyspeck.slackmacgap');
    unknownApp = await catalog(`Nowhere ${randomUUID().slice(0, 6)}`, 'com.example.nowhere');
  });
  afterAll(async () => {
    await app.close();
    await fleet.close();
  });
  beforeEach(() => {
    fleet.reportAfterReads(1);
    fleet.installsEnd('installed');
  });

  it('installs: sent once to the host’s title, completed from its status, confirmed by the next inventory', async () => {
    const { hostId, device } = await fleetDevice();
    await request(device, 'install');
    const done = await until(device, (c) => c.state === 'completed');
    expect(done).toMatchObject({ action: 'install_software', error: null, confirmedAt: null });
    expect(posts(hostId, 'install')).toHaveLength(1);
    await refresh(device);
    expect((await newest(device))!.confirmedAt).not.toBeNull();
  });

  it('uninstalls: completed once the host no longer has it, confirmed when the inventory lacks it', async () => {
    const { hostId, device } = await fleetDevice();
    await request(device, 'install');
    await until(device, (c) => c.state === 'completed');
    await request(device, 'uninstall');
    const done = await until(device, (c) => c.action === 'uninstall_software' && c.state === 'completed');
    expect(done.error).toBeNull();
    expect(posts(hostId, 'uninstall')).toHaveLength(1);
    await refresh(device);
    expect((await newest(device))!.confirmedAt).not.toBeNull();
  });

  it('an install the host reports failed ends failed with the reason, which the person’s install status gives', async () => {
    const { device } = await fleetDevice();
    const person = await createUser(db(), { organizationUuid: orgUuid });
    await db().update(devices).set({ assignedToUuid: person.uuid }).where(eq(devices.uuid, device));
    fleet.installsEnd('failed');
    await request(device, 'install');
    const failed = await until(device, (c) => c.state === 'failed');
    expect(failed.error).toBe('Fleet could not install Slack');
    const statuses = await withTenant(db(), orgUuid, (tx) => installStatuses(tx, [person.uuid]));
    expect(statuses).toEqual([
      {
        userUuid: person.uuid,
        applicationUuid: slack,
        status: 'failed',
        error: 'Fleet could not install Slack',
        deviceUuid: device,
      },
    ]);
  });

  it('an application Fleet does not have fails at once, naming it', async () => {
    const { device } = await fleetDevice();
    await request(device, 'install', unknownApp);
    const failed = await until(device, (c) => c.state === 'failed');
    expect(failed.error).toMatch(/^Fleet has no Nowhere .* to install on host-\d+$/);
  });

  it('a 429 is waited out: the command shows the error and a next try no sooner than Retry-After', async () => {
    const { hostId, device } = await fleetDevice();
    fleet.failNext(429, { path: `/api/v1/fleet/hosts/${hostId}/software`, retryAfter: '120' });
    const asked = Date.now();
    const command = await request(device, 'install');
    const waiting = await until(device, (c) => c.nextAttemptAt !== null);
    expect(waiting).toMatchObject({ state: 'queued', error: expect.stringContaining('Fleet 429') });
    expect(Date.parse(waiting.nextAttemptAt!)).toBeGreaterThanOrEqual(asked + 115_000);
    await retryNow(command.uuid);
    await until(device, (c) => c.state === 'completed');
    expect(posts(hostId, 'install')).toHaveLength(1);
  }, 60_000);

  it('a timeout on every try ends the command failed with the reason', async () => {
    const { device } = await fleetDevice();
    for (let i = 0; i <= MDM_JOB_RETRY_LIMIT; i++) fleet.loseNextAnswer('hold');
    const command = await request(device, 'install');
    for (let tries = 1; tries <= MDM_JOB_RETRY_LIMIT; tries++) {
      await until(device, (c) => c.nextAttemptAt !== null && c.error !== null);
      const waiting = await newest(device);
      expect(waiting).toMatchObject({ state: 'queued', error: 'Fleet did not answer within 2 s' });
      await retryNow(command.uuid);
      await expect
        .poll(async () => (await newest(device))!.nextAttemptAt, { timeout: 20_000 })
        .not.toBe(waiting!.nextAttemptAt);
    }
    const failed = await until(device, (c) => c.state === 'failed');
    expect(failed).toMatchObject({ error: 'Fleet did not answer within 2 s', nextAttemptAt: null });
  }, 120_000);
});
