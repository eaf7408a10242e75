import { randomUUID } from 'node:crypto';
import type {
  ApplicationPage,
  BundleDetail,
  BundleEmployeePage,
  BundleEmployeesResult,
  BundlePage,
  BundleSuggestionResult,
} from '@equip/domain/bundles';
import { WEBHOOK_TYPE_OF_EVENT } from '@equip/domain/webhooks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleEmployees,
  bundles,
  deviceSoftware,
  devices,
  eventLog,
  organizations,
  users,
} from '../../db/schema/index.ts';
import { ensureApplications } from '../../demo/demo-software.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  bearer,
  createOrganization,
  createUser,
  setFeatureFlag,
  tokensOfRoles,
} from '../../test/factories.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe('bundles and applications (issue 29)', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let adminToken: string;
  let otherOwnerToken: string;
  let anna: Awaited<ReturnType<typeof createUser>>;
  let bruno: Awaited<ReturnType<typeof createUser>>;
  let stranger: Awaited<ReturnType<typeof createUser>>;
  let strangerBundle: string;
  let catalog: Map<string, string>;

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
  const eventsOf = async (subjectUuid: string) =>
    (
      await db()
        .select({ type: eventLog.type, data: eventLog.data })
        .from(eventLog)
        .where(eq(eventLog.subjectUuid, subjectUuid))
        .orderBy(eventLog.createdAt)
    ).map((e) => e.type);
  const bundleCount = async () =>
    (await db().select({ uuid: bundles.uuid }).from(bundles).where(eq(bundles.organizationUuid, orgUuid)))
      .length;
  const create = (name: string, extra: object = {}) =>
    ok<BundleDetail>('POST', '/bundle-api/bundles', { name, ...extra }, 201);

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    catalog = await ensureApplications(db());
    orgUuid = (await createOrganization(db(), `Bundles ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Other ${randomUUID().slice(0, 6)}`)).uuid;
    let owner: { uuid: string };
    ({ owner, ownerToken, regularToken, adminToken, otherOwnerToken } = await tokensOfRoles(
      t.services,
      orgUuid,
      otherOrgUuid,
      { firstName: 'Olga', lastName: 'Owner' },
    ));
    ownerUuid = owner.uuid;
    anna = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Anna', lastName: 'Ågren' });
    bruno = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Bruno', lastName: 'Zimmermann' });
    stranger = await createUser(db(), { organizationUuid: otherOrgUuid, firstName: 'Sam', lastName: 'Else' });
    const [foreign] = await db()
      .insert(bundles)
      .values({ organizationUuid: otherOrgUuid, name: 'Foreign bundle' })
      .returning();
    strangerBundle = foreign!.uuid;
  });
  afterAll(() => app.close());

  describe('the application catalog', () => {
    it('lists the catalog with search, platform and source filters and paging', async () => {
      const all = await ok<ApplicationPage>('GET', '/bundle-api/applications?take=500');
      expect(all.total).toBeGreaterThanOrEqual(catalog.size);
      const names = all.items.map((a) => a.name);
      expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })));

      const slack = await ok<ApplicationPage>('GET', '/bundle-api/applications?textSearchQuery=slack');
      expect(slack.items.map((a) => a.name)).toEqual(['Slack']);
      expect(slack.items[0]).toMatchObject({
        platforms: ['macos', 'windows', 'ios', 'ipad'],
        macApplicationId: 'com.tinyspeck.slackmacgap',
        subscriptionsSupportedByEquip: true,
      });

      const iphoneOnly = await ok<ApplicationPage>('GET', '/bundle-api/applications?platforms=ios&take=500');
      expect(iphoneOnly.items.every((a) => a.platforms.includes('ios'))).toBe(true);
      const vppMac = await ok<ApplicationPage>('GET', '/bundle-api/applications?sources=VPP_MAC&take=500');
      expect(vppMac.items.length).toBeGreaterThan(0);
      expect(vppMac.items.every((a) => a.macAppStoreId !== null)).toBe(true);
      const fleet = await ok<ApplicationPage>('GET', '/bundle-api/applications?sources=FLEET&take=500');
      expect(fleet.items.some((a) => a.name === 'Gmail')).toBe(false);

      const first = await ok<ApplicationPage>('GET', '/bundle-api/applications?take=10');
      expect(first.items).toHaveLength(10);
      const second = await ok<ApplicationPage>(
        'GET',
        `/bundle-api/applications?take=10&cursor=${encodeURIComponent(first.nextCursor!)}`,
      );
      expect(second.items[0]!.name).toBe(names[10]);
    });

    it('refuses an unknown source and a regular user', async () => {
      expect((await call('GET', '/bundle-api/applications?sources=APPSTORE')).statusCode).toBe(400);
      expect((await call('GET', '/bundle-api/applications', undefined, regularToken)).statusCode).toBe(403);
      expect((await call('GET', '/bundle-api/applications', undefined, null)).statusCode).toBe(401);
    });
  });

  describe('bundles', () => {
    it('creates a bundle with applications (defaults from the mode) and people, and logs it', async () => {
      const created = await create('Sales', {
        description: 'CRM and slides',
        applications: [
          { applicationUuid: appUuid('Slack') },
          { applicationUuid: appUuid('Mozilla Firefox'), management: 'SELF_SERVICE' },
          { applicationUuid: appUuid('Microsoft Authenticator') },
        ],
        employeeUuids: [anna.uuid],
      });
      expect(created).toMatchObject({
        name: 'Sales',
        description: 'CRM and slides',
        employeeUuids: [anna.uuid],
      });
      expect(created.employees).toEqual([{ accountUuid: anna.uuid }]);
      const byName = new Map(created.applications.map((entry) => [entry.application.name, entry]));
      // The organisation's default mode is Equip: Slack's accounts are Equip's, Chrome has none.
      expect(byName.get('Slack')).toMatchObject({
        management: 'MANAGED_INSTALLS',
        onboardingShouldCreateAccount: true,
        offboardingType: 'DELETE_ACCOUNT',
        managedBy: 'equip',
        modes: ['auto_install', 'managed_by_equip'],
        needsSetup: true,
        accountDeletion: 'managed_by_equip',
      });
      expect(byName.get('Mozilla Firefox')).toMatchObject({ modes: ['self_service'], managedBy: 'NotSet' });
      expect(byName.get('Microsoft Authenticator')).toMatchObject({
        accountDeletion: null,
        needsSetup: true,
      });
      expect(await eventsOf(created.uuid)).toEqual(['BUNDLE_CREATED', 'BUNDLE_EMPLOYEE_ASSIGNED']);
      expect(WEBHOOK_TYPE_OF_EVENT.BUNDLE_CREATED).toBe('bundle.created');
      expect(WEBHOOK_TYPE_OF_EVENT.BUNDLE_EMPLOYEE_ASSIGNED).toBe('bundle.assigned');

      const page = await ok<BundlePage>('GET', '/bundle-api/bundles?textSearchQuery=sales');
      expect(page.items).toEqual([
        expect.objectContaining({
          uuid: created.uuid,
          applicationCount: 3,
          desktopApplicationCount: 1,
          mobileApplicationCount: 2,
          employeeCount: 1,
        }),
      ]);
      expect(await ok<BundleDetail>('GET', `/bundle-api/bundles/${created.uuid}`)).toEqual(created);
    });

    it('refuses a taken name (any case) with a 409 at name, writing nothing', async () => {
      const before = await bundleCount();
      const res = await call('POST', '/bundle-api/bundles', { name: '  sales ' });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0]).toMatchObject({ errorType: 'Conflict', param: 'name' });
      expect(await bundleCount()).toBe(before);
    });

    it('refuses bad input all or nothing: an unknown application, a stranger, offboarding on iOS', async () => {
      const before = await bundleCount();
      const unknownApp = await call('POST', '/bundle-api/bundles', {
        name: 'Broken',
        applications: [{ applicationUuid: appUuid('Slack') }, { applicationUuid: randomUUID() }],
      });
      expect(unknownApp.statusCode).toBe(404);
      expect(unknownApp.json().errors[0].param).toBe('applications.1.applicationUuid');
      const foreignPerson = await call('POST', '/bundle-api/bundles', {
        name: 'Broken',
        employeeUuids: [anna.uuid, stranger.uuid],
      });
      expect(foreignPerson.statusCode).toBe(404);
      expect(foreignPerson.json().errors[0].param).toBe('employeeUuids.1');
      const ios = await call('POST', '/bundle-api/bundles', {
        name: 'Broken',
        applications: [
          { applicationUuid: appUuid('Microsoft Authenticator'), offboardingType: 'DELETE_ACCOUNT' },
        ],
      });
      expect(ios.statusCode).toBe(400);
      expect(ios.json().errors[0].param).toBe('applications.0.offboardingType');
      expect((await call('POST', '/bundle-api/bundles', { name: '' })).statusCode).toBe(400);
      expect(
        (await call('POST', '/bundle-api/bundles', { name: 'x', employeeUuids: ['nope'] })).statusCode,
      ).toBe(400);
      expect(await bundleCount()).toBe(before);
    });

    it('renames and describes a bundle, refusing a taken name', async () => {
      const other = await create('Design');
      const renamed = await ok<BundleDetail>('PATCH', `/bundle-api/bundles/${other.uuid}`, {
        name: 'Design team',
        description: null,
      });
      expect(renamed.name).toBe('Design team');
      const taken = await call('PATCH', `/bundle-api/bundles/${other.uuid}`, { name: 'SALES' });
      expect(taken.statusCode).toBe(409);
      expect(await eventsOf(other.uuid)).toEqual(['BUNDLE_CREATED', 'BUNDLE_UPDATED']);
      await ok('DELETE', `/bundle-api/bundles/${other.uuid}`, undefined, 204);
      expect((await call('GET', `/bundle-api/bundles/${other.uuid}`)).statusCode).toBe(404);
      expect(await eventsOf(other.uuid)).toEqual(['BUNDLE_CREATED', 'BUNDLE_UPDATED', 'BUNDLE_DELETED']);
    });

    it('sorts by counts and pages', async () => {
      const page = await ok<BundlePage>(
        'GET',
        '/bundle-api/bundles?sortingKey=employeeCount&sortingDirection=desc',
      );
      const counts = page.items.map((b) => b.employeeCount);
      expect(counts).toEqual([...counts].sort((x, y) => y - x));
    });
  });

  describe('applications in a bundle', () => {
    let bundle: BundleDetail;
    beforeAll(async () => {
      bundle = await create('Engineering', { applications: [{ applicationUuid: appUuid('Slack') }] });
    });

    it('adds one, changes it in place and takes it out, an event each', async () => {
      const added = await ok<BundleDetail>(
        'PUT',
        `/bundle-api/bundles/${bundle.uuid}/applications/${appUuid('Docker Desktop')}`,
        { management: 'SELF_SERVICE' },
      );
      expect(added.applications.map((a) => a.application.name)).toEqual(['Docker Desktop', 'Slack']);
      const changed = await ok<BundleDetail>(
        'PUT',
        `/bundle-api/bundles/${bundle.uuid}/applications/${appUuid('Docker Desktop')}`,
        { management: 'MANAGED_UPDATES', onboardingShouldCreateAccount: true, owners: [bruno.uuid] },
      );
      expect(changed.applications).toHaveLength(2);
      expect(changed.applications[0]).toMatchObject({
        management: 'MANAGED_UPDATES',
        owners: [bruno.uuid],
        managedBy: 'ITOwners',
        modes: ['auto_install', 'managed_by_owners'],
      });
      const removed = await ok<BundleDetail>(
        'DELETE',
        `/bundle-api/bundles/${bundle.uuid}/applications/${appUuid('Slack')}`,
      );
      expect(removed.applications.map((a) => a.application.name)).toEqual(['Docker Desktop']);
      expect(
        (await call('DELETE', `/bundle-api/bundles/${bundle.uuid}/applications/${appUuid('Slack')}`))
          .statusCode,
      ).toBe(404);
      expect(await eventsOf(bundle.uuid)).toEqual([
        'BUNDLE_CREATED',
        'BUNDLE_APPLICATIONS_CHANGED',
        'BUNDLE_APPLICATIONS_CHANGED',
        'BUNDLE_APPLICATIONS_CHANGED',
      ]);
    });

    it('replaces the whole set, refusing an owner of another organisation', async () => {
      const set = await ok<BundleDetail>('PUT', `/bundle-api/bundles/${bundle.uuid}/applications`, {
        applications: [
          { applicationUuid: appUuid('Figma') },
          { applicationUuid: appUuid('Visual Studio Code') },
        ],
      });
      expect(set.applications.map((a) => a.application.name)).toEqual(['Figma', 'Visual Studio Code']);
      const foreignOwner = await call('PUT', `/bundle-api/bundles/${bundle.uuid}/applications`, {
        applications: [{ applicationUuid: appUuid('Loom'), owners: [stranger.uuid] }],
      });
      expect(foreignOwner.statusCode).toBe(404);
      expect(foreignOwner.json().errors[0].param).toBe('applications.0.owners.0');
      const after = await ok<BundleDetail>('GET', `/bundle-api/bundles/${bundle.uuid}`);
      expect(after.applications.map((a) => a.application.name)).toEqual(['Figma', 'Visual Studio Code']);
    });

    it('takes the organisation default mode: IT owners', async () => {
      expect(await ok('GET', '/bundle-api/settings')).toEqual({ defaultManagementMode: 'equip' });
      await ok('PUT', '/bundle-api/settings', { defaultManagementMode: 'ITOwners' });
      const added = await ok<BundleDetail>(
        'PUT',
        `/bundle-api/bundles/${bundle.uuid}/applications/${appUuid('Loom')}`,
        {},
      );
      const loom = added.applications.find((a) => a.application.name === 'Loom');
      expect(loom).toMatchObject({
        onboardingShouldCreateAccount: true,
        owners: [ownerUuid],
        managedBy: 'ITOwners',
      });
      expect(
        (await call('PUT', '/bundle-api/settings', { defaultManagementMode: 'nobody' })).statusCode,
      ).toBe(400);
      expect(
        (await call('PUT', '/bundle-api/settings', { defaultManagementMode: 'equip' }, regularToken))
          .statusCode,
      ).toBe(403);
      const byAdmin = await call(
        'PUT',
        '/bundle-api/settings',
        { defaultManagementMode: 'equip' },
        adminToken,
      );
      expect(byAdmin.statusCode).toBe(200);
      expect(await ok('GET', '/bundle-api/settings')).toEqual({ defaultManagementMode: 'equip' });
    });
  });

  describe('assigning people', () => {
    it('assigns, moves from another bundle and unassigns, an event each', async () => {
      const first = await create('First');
      const second = await create('Second');
      const assigned = await ok<BundleEmployeesResult>(
        'POST',
        `/bundle-api/bundles/${first.uuid}/employees`,
        {
          employeeUuids: [anna.uuid, bruno.uuid],
        },
      );
      // Anna was in Sales: she moves.
      expect(assigned).toEqual({ changed: 2, moved: 1 });
      const again = await ok<BundleEmployeesResult>('POST', `/bundle-api/bundles/${first.uuid}/employees`, {
        employeeUuids: [anna.uuid],
      });
      expect(again).toEqual({ changed: 0, moved: 0 });
      const moved = await ok<BundleEmployeesResult>('POST', `/bundle-api/bundles/${second.uuid}/employees`, {
        employeeUuids: [bruno.uuid],
      });
      expect(moved).toEqual({ changed: 1, moved: 1 });
      const members = await db()
        .select({ bundleUuid: bundleEmployees.bundleUuid })
        .from(bundleEmployees)
        .where(eq(bundleEmployees.userUuid, bruno.uuid));
      expect(members).toEqual([{ bundleUuid: second.uuid }]);

      const people = await ok<BundleEmployeePage>('GET', `/bundle-api/bundles/${first.uuid}/employees`);
      expect(people.items.map((p) => [p.firstName, p.lastName])).toEqual([['Anna', 'Ågren']]);
      const searched = await ok<BundleEmployeePage>(
        'GET',
        `/bundle-api/bundles/${second.uuid}/employees?textSearchQuery=zimm`,
      );
      expect(searched.total).toBe(1);

      const left = await ok<BundleEmployeesResult>(
        'POST',
        `/bundle-api/bundles/${first.uuid}/employees/unassign`,
        {
          employeeUuids: [anna.uuid, bruno.uuid],
        },
      );
      expect(left).toEqual({ changed: 1, moved: 0 });
      expect(await eventsOf(first.uuid)).toEqual([
        'BUNDLE_CREATED',
        'BUNDLE_EMPLOYEE_ASSIGNED',
        'BUNDLE_EMPLOYEE_ASSIGNED',
        'BUNDLE_EMPLOYEE_UNASSIGNED',
      ]);
      const [assignedEvent] = await db()
        .select({ data: eventLog.data })
        .from(eventLog)
        .where(and(eq(eventLog.subjectUuid, second.uuid), eq(eventLog.type, 'BUNDLE_EMPLOYEE_ASSIGNED')));
      expect(assignedEvent!.data).toMatchObject({ employeeUuid: bruno.uuid, previousBundleUuid: first.uuid });
    });

    it('refuses people of another organisation and an empty list, changing nothing', async () => {
      const bundle = await create('Refusals');
      const foreign = await call('POST', `/bundle-api/bundles/${bundle.uuid}/employees`, {
        employeeUuids: [anna.uuid, stranger.uuid],
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().errors[0].param).toBe('employeeUuids.1');
      expect(
        (await call('POST', `/bundle-api/bundles/${bundle.uuid}/employees`, { employeeUuids: [] }))
          .statusCode,
      ).toBe(400);
      expect((await ok<BundleDetail>('GET', `/bundle-api/bundles/${bundle.uuid}`)).employeeUuids).toEqual([]);
    });
  });

  describe("the organisation's setup", () => {
    it('finishes the createBundle step when a bundle is created, and leaves other steps alone', async () => {
      const stepOf = async (uuid: string) =>
        (
          await db()
            .select({ step: organizations.onboardingStep })
            .from(organizations)
            .where(eq(organizations.uuid, uuid))
        )[0]?.step;
      const fresh = await createOrganization(db(), `Setup ${randomUUID().slice(0, 6)}`);
      const early = await createOrganization(db(), `Early ${randomUUID().slice(0, 6)}`);
      await db()
        .update(organizations)
        .set({ onboardingStep: 'createBundle' })
        .where(eq(organizations.uuid, fresh.uuid));
      await db()
        .update(organizations)
        .set({ onboardingStep: 'registerDevices' })
        .where(eq(organizations.uuid, early.uuid));
      const tokens = await tokensOfRoles(t.services, fresh.uuid, early.uuid);
      const earlyTokens = await tokensOfRoles(t.services, early.uuid, fresh.uuid);
      const first = await call('POST', '/bundle-api/bundles', { name: 'First' }, tokens.ownerToken);
      expect(first.statusCode).toBe(201);
      expect(await stepOf(fresh.uuid)).toBe('finished');
      expect(
        (await call('POST', '/bundle-api/bundles', { name: 'First' }, earlyTokens.ownerToken)).statusCode,
      ).toBe(201);
      expect(await stepOf(early.uuid)).toBe('registerDevices');
    });
  });

  describe('suggestions (it-2871-suggested-bundles)', () => {
    it("suggests what people's devices have installed, for the organisation, a department or some people", async () => {
      const org = (await createOrganization(db(), `Suggest ${randomUUID().slice(0, 6)}`)).uuid;
      const tokens = await tokensOfRoles(t.services, org, otherOrgUuid);
      const people = await Promise.all(
        ['Ada', 'Ben', 'Cem'].map((firstName) => createUser(db(), { organizationUuid: org, firstName })),
      );
      await db().update(users).set({ department: 'Sales' }).where(eq(users.uuid, people[0]!.uuid));
      await db().update(users).set({ department: 'Sales' }).where(eq(users.uuid, people[1]!.uuid));
      const installed: Record<string, string[]> = {
        Ada: ['Slack', 'Figma'],
        Ben: ['Slack'],
        Cem: ['Slack', 'Xcode'],
      };
      for (const person of people) {
        const [device] = await db()
          .insert(devices)
          .values({
            organizationUuid: org,
            name: `${person.firstName}'s Mac`,
            type: 'COMPUTER',
            os: 'MACOS',
            assignedToUuid: person.uuid,
          })
          .returning();
        await db()
          .insert(deviceSoftware)
          .values(
            installed[person.firstName]!.map((name) => ({
              organizationUuid: org,
              deviceUuid: device!.uuid,
              source: 'AGENT' as const,
              name,
              applicationUuid: appUuid(name),
            })),
          );
      }
      const ask = (query: string) =>
        call('GET', `/bundle-api/suggestions?${query}`, undefined, tokens.ownerToken);
      expect((await ask('kind=organization')).statusCode).toBe(404);
      const restore = await setFeatureFlag(db(), 'it-2871-suggested-bundles', 'on');
      try {
        const whole = (await ask('kind=organization')).json() as BundleSuggestionResult;
        expect(whole.people).toBe(5); // the owner and a regular person of tokensOfRoles too
        expect(whole.applications.map((a) => [a.application.name, a.holders, a.suggested])).toEqual([
          ['Slack', 3, true],
          ['Figma', 1, false],
          ['Xcode', 1, false],
        ]);
        const sales = (await ask('kind=department&department=Sales')).json() as BundleSuggestionResult;
        expect(sales.people).toBe(2);
        expect(sales.applications.map((a) => [a.application.name, a.share])).toEqual([
          ['Slack', 1],
          ['Figma', 0.5],
        ]);
        const some = (
          await ask(`kind=employees&userUuids=${people[2]!.uuid},${stranger.uuid}`)
        ).json() as BundleSuggestionResult;
        expect(some.people).toBe(1);
        expect(some.applications.map((a) => a.application.name)).toEqual(['Slack', 'Xcode']);
        const missing = await ask('kind=department');
        expect(missing.statusCode).toBe(400);
        expect(missing.json().errors[0].param).toBe('department');
        expect(
          (await call('GET', '/bundle-api/suggestions?kind=organization', undefined, regularToken))
            .statusCode,
        ).toBe(403);
      } finally {
        await restore();
      }
    });
  });

  describe('access', () => {
    it("answers 401 without a token, 403 to a regular user and 404 for another organisation's bundle", async () => {
      const bundle = await create('Guarded');
      const routes: [Method, string, unknown?][] = [
        ['GET', '/bundle-api/bundles'],
        ['GET', `/bundle-api/bundles/${bundle.uuid}`],
        ['PATCH', `/bundle-api/bundles/${bundle.uuid}`, { name: 'x' }],
        ['DELETE', `/bundle-api/bundles/${bundle.uuid}`],
        ['PUT', `/bundle-api/bundles/${bundle.uuid}/applications`, { applications: [] }],
        ['GET', `/bundle-api/bundles/${bundle.uuid}/employees`],
        ['POST', `/bundle-api/bundles/${bundle.uuid}/employees`, { employeeUuids: [anna.uuid] }],
      ];
      for (const [method, url, body] of routes) {
        expect((await call(method, url, body, null)).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(method, url, body, regularToken)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(method, url, body, otherOwnerToken)).statusCode, `${method} ${url}`).toBe(
          url === '/bundle-api/bundles' ? 200 : 404,
        );
      }
      const theirs = await call('GET', `/bundle-api/bundles/${strangerBundle}`);
      expect(theirs.statusCode).toBe(404);
      const theirList = await ok<BundlePage>('GET', '/bundle-api/bundles?take=500');
      expect(theirList.items.some((b) => b.uuid === strangerBundle)).toBe(false);
      expect(
        (
          await call('POST', `/bundle-api/bundles/${strangerBundle}/employees`, {
            employeeUuids: [anna.uuid],
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});
