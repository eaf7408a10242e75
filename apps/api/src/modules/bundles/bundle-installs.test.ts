import { randomUUID } from 'node:crypto';
import type { DepartmentPeople, PersonApplications } from '@equip/domain/bundle-installs';
import type { BundleDetail } from '@equip/domain/bundles';
import type { SoftwareCommand } from '@equip/domain/software-installs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceCommands,
  devices,
  eventLog,
  notifications,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { ensureApplications } from '../../demo/demo-software.ts';
import type { App } from '../../http/types.ts';
import { SANDBOX_FAILING_INSTALLS_MARK, SANDBOX_INSTALL_FAILURE } from '../../providers/mdm/sandbox.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokensOfRoles } from '../../test/factories.ts';
import { replaceSoftwareSql } from '../devices/software.ts';
import { BUNDLE_EFFECT_INLINE } from './service.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a bundle does on its people's devices (issue 29, item 5): assigning requests the auto-install
 * applications' installs through the devices' software installs (decision 030, the MDM sandbox here),
 * offers the self-service ones and skips what no device of the person can take; leaving and removing an
 * application uninstall where the management type says so; each person's applications show where they
 * stand, confirmed by the next inventory, and a failed install is installed again on request.
 */
describe('bundle installs (issue 29, item 5)', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let otherOwnerToken: string;
  let catalog: Map<string, string>;
  let anna: string;
  let bruno: string;
  let annaMac: string;
  let stranger: string;

  const db = () => t.services.database.db;
  const call = (method: Method, url: string, payload?: unknown, token: string | null = ownerToken) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const ok = async <T>(method: Method, url: string, payload?: unknown, status = 200): Promise<T> => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return (res.body ? res.json() : null) as T;
  };
  const appUuid = (name: string) => {
    const uuid = catalog.get(name);
    if (!uuid) throw new Error(`${name} is not in the catalog`);
    return uuid;
  };
  const commandsOf = (device: string) =>
    db()
      .select({
        action: deviceCommands.action,
        applicationUuid: deviceCommands.applicationUuid,
        state: deviceCommands.state,
      })
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceUuid, device));
  const appsOf = (person: string) =>
    ok<PersonApplications>('GET', `/bundle-api/employees/${person}/applications`);
  const statusOf = async (person: string, name: string) =>
    (await appsOf(person)).items.find((item) => item.application.name === name);
  /** What the job workers write comes within this (a loaded CI machine takes seconds, not expect.poll's 1 s). */
  const EVENTUALLY = { timeout: 20_000, interval: 100 };
  const settled = (device: string) =>
    expect
      .poll(
        async () => (await commandsOf(device)).every((c) => c.state === 'completed' || c.state === 'failed'),
        EVENTUALLY,
      )
      .toBe(true);
  /** The Mac's next inventory as its MDM's read writes it. */
  const inventory = (device: string, entries: { name: string; bundleId: string }[]) =>
    withTenant(db(), orgUuid, (tx) =>
      tx.execute(
        replaceSoftwareSql(
          orgUuid,
          device,
          'JAMF',
          entries.map((e) => ({
            name: e.name,
            version: '1',
            bundleId: e.bundleId,
            packageId: null,
            path: null,
          })),
        ),
      ),
    );
  const addMac = async (organizationUuid: string, assignedToUuid: string) => {
    const [row] = await db()
      .insert(devices)
      .values({
        organizationUuid,
        name: `Mac ${randomUUID().slice(0, 4)}`,
        type: 'COMPUTER',
        os: 'MACOS',
        status: 'active',
        assignedToUuid,
        mdmProvider: 'JAMF',
        enrollmentState: 'ENROLLED',
      })
      .returning({ uuid: devices.uuid });
    return row!.uuid;
  };
  const bundleWith = (name: string, applications: { name: string; management: string }[]) =>
    ok<BundleDetail>(
      'POST',
      '/bundle-api/bundles',
      {
        name,
        applications: applications.map((a) => ({
          applicationUuid: appUuid(a.name),
          management: a.management,
        })),
      },
      201,
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { MDM_SANDBOX: 'true' } });
    app = t.app;
    catalog = await ensureApplications(db());
    orgUuid = (await createOrganization(db(), `Bundle installs ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Other ${randomUUID().slice(0, 6)}`)).uuid;
    ({ ownerToken, regularToken, otherOwnerToken } = await tokensOfRoles(t.services, orgUuid, otherOrgUuid));
    anna = (await createUser(db(), { organizationUuid: orgUuid, firstName: 'Anna' })).uuid;
    bruno = (await createUser(db(), { organizationUuid: orgUuid, firstName: 'Bruno' })).uuid;
    stranger = (await createUser(db(), { organizationUuid: otherOrgUuid })).uuid;
    annaMac = await addMac(orgUuid, anna);
  });
  afterAll(async () => {
    await app.close();
  });

  it('assigning installs, offers and skips; the inventory confirms; leaving uninstalls only managed uninstalls', async () => {
    const bundle = await bundleWith(`Sales ${randomUUID().slice(0, 4)}`, [
      { name: 'Slack', management: 'MANAGED_INSTALLS' },
      { name: '1Password', management: 'MANAGED_UNINSTALLS' },
      { name: 'Notion', management: 'SELF_SERVICE' },
      { name: 'Gmail', management: 'MANAGED_INSTALLS' },
      { name: 'iTerm2', management: 'NOT_NEEDED' },
    ]);
    await ok('POST', `/bundle-api/bundles/${bundle.uuid}/employees`, { employeeUuids: [anna, bruno] });

    // Anna's Mac gets Slack and 1Password; nothing is sent for the others, Bruno has no device.
    const sent = await commandsOf(annaMac);
    expect(sent.map((c) => [c.action, c.applicationUuid]).sort()).toEqual(
      [
        ['install_software', appUuid('1Password')],
        ['install_software', appUuid('Slack')],
      ].sort(),
    );
    const pending = await appsOf(anna);
    expect(pending.bundle).toEqual({ uuid: bundle.uuid, name: bundle.name });
    const byName = new Map(pending.items.map((item) => [item.application.name, item]));
    expect(byName.get('Slack')).toMatchObject({ status: 'pending', reason: null, deviceUuid: annaMac });
    expect(byName.get('Notion')).toMatchObject({ status: 'offered', reason: null });
    expect(byName.get('Gmail')).toMatchObject({
      status: 'skipped',
      reason: 'The application is not available for the device’s operating system',
    });
    expect(byName.get('iTerm2')).toMatchObject({ status: 'not_requested' });
    expect(await statusOf(bruno, 'Slack')).toMatchObject({
      status: 'skipped',
      reason: 'The person has no enrolled device for this application',
    });
    // Self service is offered through the MDM on Anna's Mac (an `mdm.offer` job); Bruno has no device.
    expect(await statusOf(bruno, 'Notion')).toMatchObject({
      status: 'skipped',
      reason: 'The person has no enrolled device for this application',
    });
    const { rows: offers } = await t.services.database.jobStore.executeSql(
      `select data from pgboss.job where name = 'mdm.offer' and data->>'organizationUuid' = $1`,
      [orgUuid],
    );
    expect(offers.map((row) => row.data)).toEqual([
      { organizationUuid: orgUuid, deviceUuid: annaMac, applicationUuid: appUuid('Notion'), offered: true },
    ]);

    // The MDM carries them out; the next inventory confirms them.
    await settled(annaMac);
    expect((await statusOf(anna, 'Slack'))!.status).toBe('pending');
    await inventory(annaMac, [
      { name: 'Slack', bundleId: 'com.tinyspeck.slackmacgap' },
      { name: '1Password', bundleId: 'com.1password.1password' },
    ]);
    expect((await statusOf(anna, 'Slack'))!.status).toBe('installed');
    expect((await statusOf(anna, '1Password'))!.status).toBe('installed');

    // Assigning again sends nothing more.
    await ok('POST', `/bundle-api/bundles/${bundle.uuid}/employees`, { employeeUuids: [anna] });
    expect(await commandsOf(annaMac)).toHaveLength(2);

    // Leaving: 1Password (managed uninstalls) comes off, Slack stays.
    await ok('POST', `/bundle-api/bundles/${bundle.uuid}/employees/unassign`, { employeeUuids: [anna] });
    const after = await commandsOf(annaMac);
    expect(after.filter((c) => c.action === 'uninstall_software').map((c) => c.applicationUuid)).toEqual([
      appUuid('1Password'),
    ]);
    expect(await appsOf(anna)).toEqual({ bundle: null, items: [] });
  });

  it('an assignment reaching many people queues their installs in jobs after the change, a batch at a time', async () => {
    const bundle = await bundleWith(`Everyone ${randomUUID().slice(0, 4)}`, [
      { name: 'Slack', management: 'MANAGED_INSTALLS' },
    ]);
    const many: string[] = [];
    for (let i = 0; i <= BUNDLE_EFFECT_INLINE; i++)
      many.push((await createUser(db(), { organizationUuid: orgUuid })).uuid);
    const first = await addMac(orgUuid, many[0]!);
    const last = await addMac(orgUuid, many.at(-1)!);
    await ok('POST', `/bundle-api/bundles/${bundle.uuid}/employees`, { employeeUuids: many });
    for (const mac of [first, last])
      await expect
        .poll(async () => (await commandsOf(mac)).map((c) => [c.action, c.applicationUuid]), EVENTUALLY)
        .toEqual([['install_software', appUuid('Slack')]]);
    expect((await statusOf(many.at(-1)!, 'Slack'))!.status).toBe('pending');
    // One job for the batch, naming every person; the request itself queued no command.
    const { rows } = await t.services.database.jobStore.executeSql(
      `select data from pgboss.job where name = 'bundles.effect' and data->>'organizationUuid' = $1`,
      [orgUuid],
    );
    expect(rows.map((row) => (row.data as { userUuids: string[] }).userUuids)).toEqual([many]);
  });

  it("changing a bundle's applications installs what was added and uninstalls what left where it says so", async () => {
    const person = (await createUser(db(), { organizationUuid: orgUuid })).uuid;
    const mac = await addMac(orgUuid, person);
    const bundle = await bundleWith(`Design ${randomUUID().slice(0, 4)}`, [
      { name: 'Figma', management: 'MANAGED_UNINSTALLS' },
      { name: 'Miro', management: 'SELF_SERVICE' },
    ]);
    await ok('POST', `/bundle-api/bundles/${bundle.uuid}/employees`, { employeeUuids: [person] });
    await settled(mac);
    // Miro turns auto install, Sketch joins, Figma leaves.
    await ok('PUT', `/bundle-api/bundles/${bundle.uuid}/applications`, {
      applications: [
        { applicationUuid: appUuid('Miro'), management: 'MANAGED_INSTALLS' },
        { applicationUuid: appUuid('Sketch'), management: 'MANAGED_UPDATES' },
      ],
    });
    const rows = await commandsOf(mac);
    const of = (action: string) =>
      rows
        .filter((c) => c.action === action)
        .map((c) => c.applicationUuid)
        .sort();
    expect(of('install_software')).toEqual([appUuid('Figma'), appUuid('Miro'), appUuid('Sketch')].sort());
    expect(of('uninstall_software')).toEqual([appUuid('Figma')]);
    // Deleting the bundle is leaving it: nothing here uninstalls on leaving any more.
    await ok('DELETE', `/bundle-api/bundles/${bundle.uuid}`, undefined, 204);
    expect(await commandsOf(mac)).toHaveLength(rows.length);
  });

  it("a failed install shows failed with the reason, is the bundle's event (webhook, IT owners notified) and notifies who assigned it; installing it again succeeds", async () => {
    const person = (
      await createUser(db(), { organizationUuid: orgUuid, firstName: 'Fritz', lastName: 'Voll' })
    ).uuid;
    const mac = await addMac(orgUuid, person);
    // A second IT owner: each is told.
    const secondOwner = (await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' })).uuid;
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({
        organizationUuid: orgUuid,
        url: 'https://hooks.example/bundles',
        eventTypes: ['bundle.install_failed'],
        // Never opened here: the delivery is only queued.
        secretCiphertext: 'unused',
      })
      .returning();
    const bundleFailures = () =>
      db()
        .select({ data: eventLog.data, actorUuid: eventLog.actorUuid })
        .from(eventLog)
        .where(and(eq(eventLog.subjectUuid, person), eq(eventLog.type, 'BUNDLE_INSTALL_FAILED')))
        .orderBy(eventLog.createdAt);
    // The sandbox refuses installs on a device named so (no free disk space).
    await db()
      .update(devices)
      .set({ name: `Full Mac ${SANDBOX_FAILING_INSTALLS_MARK}` })
      .where(eq(devices.uuid, mac));
    const bundle = await bundleWith(`Dev ${randomUUID().slice(0, 4)}`, [
      { name: 'Visual Studio Code', management: 'MANAGED_INSTALLS' },
    ]);
    await ok('POST', `/bundle-api/bundles/${bundle.uuid}/employees`, { employeeUuids: [person] });
    await settled(mac);
    const failed = await statusOf(person, 'Visual Studio Code');
    expect(failed).toMatchObject({ status: 'failed', reason: SANDBOX_INSTALL_FAILURE, deviceUuid: mac });

    // The bundle's own event: the person as subject, the application and why.
    const [failure, ...more] = await bundleFailures();
    expect(more).toEqual([]);
    expect(failure!.data).toEqual({
      employeeName: 'Fritz Voll',
      applicationName: 'Visual Studio Code',
      applicationUuid: appUuid('Visual Studio Code'),
      reason: SANDBOX_INSTALL_FAILURE,
      bundleUuid: bundle.uuid,
      deviceUuid: mac,
    });
    // Its webhook is queued for the endpoint that asked for it.
    await expect
      .poll(
        async () =>
          (
            await db()
              .select({ eventType: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
              .from(webhookDeliveries)
              .where(eq(webhookDeliveries.endpointUuid, endpoint!.uuid))
          ).map((d) => [d.eventType, JSON.stringify(d.payload).includes(SANDBOX_INSTALL_FAILURE)]),
        EVENTUALLY,
      )
      .toEqual([['bundle.install_failed', true]]);
    await db().delete(webhookEndpoints).where(eq(webhookEndpoints.uuid, endpoint!.uuid));
    // Every IT owner is told, once each.
    const told = async () =>
      (
        await db()
          .select({ userUuid: notifications.userUuid, params: notifications.params })
          .from(notifications)
          .where(
            and(eq(notifications.kind, 'bundle.install_failed'), eq(notifications.organizationUuid, orgUuid)),
          )
      ).filter((n) => (n.params as { userUuid?: string }).userUuid === person);
    const owners = await db()
      .select({ uuid: users.uuid })
      .from(users)
      .where(and(eq(users.organizationUuid, orgUuid), eq(users.role, 'it-owner')));
    expect(owners.map((o) => o.uuid)).toContain(secondOwner);
    await expect
      .poll(async () => (await told()).map((n) => n.userUuid).sort(), EVENTUALLY)
      .toEqual(owners.map((o) => o.uuid).sort());
    expect((await told())[0]!.params).toMatchObject({
      userUuid: person,
      employeeName: 'Fritz Voll',
      applicationName: 'Visual Studio Code',
      reason: SANDBOX_INSTALL_FAILURE,
    });
    // A status that stays failed is no new event.
    await appsOf(person);
    expect(await bundleFailures()).toHaveLength(1);
    // An install outside the bundle that fails on the same Mac is the device's event only.
    await ok('POST', `/api/devices/${mac}/software/install`, { applicationUuid: appUuid('Slack') }, 202);
    await settled(mac);
    expect(await bundleFailures()).toHaveLength(1);
    // A retry that fails again is a new event.
    await ok(
      'POST',
      `/api/devices/${mac}/software/install`,
      { applicationUuid: appUuid('Visual Studio Code') },
      202,
    );
    await settled(mac);
    expect(await bundleFailures()).toHaveLength(2);
    // Events, webhooks and notifications on the devices' machinery: the command's completion, failed.
    // In the order they settled (a heap's row order is no order: PostgreSQL returned the Slack one first).
    const completions = await db()
      .select({ data: eventLog.data, actorUuid: eventLog.actorUuid })
      .from(eventLog)
      .where(and(eq(eventLog.subjectUuid, mac), eq(eventLog.type, 'DEVICE_ACTION_COMPLETED')))
      .orderBy(eventLog.createdAt);
    expect(completions.map((c) => (c.data as { application?: { name: string } }).application?.name)).toEqual([
      'Visual Studio Code',
      'Slack',
      'Visual Studio Code',
    ]);
    const [completed] = completions;
    expect(completed?.data).toMatchObject({
      action: 'install_software',
      state: 'failed',
      error: SANDBOX_INSTALL_FAILURE,
      application: { name: 'Visual Studio Code' },
    });
    // The notification is written by its own job, after the command settled.
    const notified = async () =>
      (
        await db()
          .select({ params: notifications.params })
          .from(notifications)
          .where(
            and(
              eq(notifications.kind, 'device.action_failed'),
              eq(notifications.userUuid, completed!.actorUuid!),
            ),
          )
      ).map((n) => n.params);
    await expect.poll(notified, EVENTUALLY).toContainEqual(
      expect.objectContaining({
        deviceUuid: mac,
        action: 'install_software',
        error: SANDBOX_INSTALL_FAILURE,
      }),
    );
    // Space is freed.
    await db().update(devices).set({ name: 'Full Mac' }).where(eq(devices.uuid, mac));
    // The retry is the device's install (decision 030) on the device of the failed one.
    const retried = await ok<SoftwareCommand>(
      'POST',
      `/api/devices/${failed!.deviceUuid}/software/install`,
      { applicationUuid: failed!.application.uuid },
      202,
    );
    expect(retried.state).toBe('queued');
    expect((await statusOf(person, 'Visual Studio Code'))!.status).toBe('pending');
    await settled(mac);
    await inventory(mac, [{ name: 'Visual Studio Code', bundleId: 'com.microsoft.VSCode' }]);
    expect(await statusOf(person, 'Visual Studio Code')).toMatchObject({ status: 'installed', reason: null });
    expect(await bundleFailures()).toHaveLength(2);
  });

  it("installs an application of a person's bundle on request: one never requested, refusing what cannot be", async () => {
    const person = (await createUser(db(), { organizationUuid: orgUuid })).uuid;
    const mac = await addMac(orgUuid, person);
    const bundle = await bundleWith(`Ops ${randomUUID().slice(0, 4)}`, [
      { name: 'iTerm2', management: 'NOT_NEEDED' },
      { name: 'Gmail', management: 'NOT_NEEDED' },
    ]);
    await ok('POST', `/bundle-api/bundles/${bundle.uuid}/employees`, { employeeUuids: [person] });
    expect(await commandsOf(mac)).toEqual([]);
    const url = (app: string, who = person) => `/bundle-api/employees/${who}/applications/${app}/install`;
    const requested = await ok<PersonApplications['items'][number]>(
      'POST',
      url(appUuid('iTerm2')),
      undefined,
      202,
    );
    expect(requested).toMatchObject({ application: { name: 'iTerm2' }, deviceUuid: mac });
    expect(await commandsOf(mac)).toEqual([
      expect.objectContaining({ action: 'install_software', applicationUuid: appUuid('iTerm2') }),
    ]);
    // Asked again while it is open: joined, nothing more.
    await ok('POST', url(appUuid('iTerm2')), undefined, 202);
    expect(await commandsOf(mac)).toHaveLength(1);
    // No device of theirs can take Gmail: 409 with the reason, nothing written.
    const refused = await call('POST', url(appUuid('Gmail')));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errors: [
        expect.objectContaining({
          param: 'applicationUuid',
          msg: 'The application is not available for the device’s operating system',
        }),
      ],
    });
    // Not in their bundle: 404 at applicationUuid; a bad id 400; nothing written.
    const outside = await call('POST', url(appUuid('Slack')));
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ errors: [expect.objectContaining({ param: 'applicationUuid' })] });
    expect((await call('POST', url('not-a-uuid'))).statusCode).toBe(400);
    expect(await commandsOf(mac)).toHaveLength(1);
    // No token, a regular user, another organisation's owner or person.
    expect((await call('POST', url(appUuid('iTerm2')), undefined, null)).statusCode).toBe(401);
    expect((await call('POST', url(appUuid('iTerm2')), undefined, regularToken)).statusCode).toBe(403);
    expect((await call('POST', url(appUuid('iTerm2')), undefined, otherOwnerToken)).statusCode).toBe(404);
    expect((await call('POST', url(appUuid('iTerm2'), stranger))).statusCode).toBe(404);
    expect(await commandsOf(mac)).toHaveLength(1);
  });

  it('logs the patches an MDM read shows: a catalog application whose version changed', async () => {
    const person = (await createUser(db(), { organizationUuid: orgUuid })).uuid;
    const mac = await addMac(orgUuid, person);
    // What Jamf reported before: an older Visual Studio Code (the sandbox now reports 1.95.3).
    await withTenant(db(), orgUuid, (tx) =>
      tx.execute(
        replaceSoftwareSql(orgUuid, mac, 'JAMF', [
          {
            name: 'Visual Studio Code',
            version: '1.90.0',
            bundleId: 'com.microsoft.VSCode',
            packageId: null,
            path: null,
          },
          {
            name: 'Slack',
            version: '4.41.105',
            bundleId: 'com.tinyspeck.slackmacgap',
            packageId: null,
            path: null,
          },
        ]),
      ),
    );
    const patches = async () =>
      (
        await db()
          .select({ data: eventLog.data, actorUuid: eventLog.actorUuid })
          .from(eventLog)
          .where(and(eq(eventLog.subjectUuid, mac), eq(eventLog.type, 'SOFTWARE_PATCHED')))
      ).map((e) => e.data);
    await ok('POST', `/api/devices/${mac}/software/refresh`);
    expect(await patches()).toEqual([
      expect.objectContaining({
        application: 'Visual Studio Code',
        fromVersion: '1.90.0',
        toVersion: '1.95.3',
        provider: 'JAMF',
      }),
    ]);
    // Read again, nothing changed: no second patch.
    await ok('POST', `/api/devices/${mac}/software/refresh`);
    expect(await patches()).toHaveLength(1);
  });

  it("lists a department's people to assign them all, and only the organisation's", async () => {
    const department = `Legal ${randomUUID().slice(0, 4)}`;
    const lena = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Lena', lastName: 'Berg' });
    const aaron = await createUser(db(), {
      organizationUuid: orgUuid,
      firstName: 'Aaron',
      lastName: 'Adler',
    });
    const elsewhere = await createUser(db(), { organizationUuid: otherOrgUuid });
    await db()
      .update(users)
      .set({ department })
      .where(inArray(users.uuid, [lena.uuid, aaron.uuid, elsewhere.uuid]));
    const url = `/bundle-api/people?department=${encodeURIComponent(department)}`;
    expect(await ok<DepartmentPeople>('GET', url)).toEqual({
      items: [
        { uuid: aaron.uuid, firstName: 'Aaron', lastName: 'Adler' },
        { uuid: lena.uuid, firstName: 'Lena', lastName: 'Berg' },
      ],
    });
    // Another organisation's owner sees their own people of that name only.
    const theirs = await call('GET', url, undefined, otherOwnerToken);
    expect(theirs.json<DepartmentPeople>().items.map((p) => p.uuid)).toEqual([elsewhere.uuid]);
    expect(await ok<DepartmentPeople>('GET', '/bundle-api/people?department=Nowhere')).toEqual({ items: [] });
    for (const bad of [
      '/bundle-api/people',
      '/bundle-api/people?department=%20',
      `/bundle-api/people?department=${'x'.repeat(101)}`,
    ]) {
      const res = await call('GET', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        errors: [expect.objectContaining({ location: 'query', param: 'department' })],
      });
    }
    expect((await call('GET', url, undefined, null)).statusCode).toBe(401);
    expect((await call('GET', url, undefined, regularToken)).statusCode).toBe(403);
  });

  it("answers 401 without a token, 403 to a regular user, 404 for another organisation's person, 400 for a bad id", async () => {
    const url = `/bundle-api/employees/${anna}/applications`;
    expect((await call('GET', url, undefined, null)).statusCode).toBe(401);
    expect((await call('GET', url, undefined, regularToken)).statusCode).toBe(403);
    expect((await call('GET', url, undefined, otherOwnerToken)).statusCode).toBe(404);
    const strangers = await call('GET', `/bundle-api/employees/${stranger}/applications`);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.body).not.toContain(stranger);
    const bad = await call('GET', '/bundle-api/employees/not-a-uuid/applications');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [expect.objectContaining({ location: 'params' })] });
  });
});
