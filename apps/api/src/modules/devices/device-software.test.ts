import { randomUUID } from 'node:crypto';
import type { DeviceSoftwarePage } from '@equip/domain/device-software';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, devices } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor, tokensOfRoles } from '../../test/factories.ts';
import { type FleetFake, startFleetFake } from '../../test/fleet-fake.ts';
import { replaceSoftwareSql } from './software.ts';

/**
 * A device's installed software (decision 026): the list under the device (the shared list machinery),
 * the catalog match of each entry, and the read from the device's MDM — Fleet's real client against the
 * fake, and the sandbox.
 */
describe("a device's installed software", () => {
  let t: TestApp;
  let app: App;
  let fleet: FleetFake;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let otherOwnerToken: string;
  let fleetOwnerToken: string;
  let fleetOrgUuid: string;
  let laptop: string;
  let strangerDevice: string;
  let slackUuid: string;

  const db = () => t.services.database.db;
  const get = (url: string, token: string | null = ownerToken) =>
    app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const refresh = (device: string, token: string | null = ownerToken) =>
    app.inject({
      method: 'POST',
      url: `/api/devices/${device}/software/refresh`,
      headers: token ? bearer(token) : {},
    });
  const page = async (device: string, query = '', token = ownerToken): Promise<DeviceSoftwarePage> => {
    const res = await get(`/api/devices/${device}/software${query ? `?${query}` : ''}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const names = (p: DeviceSoftwarePage) => p.items.map((i) => i.name);

  async function addDevice(values: Partial<typeof devices.$inferInsert> & { organizationUuid: string }) {
    const [row] = await db()
      .insert(devices)
      .values({ name: 'MacBook', type: 'COMPUTER', os: 'MACOS', status: 'active', ...values })
      .returning({ uuid: devices.uuid });
    return row!.uuid;
  }

  /** What the agent would report (written as the check-in writes it; enrollment.test.ts sends it for real). */
  async function reported(
    organizationUuid: string,
    device: string,
    entries: { name: string; version?: string; bundleId?: string; packageId?: string }[],
  ) {
    await withTenant(db(), organizationUuid, (tx) =>
      tx.execute(
        replaceSoftwareSql(
          organizationUuid,
          device,
          'AGENT',
          entries.map((e) => ({
            name: e.name,
            version: e.version ?? null,
            bundleId: e.bundleId ?? null,
            packageId: e.packageId ?? null,
            path: null,
          })),
        ),
      ),
    );
  }

  beforeAll(async () => {
    fleet = await startFleetFake();
    t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true', MDM_SANDBOX: 'true' } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `Software ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db())).uuid;
    ({ ownerToken, regularToken, otherOwnerToken } = await tokensOfRoles(t.services, orgUuid, otherOrgUuid));
    fleetOrgUuid = (await createOrganization(db(), `Fleet software ${randomUUID().slice(0, 6)}`)).uuid;
    fleetOwnerToken = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: fleetOrgUuid, role: 'it-owner' }),
    );
    const connected = await app.inject({
      method: 'PUT',
      url: '/api/mdm-connections/FLEET',
      headers: bearer(fleetOwnerToken),
      payload: { baseUrl: fleet.url, apiToken: fleet.token },
    });
    expect(connected.statusCode, connected.body).toBe(201);
    // The catalog is shared; Slack is in it with its bundle and winget ids (the demo's catalog).
    await db()
      .insert(applications)
      .values({
        name: 'Slack',
        platforms: ['MAC', 'WINDOWS'],
        macApplicationId: 'com.tinyspeck.slackmacgap',
        windowsApplicationId: 'SlackTechnologies.Slack',
      })
      .onConflictDoNothing({ target: applications.name });
    await db()
      .insert(applications)
      .values({
        name: 'Mozilla Firefox',
        platforms: ['MAC', 'WINDOWS'],
        macApplicationId: 'org.mozilla.firefox',
      })
      .onConflictDoNothing({ target: applications.name });
    const [slack] = await db()
      .execute<{ uuid: string }>(sql`select uuid from applications where name = 'Slack'`)
      .then((r) => (r as unknown as { rows: { uuid: string }[] }).rows);
    slackUuid = slack!.uuid;
    laptop = await addDevice({ organizationUuid: orgUuid, name: 'Olga’s MacBook' });
    strangerDevice = await addDevice({ organizationUuid: otherOrgUuid, name: 'Stranger Mac' });
    await reported(orgUuid, laptop, [
      { name: 'Slack', version: '4.41.105', bundleId: 'com.tinyspeck.slackmacgap' },
      { name: 'zsh', version: '5.9-4', packageId: 'zsh' },
      { name: 'Ágenda', version: '17.2' },
      { name: 'curl', version: '8.5.0-2ubuntu10', packageId: 'curl' },
      { name: 'Mozilla Firefox.app', version: '133.0' },
    ]);
  });
  afterAll(async () => {
    await app.close();
    await fleet.close();
  });

  describe('the list', () => {
    it('lists the entries by name, each with its source, version and catalog match', async () => {
      const all = await page(laptop);
      expect(all.total).toBe(5);
      expect(names(all)).toEqual(['Ágenda', 'curl', 'Mozilla Firefox.app', 'Slack', 'zsh']);
      const slack = all.items.find((i) => i.name === 'Slack')!;
      expect(slack).toMatchObject({
        version: '4.41.105',
        source: 'AGENT',
        bundleId: 'com.tinyspeck.slackmacgap',
        application: { uuid: slackUuid, name: 'Slack' },
      });
      expect(slack.lastSeenAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      // By its normalised name ("Mozilla Firefox.app" is mozillafirefox): the catalog's Firefox.
      expect(all.items.find((i) => i.name === 'Mozilla Firefox.app')!.application?.name).toBe(
        'Mozilla Firefox',
      );
      expect(all.items.find((i) => i.name === 'zsh')!.application).toBeNull();
    });

    it('searches name, version and ids, filters matched entries, sorts both ways and pages by cursor', async () => {
      expect(names(await page(laptop, 'textSearchQuery=UBUNTU'))).toEqual(['curl']);
      expect(names(await page(laptop, 'textSearchQuery=tinyspeck'))).toEqual(['Slack']);
      expect((await page(laptop, 'textSearchQuery=nothing-like-it')).total).toBe(0);
      expect(names(await page(laptop, 'matchedOnly=true'))).toEqual(['Mozilla Firefox.app', 'Slack']);
      expect(names(await page(laptop, 'sortingDirection=desc'))[0]).toBe('zsh');
      const first = await page(laptop, 'take=2');
      expect(names(first)).toEqual(['Ágenda', 'curl']);
      expect(first.total).toBe(5);
      const second = await page(laptop, `take=2&cursor=${first.nextCursor}`);
      expect(names(second)).toEqual(['Mozilla Firefox.app', 'Slack']);
      expect(second.total).toBe(5);
      expect((await page(laptop, 'sources=FLEET')).total).toBe(0);
      expect((await page(laptop, 'sortingKey=lastSeenAt')).total).toBe(5);
    });

    it('replaces the source’s list on its next report (no history)', async () => {
      const device = await addDevice({ organizationUuid: orgUuid, name: 'Replaced' });
      await reported(orgUuid, device, [{ name: 'old-tool' }, { name: 'curl', version: '8.4' }]);
      await reported(orgUuid, device, [{ name: 'curl', version: '8.5' }]);
      const now = await page(device);
      expect(now.items.map((i) => `${i.name} ${i.version}`)).toEqual(['curl 8.5']);
    });

    it('refuses bad input (400), a missing token (401), a regular person (403) and another organisation’s device (404)', async () => {
      expect((await get(`/api/devices/${laptop}/software?take=0`)).statusCode).toBe(400);
      expect((await get(`/api/devices/${laptop}/software?sortingKey=size`)).statusCode).toBe(400);
      expect((await get(`/api/devices/${laptop}/software?sources=NOPE`)).statusCode).toBe(400);
      expect((await get(`/api/devices/${laptop}/software?cursor=bogus`)).statusCode).toBe(400);
      expect((await get('/api/devices/not-a-uuid/software')).statusCode).toBe(400);
      expect((await get(`/api/devices/${laptop}/software`, null)).statusCode).toBe(401);
      expect((await get(`/api/devices/${laptop}/software`, regularToken)).statusCode).toBe(403);
      expect((await get(`/api/devices/${strangerDevice}/software`)).statusCode).toBe(404);
      expect((await get(`/api/devices/${laptop}/software`, otherOwnerToken)).statusCode).toBe(404);
      expect((await get(`/api/devices/${randomUUID()}/software`)).statusCode).toBe(404);
    });
  });

  describe('read from the MDM', () => {
    beforeEach(() => {
      fleet.hosts.clear();
    });

    it("reads the Fleet host's software (the host's software field) and keeps it beside the agent's", async () => {
      fleet.addHost({
        id: 77,
        hostname: 'fleet-mbp',
        hardware_serial: 'SOFT77',
        software: [
          {
            id: 1,
            name: 'Slack.app',
            version: '4.41.105',
            source: 'apps',
            bundle_identifier: 'com.tinyspeck.slackmacgap',
            installed_paths: ['/Applications/Slack.app'],
          },
          { id: 2, name: 'osquery', version: '5.12.0', source: 'rpm_packages' },
        ],
      });
      const device = await addDevice({
        organizationUuid: fleetOrgUuid,
        name: 'Fleet Mac',
        serialNumber: 'SOFT77',
        mdmProvider: 'FLEET',
      });
      await reported(fleetOrgUuid, device, [{ name: 'zsh', packageId: 'zsh' }]);
      const res = await refresh(device, fleetOwnerToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ source: 'FLEET', count: 2 });
      const read = fleet.requests.filter((r) => r.path === '/api/v1/fleet/hosts/77');
      expect(read.at(-1)?.authorization).toBe(`Bearer ${fleet.token}`);
      const all = await page(device, '', fleetOwnerToken);
      expect(all.items.map((i) => [i.name, i.source])).toEqual([
        ['osquery', 'FLEET'],
        ['Slack.app', 'FLEET'],
        ['zsh', 'AGENT'],
      ]);
      expect(all.items[0]).toMatchObject({ packageId: 'osquery', bundleId: null, path: null });
      expect(all.items[1]).toMatchObject({
        bundleId: 'com.tinyspeck.slackmacgap',
        path: '/Applications/Slack.app',
        application: { name: 'Slack' },
      });
      expect(names(await page(device, 'sources=FLEET', fleetOwnerToken))).toEqual(['osquery', 'Slack.app']);
      expect(names(await page(device, 'sortingKey=source', fleetOwnerToken))).toEqual([
        'zsh',
        'osquery',
        'Slack.app',
      ]);
      // Read again with one removed: Fleet's list is replaced, the agent's stays.
      fleet.hosts.get(77)!.software = [{ id: 2, name: 'osquery', version: '5.13.0', source: 'rpm_packages' }];
      expect((await refresh(device, fleetOwnerToken)).json()).toEqual({ source: 'FLEET', count: 1 });
      const after = await page(device, '', fleetOwnerToken);
      expect(after.items.map((i) => `${i.name} ${i.version ?? ''}`.trim())).toEqual([
        'osquery 5.13.0',
        'zsh',
      ]);
    });

    it('answers 409 for a device Fleet does not know or one without an MDM, 503 when Fleet cannot answer', async () => {
      const unknown = await addDevice({
        organizationUuid: fleetOrgUuid,
        serialNumber: 'NOT-AT-FLEET',
        mdmProvider: 'FLEET',
      });
      const res = await refresh(unknown, fleetOwnerToken);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].msg).toMatch(/No Fleet host matches/);
      const unmanaged = await addDevice({ organizationUuid: fleetOrgUuid, name: 'No MDM' });
      expect((await refresh(unmanaged, fleetOwnerToken)).statusCode).toBe(409);
      fleet.addHost({ id: 78, hostname: 'busy', hardware_serial: 'SOFT78' });
      const busy = await addDevice({
        organizationUuid: fleetOrgUuid,
        serialNumber: 'SOFT78',
        mdmProvider: 'FLEET',
      });
      fleet.failNext(500, { path: '/api/v1/fleet/hosts' });
      const down = await refresh(busy, fleetOwnerToken);
      expect(down.statusCode).toBe(503);
      expect(down.json().errors[0].msg).toMatch(/Fleet 500/);
    });

    it('reads plausible software from the sandbox of a provider the organisation has not connected', async () => {
      const device = await addDevice({ organizationUuid: orgUuid, name: 'Jamf Mac', mdmProvider: 'JAMF' });
      const res = await refresh(device);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().source).toBe('JAMF');
      const all = await page(device, 'sources=JAMF');
      expect(all.total).toBe(res.json().count);
      expect(all.items.find((i) => i.bundleId === 'com.tinyspeck.slackmacgap')?.application?.name).toBe(
        'Slack',
      );
    });

    it('refuses a refresh without a token (401), by a regular person (403), of another organisation’s device (404)', async () => {
      expect((await refresh(laptop, null)).statusCode).toBe(401);
      expect((await refresh(laptop, regularToken)).statusCode).toBe(403);
      expect((await refresh(strangerDevice)).statusCode).toBe(404);
    });
  });
});
