import { randomUUID } from 'node:crypto';
import type { SoftwareCommand, SoftwareCommands } from '@equip/domain/software-installs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, deviceCommands, devices } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor, tokensOfRoles } from '../../test/factories.ts';
import { replaceSoftwareSql } from './software.ts';
import { installStatuses } from './software-installs.ts';

/**
 * Installing and uninstalling a catalog application (issue 27, item 5; decision 030) through the API:
 * the command goes through the MDM sandbox like an action, and the next inventory confirms it, which is
 * what the install status per person and application reads.
 */
describe('software installs', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let otherOwnerToken: string;
  let personUuid: string;
  let laptop: string;
  let unmanaged: string;
  let strangerDevice: string;
  let slack: string;
  let iosOnly: string;

  const db = () => t.services.database.db;
  const post = (device: string, verb: string, payload: unknown, token: string | null = ownerToken) =>
    app.inject({
      method: 'POST',
      url: `/api/devices/${device}/software/${verb}`,
      headers: token ? bearer(token) : {},
      payload: payload as object,
    });
  const commandsOf = async (device: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/devices/${device}/software/commands`,
      headers: bearer(ownerToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SoftwareCommands>().items;
  };
  const countCommands = async () =>
    (
      await db()
        .select({ uuid: deviceCommands.uuid })
        .from(deviceCommands)
        .where(eq(deviceCommands.organizationUuid, orgUuid))
    ).length;
  const addDevice = async (values: Partial<typeof devices.$inferInsert> & { organizationUuid: string }) => {
    const [row] = await db()
      .insert(devices)
      .values({ name: 'MacBook', type: 'COMPUTER', os: 'MACOS', status: 'active', ...values })
      .returning({ uuid: devices.uuid });
    return row!.uuid;
  };
  const appUuid = async (name: string, values: Partial<typeof applications.$inferInsert>) => {
    await db()
      .insert(applications)
      .values({ name, platforms: ['macos'], ...values })
      .onConflictDoNothing({ target: applications.name });
    const [row] = await db()
      .select({ uuid: applications.uuid })
      .from(applications)
      .where(eq(applications.name, name));
    return row!.uuid;
  };
  /** An inventory of the device as the MDM's read writes it. */
  const inventory = (device: string, entries: { name: string; bundleId?: string }[]) =>
    withTenant(db(), orgUuid, (tx) =>
      tx.execute(
        replaceSoftwareSql(
          orgUuid,
          device,
          'JAMF',
          entries.map((e) => ({
            name: e.name,
            version: '1',
            bundleId: e.bundleId ?? null,
            packageId: null,
            path: null,
          })),
        ),
      ),
    );
  const until = async (device: string, done: (newest: SoftwareCommand) => boolean) => {
    let newest: SoftwareCommand | undefined;
    await expect
      .poll(
        async () => {
          newest = (await commandsOf(device))[0];
          return newest ? done(newest) : false;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    return newest!;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { MDM_SANDBOX: 'true' } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `Installs ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db())).uuid;
    ({ ownerToken, regularToken, otherOwnerToken } = await tokensOfRoles(t.services, orgUuid, otherOrgUuid));
    const person = await createUser(db(), { organizationUuid: orgUuid });
    personUuid = person.uuid;
    await tokenFor(t.services, person);
    slack = await appUuid('Slack', {
      platforms: ['macos_and_windows'],
      macApplicationId: 'com.tinyspeck.slackmacgap',
      windowsApplicationId: 'SlackTechnologies.Slack',
    });
    iosOnly = await appUuid(`Phone only ${randomUUID().slice(0, 6)}`, {
      platforms: ['ios'],
      iosApplicationId: '12345',
    });
    const managed = { mdmProvider: 'JAMF' as const, enrollmentState: 'ENROLLED' as const };
    laptop = await addDevice({
      organizationUuid: orgUuid,
      name: 'Olga’s MacBook',
      assignedToUuid: personUuid,
      ...managed,
    });
    unmanaged = await addDevice({ organizationUuid: orgUuid, name: 'Spare Mac' });
    strangerDevice = await addDevice({ organizationUuid: otherOrgUuid, name: 'Stranger Mac', ...managed });
  });
  afterAll(async () => {
    await app.close();
  });

  it('installs an application: queued, completed through the sandbox, confirmed by the next inventory', async () => {
    const res = await post(laptop, 'install', { applicationUuid: slack });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json<SoftwareCommand>();
    expect(queued).toMatchObject({ action: 'install_software', application: { uuid: slack, name: 'Slack' } });
    // A second click joins the open command instead of sending twice.
    const again = await post(laptop, 'install', { applicationUuid: slack });
    if (again.json<SoftwareCommand>().state !== 'completed')
      expect(again.json<SoftwareCommand>().uuid).toBe(queued.uuid);
    const done = await until(laptop, (c) => c.state === 'completed');
    expect(done.confirmedAt).toBeNull();
    const pending = await withTenant(db(), orgUuid, (tx) => installStatuses(tx, [personUuid], [slack]));
    expect(pending).toEqual([
      { userUuid: personUuid, applicationUuid: slack, status: 'pending', error: null, deviceUuid: laptop },
    ]);
    await inventory(laptop, [{ name: 'Slack', bundleId: 'com.tinyspeck.slackmacgap' }]);
    expect((await commandsOf(laptop))[0]!.confirmedAt).not.toBeNull();
    const installed = await withTenant(db(), orgUuid, (tx) => installStatuses(tx, [personUuid], [slack]));
    expect(installed[0]!.status).toBe('installed');
  });

  it('uninstalls an application: confirmed once the inventory no longer has it', async () => {
    const res = await post(laptop, 'uninstall', { applicationUuid: slack });
    expect(res.statusCode, res.body).toBe(202);
    const done = await until(laptop, (c) => c.action === 'uninstall_software' && c.state === 'completed');
    expect(done.confirmedAt).toBeNull();
    await inventory(laptop, [{ name: 'Slack', bundleId: 'com.tinyspeck.slackmacgap' }]);
    expect((await commandsOf(laptop))[0]!.confirmedAt).toBeNull();
    await inventory(laptop, [{ name: 'zsh' }]);
    expect((await commandsOf(laptop))[0]!.confirmedAt).not.toBeNull();
  });

  it('keeps installs out of the MDM actions list', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/devices/${laptop}/actions`,
      headers: bearer(ownerToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await countCommands();
    expect((await post(laptop, 'install', {})).statusCode).toBe(400);
    expect((await post(laptop, 'install', { applicationUuid: 'slack' })).statusCode).toBe(400);
    expect((await post(laptop, 'install', { applicationUuid: slack, extra: 1 })).statusCode).toBe(400);
    const unknown = await post(laptop, 'install', { applicationUuid: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errors: [{ param: 'applicationUuid' }] });
    const wrongOs = await post(laptop, 'install', { applicationUuid: iosOnly });
    expect(wrongOs.statusCode, wrongOs.body).toBe(409);
    expect((await post(unmanaged, 'uninstall', { applicationUuid: slack })).statusCode).toBe(409);
    expect(await countCommands()).toBe(before);
  });

  it('needs a token, an IT owner, and the organisation’s own device', async () => {
    const before = await countCommands();
    expect((await post(laptop, 'install', { applicationUuid: slack }, null)).statusCode).toBe(401);
    expect((await post(laptop, 'install', { applicationUuid: slack }, regularToken)).statusCode).toBe(403);
    expect((await post(laptop, 'install', { applicationUuid: slack }, otherOwnerToken)).statusCode).toBe(404);
    expect((await post(strangerDevice, 'install', { applicationUuid: slack })).statusCode).toBe(404);
    const list = await app.inject({
      method: 'GET',
      url: `/api/devices/${laptop}/software/commands`,
      headers: bearer(otherOwnerToken),
    });
    expect(list.statusCode).toBe(404);
    expect(await countCommands()).toBe(before);
    const [stranger] = await db()
      .execute(sql`select count(*)::int as n from device_commands where device_uuid = ${strangerDevice}`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(stranger!.n).toBe(0);
  });
});
