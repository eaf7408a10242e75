import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, devices } from '../db/schema/index.ts';
import { withTenant } from '../db/tenancy.ts';
import { MDM_JOB_RETRY_LIMIT } from '../modules/devices/mdm-jobs.ts';
import { installStatuses } from '../modules/devices/software-installs.ts';
import { createTestApp, type TestApp } from './app.ts';
import { deviceCommands, softwareCommands } from './device-commands.ts';
import { bearer, createOrganization, createUser, tokenFor } from './factories.ts';

type Platform = 'macos_and_windows' | 'ios';

/** One device the provider's fake manages and the app's row for it. */
export interface FakeDevice {
  /** The fake's own id of the device (a host id, a computer id, a ManageEngine device id). */
  fakeId: string;
  name: string;
  type: 'COMPUTER' | 'PHONE';
  os: 'MACOS' | 'IOS';
}

/**
 * A provider's fake as the software-install suite drives it. The install mechanics differ per provider
 * (Fleet's install endpoint, Jamf's VPP scope, ManageEngine's app distribution); what they must lead to
 * is the same, so each profile says how its fake shows it.
 */
export interface InstallFake {
  connectPayload: Record<string, string>;
  addDevice(serial: string): FakeDevice;
  /** Called before every test: the fake reports after one read and installs succeed. */
  reset(): void;
  /** The next install request for the device is answered 429 with Retry-After 120. */
  fail429(device: FakeDevice): void;
  /** The next `count` install requests for the device are held past the client's timeout. */
  holdInstalls(device: FakeDevice, count: number): void;
  /** What reached the provider for one install (and that the device now has the app). */
  expectInstalled(device: FakeDevice): void;
  /** What reached the provider for one uninstall (and that the device no longer has the app). */
  expectUninstalled(device: FakeDevice): void;
  /**
   * Before the self-service test: the provider may offer the application (Jamf offers only an app whose
   * distribution is "Make Available in Self Service"); `reset` puts it back.
   */
  allowOffers?(): void;
  /** Whether the provider offers the application in the device's self-service catalogue. */
  offered(device: FakeDevice): boolean;
  /**
   * After the person left the bundle: whether the provider shows the offer withdrawn as it can (Fleet's
   * self service is the whole team's, so its offer stays and nothing is sent).
   */
  withdrawn(device: FakeDevice): boolean;
  /** Installs end failed on the device (only providers that report a failed install). */
  failInstalls?(): void;
  close(): Promise<void>;
}

export interface InstallProfile {
  provider: 'FLEET' | 'JAMF' | 'MANAGE_ENGINE';
  /** The provider's name in errors ("Fleet did not answer within 2 s"). */
  name: string;
  start(): Promise<InstallFake>;
  /** The catalog application the fake knows (and the platform whose id it carries). */
  app: { platform: Platform; id: string };
  /** The next inventory confirms a completed command (ManageEngine's status read already does). */
  confirmsByInventory: boolean;
  /** The error a 429 leaves on the waiting command. */
  tooManyRequests: string;
  /** The error of an install of an application the provider does not have. */
  unknownApp: RegExp;
  /** The error of an install the device reports failed (with `failInstalls`). */
  failedInstall?: string;
}

/**
 * Installs and uninstalls through a provider's real client against its local fake, through the whole
 * app (route, `mdm.command` and `mdm.check` jobs, the provider's install, the device's status, the next
 * inventory's confirmation; decision 030): a 429 is waited out per Retry-After, a timeout on every try
 * ends the command failed with the reason, an application the provider does not have fails at once.
 */
export function describeSoftwareInstalls(profile: InstallProfile): void {
  describe(`software installs through ${profile.name} (issue 27, item 5)`, () => {
    let t: TestApp;
    let fake: InstallFake;
    let orgUuid: string;
    let token: string;
    let slack: string;
    let unknownApp: string;

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
    async function managedDevice() {
      const serial = `${profile.provider}-INST${nextSerial++}`;
      const device = fake.addDevice(serial);
      const [row] = await db()
        .insert(devices)
        .values({
          organizationUuid: orgUuid,
          name: device.name,
          type: device.type,
          os: device.os,
          status: 'active',
          enrollmentState: 'ENROLLED',
          mdmProvider: profile.provider,
          serialNumber: serial,
        })
        .returning({ uuid: devices.uuid });
      return { fakeDevice: device, device: row!.uuid };
    }

    /** A catalog application carrying the profile's platform id (the shared catalog may hold it already). */
    async function catalog(name: string, id: string) {
      const ids = profile.app.platform === 'ios' ? { iosApplicationId: id } : { macApplicationId: id };
      await db()
        .insert(applications)
        .values({ name, platforms: [profile.app.platform], ...ids })
        .onConflictDoNothing({ target: applications.name });
      const [row] = await db().update(applications).set(ids).where(eq(applications.name, name)).returning();
      return row!.uuid;
    }

    beforeAll(async () => {
      fake = await profile.start();
      t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true', MDM_REQUEST_TIMEOUT_MS: '2000' } });
      orgUuid = (await createOrganization(db(), `${profile.name} installs ${randomUUID().slice(0, 6)}`)).uuid;
      token = await tokenFor(
        t.services,
        await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' }),
      );
      const connected = await t.app.inject({
        method: 'PUT',
        url: `/api/mdm-connections/${profile.provider}`,
        headers: bearer(token),
        payload: fake.connectPayload,
      });
      expect(connected.statusCode, connected.body).toBe(201);
      slack = await catalog('Slack', profile.app.id);
      unknownApp = await catalog(`Nowhere ${randomUUID().slice(0, 6)}`, 'com.example.nowhere');
    });
    afterAll(async () => {
      await t.app.close();
      await fake.close();
    });
    beforeEach(() => fake.reset());

    it('installs: sent once, completed from the device’s status, confirmed by the next inventory', async () => {
      const { fakeDevice, device } = await managedDevice();
      await request(device, 'install', slack);
      const done = await until(device, (c) => c.state === 'completed');
      expect(done).toMatchObject({ action: 'install_software', error: null });
      fake.expectInstalled(fakeDevice);
      if (!profile.confirmsByInventory) return;
      expect(done.confirmedAt).toBeNull();
      await refresh(device);
      expect((await newest(device))!.confirmedAt).not.toBeNull();
    });

    it('uninstalls: completed once the device no longer has it, confirmed when the inventory lacks it', async () => {
      const { fakeDevice, device } = await managedDevice();
      await request(device, 'install', slack);
      await until(device, (c) => c.state === 'completed');
      await request(device, 'uninstall', slack);
      const done = await until(device, (c) => c.action === 'uninstall_software' && c.state === 'completed');
      expect(done.error).toBeNull();
      fake.expectUninstalled(fakeDevice);
      if (!profile.confirmsByInventory) return;
      await refresh(device);
      expect((await newest(device))!.confirmedAt).not.toBeNull();
    });

    // Only providers whose device reports a failed install (Jamf's scope has no failure to read).
    if (profile.failedInstall !== undefined)
      it('an install the device reports failed ends failed with the reason, which the person’s install status gives', async () => {
        const { device } = await managedDevice();
        const person = await createUser(db(), { organizationUuid: orgUuid });
        await db().update(devices).set({ assignedToUuid: person.uuid }).where(eq(devices.uuid, device));
        fake.failInstalls!();
        await request(device, 'install', slack);
        const failed = await until(device, (c) => c.state === 'failed');
        expect(failed.error).toBe(profile.failedInstall);
        const statuses = await withTenant(db(), orgUuid, (tx) => installStatuses(tx, [person.uuid]));
        expect(statuses).toEqual([
          {
            userUuid: person.uuid,
            applicationUuid: slack,
            status: 'failed',
            error: profile.failedInstall,
            deviceUuid: device,
          },
        ]);
      });

    it('a bundle’s self-service application is offered in the device’s self-service catalogue, not installed, and withdrawn when the person leaves (issue 29, item 5)', async () => {
      const { fakeDevice, device } = await managedDevice();
      const person = await createUser(db(), { organizationUuid: orgUuid });
      await db().update(devices).set({ assignedToUuid: person.uuid }).where(eq(devices.uuid, device));
      fake.allowOffers?.();
      const inject = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
      const created = await inject('/bundle-api/bundles', {
        name: `Self service ${randomUUID().slice(0, 6)}`,
        applications: [{ applicationUuid: slack, management: 'SELF_SERVICE' }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const bundle = created.json<{ uuid: string }>().uuid;
      const assigned = await inject(`/bundle-api/bundles/${bundle}/employees`, {
        employeeUuids: [person.uuid],
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      await expect.poll(() => fake.offered(fakeDevice), { timeout: 20_000, interval: 100 }).toBe(true);
      // The person's status reads offered; nothing was installed.
      const status = await t.app.inject({
        method: 'GET',
        url: `/bundle-api/employees/${person.uuid}/applications`,
        headers: bearer(token),
      });
      expect(status.json<{ items: unknown[] }>().items).toEqual([
        expect.objectContaining({
          status: 'offered',
          reason: null,
          application: expect.objectContaining({ uuid: slack }),
        }),
      ]);
      expect(await newest(device)).toBeUndefined();
      const left = await inject(`/bundle-api/bundles/${bundle}/employees/unassign`, {
        employeeUuids: [person.uuid],
      });
      expect(left.statusCode, left.body).toBe(200);
      await expect.poll(() => fake.withdrawn(fakeDevice), { timeout: 20_000, interval: 100 }).toBe(true);
      expect(await newest(device)).toBeUndefined();
    });

    it('an application the provider does not have fails at once, naming it', async () => {
      const { device } = await managedDevice();
      await request(device, 'install', unknownApp);
      const failed = await until(device, (c) => c.state === 'failed');
      expect(failed.error).toMatch(profile.unknownApp);
    });

    it('a 429 is waited out: the command shows the error and a next try no sooner than Retry-After', async () => {
      const { fakeDevice, device } = await managedDevice();
      fake.fail429(fakeDevice);
      const asked = Date.now();
      const command = await request(device, 'install', slack);
      const waiting = await until(device, (c) => c.nextAttemptAt !== null);
      expect(waiting).toMatchObject({
        state: 'queued',
        error: expect.stringContaining(profile.tooManyRequests),
      });
      expect(Date.parse(waiting.nextAttemptAt!)).toBeGreaterThanOrEqual(asked + 115_000);
      await retryNow(command.uuid);
      await until(device, (c) => c.state === 'completed');
    }, 60_000);

    it('a timeout on every try ends the command failed with the reason', async () => {
      const { fakeDevice, device } = await managedDevice();
      fake.holdInstalls(fakeDevice, MDM_JOB_RETRY_LIMIT + 1);
      const command = await request(device, 'install', slack);
      for (let tries = 1; tries <= MDM_JOB_RETRY_LIMIT; tries++) {
        const waiting = await until(device, (c) => c.nextAttemptAt !== null && c.error !== null);
        expect(waiting).toMatchObject({
          state: 'queued',
          error: `${profile.name} did not answer within 2 s`,
        });
        await retryNow(command.uuid);
        await expect
          .poll(async () => (await newest(device))!.nextAttemptAt, { timeout: 20_000 })
          .not.toBe(waiting.nextAttemptAt);
      }
      const failed = await until(device, (c) => c.state === 'failed');
      expect(failed).toMatchObject({
        error: `${profile.name} did not answer within 2 s`,
        nextAttemptAt: null,
      });
    }, 120_000);
  });
}
