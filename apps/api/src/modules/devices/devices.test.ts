import { randomUUID } from 'node:crypto';
import {
  DeviceListItem,
  type DevicePage,
  type DeviceListItem as Item,
  SHOW_STAGED_DEVICES_FLAG,
} from '@equip/domain/devices';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCounts, devices, eventLog, users } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { dialect, pageSql } from '../../lists/list-query.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, setFeatureFlag, tokenFor } from '../../test/factories.ts';
import { deviceList } from './list.ts';

describe('devices', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let anna: Awaited<ReturnType<typeof createUser>>;
  let bruno: Awaited<ReturnType<typeof createUser>>;
  let stranger: Awaited<ReturnType<typeof createUser>>;
  let strangerDevice: string;
  let restoreFlag: () => Promise<void>;

  const db = () => t.services.database.db;
  const get = (url: string, token = ownerToken) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, token = ownerToken) =>
    app.inject({ method, url, headers: bearer(token), payload: payload as never });
  const page = async (query: string): Promise<DevicePage> => {
    const res = await get(`/api/devices?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const names = (p: { items: Item[] }) => p.items.map((d) => d.name);
  const devicesOfOrg = async () =>
    (await db().select({ uuid: devices.uuid }).from(devices).where(eq(devices.organizationUuid, orgUuid)))
      .length;

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    // A device added without a status is new (staged): the list holds it with the flag on
    // (staged-devices.test.ts has the rule).
    restoreFlag = await setFeatureFlag(db(), SHOW_STAGED_DEVICES_FLAG, 'on');
    orgUuid = (await createOrganization(db(), `Devices ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Other ${randomUUID().slice(0, 6)}`)).uuid;
    owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner', firstName: 'Olga' });
    ownerToken = await tokenFor(t.services, owner);
    anna = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Anna', lastName: 'Ågren' });
    bruno = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Bruno', lastName: 'Zimmermann' });
    regularToken = await tokenFor(t.services, anna);
    stranger = await createUser(db(), { organizationUuid: otherOrgUuid, firstName: 'Sam', lastName: 'Else' });
    const [other] = await db()
      .insert(devices)
      .values({ organizationUuid: otherOrgUuid, name: 'Other MacBook', type: 'COMPUTER', os: 'MACOS' })
      .returning();
    strangerDevice = other!.uuid;
    await db()
      .insert(devices)
      .values([
        {
          organizationUuid: orgUuid,
          name: 'Zeta laptop',
          type: 'COMPUTER',
          os: 'WINDOWS',
          status: 'active',
          serialNumber: 'SN-ZETA',
          model: 'ThinkPad X1',
          isEncrypted: true,
          isProtected: true,
          assignmentType: 'ASSIGNED',
          assignedToUuid: anna.uuid,
          location: 'Berlin',
          lastSeenAt: new Date('2026-11-01T10:00:00Z'),
        },
        {
          organizationUuid: orgUuid,
          name: 'Ärger phone',
          type: 'PHONE',
          os: 'IOS',
          status: 'in-stock',
          model: 'iPhone 15',
          isEncrypted: true,
          location: 'Munich',
        },
        {
          organizationUuid: orgUuid,
          name: 'alpha tablet',
          type: 'TABLET',
          os: 'IOS',
          status: 'active',
          assignmentType: 'SHARED',
          lastSeenAt: new Date('2026-11-10T10:00:00Z'),
        },
        {
          organizationUuid: orgUuid,
          name: 'Beta MacBook',
          type: 'COMPUTER',
          os: 'MACOS',
          status: 'inactive',
          serialNumber: 'C02BETA',
          model: 'MacBook Pro',
          isProtected: true,
          assignmentType: 'ASSIGNED',
          assignedToUuid: bruno.uuid,
          enrollmentState: 'ENROLLED',
        },
      ]);
  });
  afterAll(async () => {
    await restoreFlag();
    await app.close();
  });

  describe('GET /api/devices', () => {
    it('lists the organisation’s devices with the filtered total, by name in the Unicode collation', async () => {
      const all = await page('take=50');
      expect(all.total).toBe(4);
      expect(names(all)).toEqual(['alpha tablet', 'Ärger phone', 'Beta MacBook', 'Zeta laptop']);
      const zeta = all.items.find((d) => d.name === 'Zeta laptop')!;
      expect(zeta).toEqual({
        uuid: expect.any(String),
        name: 'Zeta laptop',
        serialNumber: 'SN-ZETA',
        type: 'COMPUTER',
        os: 'WINDOWS',
        osVersion: null,
        model: 'ThinkPad X1',
        status: 'active',
        assignmentType: 'ASSIGNED',
        assignedTo: { uuid: anna.uuid, firstName: 'Anna', lastName: 'Ågren' },
        location: 'Berlin',
        enrollmentState: 'READY_TO_ENROLL',
        mdmProvider: null,
        mdmStatus: null,
        isEncrypted: true,
        isProtected: true,
        lastSeenAt: '2026-11-01T10:00:00.000Z',
        mdmMissingSince: null,
      });
      expect(all.items.some((d) => d.name === 'Other MacBook')).toBe(false);
    });

    it('filters by type, assignment, status, encryption and protection, counting the matches', async () => {
      expect(names(await page('deviceTypes=COMPUTER'))).toEqual(['Beta MacBook', 'Zeta laptop']);
      expect(names(await page('deviceTypes=PHONE,TABLET'))).toEqual(['alpha tablet', 'Ärger phone']);
      expect(names(await page('assignmentTypes=ASSIGNED&assignmentTypes=SHARED'))).toEqual([
        'alpha tablet',
        'Beta MacBook',
        'Zeta laptop',
      ]);
      const active = await page('deviceStatuses=active');
      expect([names(active), active.total]).toEqual([['alpha tablet', 'Zeta laptop'], 2]);
      const unencrypted = await page('showOnlyUnencrypted=true');
      expect([names(unencrypted), unencrypted.total]).toEqual([['alpha tablet', 'Beta MacBook'], 2]);
      const unprotected = await page('showOnlyUnprotected=true&deviceTypes=TABLET,PHONE');
      expect([names(unprotected), unprotected.total]).toEqual([['alpha tablet', 'Ärger phone'], 2]);
      expect((await page('showOnlyUnencrypted=false')).total).toBe(4);
      // Several values of the sorted column: bounded by their range, still only those values.
      const statuses = await page('deviceStatuses=inactive,active&sortingKey=status&sortingDirection=desc');
      expect([names(statuses), statuses.total]).toEqual([['Beta MacBook', 'Zeta laptop', 'alpha tablet'], 3]);
      expect(names(await page('deviceTypes=TABLET,COMPUTER&sortingKey=type'))).toEqual([
        'Beta MacBook',
        'Zeta laptop',
        'alpha tablet',
      ]);
    });

    it('filters by what the MDM last reported, alone, with other filters and in a search, counting the matches', async () => {
      const setStatus = (name: string, mdmStatus: 'locked' | 'wiped' | null) =>
        db()
          .update(devices)
          .set({ mdmStatus })
          .where(sql`${devices.name} = ${name} and ${devices.organizationUuid} = ${orgUuid}`);
      await setStatus('Zeta laptop', 'locked');
      await setStatus('Ärger phone', 'wiped');
      try {
        const locked = await page('mdmStatuses=locked');
        expect([names(locked), locked.total]).toEqual([['Zeta laptop'], 1]);
        const either = await page('mdmStatuses=locked,wiped&sortingKey=name&sortingDirection=desc');
        expect([names(either), either.total]).toEqual([['Zeta laptop', 'Ärger phone'], 2]);
        const phones = await page('mdmStatuses=locked,wiped&deviceTypes=PHONE');
        expect([names(phones), phones.total]).toEqual([['Ärger phone'], 1]);
        const searched = await page('textSearchQuery=laptop&mdmStatuses=locked');
        expect([names(searched), searched.total]).toEqual([['Zeta laptop'], 1]);
        expect((await page('textSearchQuery=macbook&mdmStatuses=locked')).total).toBe(0);
        expect((await page('mdmStatuses=unlocked')).total).toBe(0);
      } finally {
        await setStatus('Zeta laptop', null);
        await setStatus('Ärger phone', null);
      }
    });

    it('searches name, serial number, model and the assignee’s name', async () => {
      expect(names(await page('textSearchQuery=macbook'))).toEqual(['Beta MacBook']);
      expect(names(await page('textSearchQuery=sn-zeta'))).toEqual(['Zeta laptop']);
      expect(names(await page('textSearchQuery=iphone'))).toEqual(['Ärger phone']);
      const byAssignee = await page('textSearchQuery=zimmer');
      expect([names(byAssignee), byAssignee.total]).toEqual([['Beta MacBook'], 1]);
      expect(names(await page('textSearchQuery=anna%20%C3%A5gren'))).toEqual(['Zeta laptop']);
      // LIKE's wildcards are text here.
      expect((await page('textSearchQuery=%25')).total).toBe(0);
      const filtered = await page('textSearchQuery=a&deviceTypes=COMPUTER&take=1');
      expect([names(filtered), filtered.total]).toEqual([['Beta MacBook'], 2]);
    });

    it('sorts by every key, both ways, with a stable order', async () => {
      expect(names(await page('sortingKey=name&sortingDirection=desc'))).toEqual([
        'Zeta laptop',
        'Beta MacBook',
        'Ärger phone',
        'alpha tablet',
      ]);
      expect(names(await page('sortingKey=type'))).toEqual([
        'Beta MacBook',
        'Zeta laptop',
        'Ärger phone',
        'alpha tablet',
      ]);
      expect(names(await page('sortingKey=os'))).toEqual([
        'alpha tablet',
        'Ärger phone',
        'Beta MacBook',
        'Zeta laptop',
      ]);
      // active, in-stock, inactive: the Unicode collation puts the hyphen before letters everywhere.
      expect(names(await page('sortingKey=status'))).toEqual([
        'alpha tablet',
        'Zeta laptop',
        'Ärger phone',
        'Beta MacBook',
      ]);
      // Assignee by last name (Ågren before Zimmermann), unassigned last.
      expect(names(await page('sortingKey=assignedTo'))).toEqual([
        'Zeta laptop',
        'Beta MacBook',
        'alpha tablet',
        'Ärger phone',
      ]);
      expect(names(await page('sortingKey=location'))).toEqual([
        'Zeta laptop',
        'Ärger phone',
        'alpha tablet',
        'Beta MacBook',
      ]);
      expect(names(await page('sortingKey=security'))).toEqual([
        'alpha tablet',
        'Beta MacBook',
        'Ärger phone',
        'Zeta laptop',
      ]);
      expect(names(await page('sortingKey=enrollmentState&sortingDirection=desc'))).toEqual([
        'Zeta laptop',
        'Ärger phone',
        'alpha tablet',
        'Beta MacBook',
      ]);
      // Newest first, and the devices never seen last (they opened the list before).
      expect(names(await page('sortingKey=lastSeenAt&sortingDirection=desc'))).toEqual([
        'alpha tablet',
        'Zeta laptop',
        'Beta MacBook',
        'Ärger phone',
      ]);
    });

    it('pages by skip and by keyset cursor alike', async () => {
      const all = names(await page('take=50&sortingKey=status'));
      const byCursor: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const p = await page(`take=1&sortingKey=status${cursor ? `&cursor=${cursor}` : ''}`);
        expect(p.total).toBe(4);
        byCursor.push(...names(p));
        if (!p.nextCursor) break;
        cursor = p.nextCursor;
      }
      expect(byCursor).toEqual(all);
      expect(names(await page('take=2&skip=2&sortingKey=status'))).toEqual(all.slice(2));
      // Past the end: no rows, still the total.
      expect(await page('take=2&skip=10')).toEqual({ items: [], total: 4 });
      // Nullable sorts page by skip only.
      const nullable = await page('take=1&sortingKey=location');
      expect(nullable.nextCursor).toBeUndefined();
      const res = await get(`/api/devices?sortingKey=location&cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ location: 'query', param: 'cursor' });
    });

    it('refuses bad queries with 400 at the field', async () => {
      for (const [query, param] of [
        ['take=501', 'take'],
        ['take=0', 'take'],
        ['skip=-1', 'skip'],
        ['deviceTypes=LAPTOP', 'deviceTypes'],
        ['deviceStatuses=broken', 'deviceStatuses'],
        ['mdmStatuses=lost', 'mdmStatuses'],
        ['sortingKey=password', 'sortingKey'],
        ['showOnlyUnencrypted=yes', 'showOnlyUnencrypted'],
      ] as const) {
        const res = await get(`/api/devices?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errors[0]).toMatchObject({ location: 'query' });
        expect(String(res.json().errors[0].param), query).toContain(param);
      }
    });

    it('is for administrators: 401 without a token, 403 for regular users', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/devices' })).statusCode).toBe(401);
      const res = await get('/api/devices', regularToken);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].errorType).toBe('Forbidden');
    });

    it('reads only the columns its response returns, never the search column', () => {
      expect(Object.keys(deviceList.columns).sort()).toEqual(Object.keys(DeviceListItem.shape).sort());
      const { sql: text } = dialect.sqlToQuery(
        pageSql(deviceList, orgUuid, {
          textSearchQuery: 'mac',
          skip: 0,
          take: 50,
          sortingKey: 'assignedTo',
        }).sql,
      );
      const selected = text.slice(0, text.indexOf(' from '));
      expect(selected).not.toMatch(/search_text|specification|manufacturer|created_at|organization_uuid/);
      expect(selected).not.toMatch(/"devices"\.\*|select \*/);
    });

    it('keeps the device_counts summary equal to the devices it counts', async () => {
      const counted = async () => {
        const rows = await db()
          .select({ n: sql<number>`coalesce(sum(${deviceCounts.count}), 0)::integer` })
          .from(deviceCounts)
          .where(eq(deviceCounts.organizationUuid, orgUuid));
        return Number(rows[0]!.n);
      };
      expect(await counted()).toBe(await devicesOfOrg());
    });

    it('lets the search use the trigram index', async () => {
      const plan = await db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const { rows } = (await tx.execute(
          sql`explain select uuid from devices where search_text like '%macb%'`,
        )) as unknown as { rows: { 'QUERY PLAN': string }[] };
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('devices_search_trgm_idx');
    });

    it('walks an index for each sort key instead of sorting the organisation', async () => {
      for (const key of Object.keys(deviceList.sorts)) {
        const { sql: text, params } = dialect.sqlToQuery(
          pageSql(deviceList, orgUuid, { skip: 0, take: 50, sortingKey: key as never }).sql,
        );
        const plan = await db().transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_sort = off`);
          const inlined = text.replace(/\$(\d+)/g, (_, n) => {
            const value = params[Number(n) - 1];
            return typeof value === 'number' ? String(value) : `'${String(value)}'`;
          });
          const { rows } = (await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as {
            rows: { 'QUERY PLAN': string }[];
          };
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        });
        expect(plan, key).toMatch(/Index Scan.*devices_org_\w+_idx/);
        expect(plan, key).not.toMatch(/^\s*(->\s*)?Sort\b/m);
      }
    });
  });

  describe('POST /api/devices', () => {
    it('adds a device, logs DEVICE_ADDED and shows it in the list', async () => {
      const res = await send('POST', '/api/devices', {
        name: '  Gamma ThinkPad ',
        type: 'COMPUTER',
        os: 'WINDOWS',
        serialNumber: 'PF-GAMMA',
        specification: { cpu: 'i7', memory: '32 GB' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        name: 'Gamma ThinkPad',
        status: 'new',
        assignmentType: 'UNASSIGNED',
        assignedTo: null,
        organizationUuid: orgUuid,
        specification: { cpu: 'i7', memory: '32 GB' },
        securityProvider: null,
      });
      const events = await db().select().from(eventLog).where(eq(eventLog.subjectUuid, created.uuid));
      expect(events.map((e) => e.type)).toEqual(['DEVICE_ADDED']);
      expect(events[0]!.actorUuid).toBe(owner.uuid);
      expect(names(await page('textSearchQuery=gamma'))).toEqual(['Gamma ThinkPad']);
    });

    it('assigns at once when asked, to a person of the organisation only', async () => {
      const res = await send('POST', '/api/devices', {
        name: 'Delta iPhone',
        type: 'PHONE',
        os: 'IOS',
        assignment: { assignmentType: 'ASSIGNED', employeeUuid: bruno.uuid },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().assignedTo).toEqual({ uuid: bruno.uuid, firstName: 'Bruno', lastName: 'Zimmermann' });
      const types = (await db().select().from(eventLog).where(eq(eventLog.subjectUuid, res.json().uuid))).map(
        (e) => e.type,
      );
      expect(types.sort()).toEqual(['DEVICE_ADDED', 'DEVICE_ASSIGNED']);

      const before = await devicesOfOrg();
      const foreign = await send('POST', '/api/devices', {
        name: 'Sneaky',
        type: 'PHONE',
        os: 'IOS',
        assignment: { assignmentType: 'ASSIGNED', employeeUuid: stranger.uuid },
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().errors[0]).toMatchObject({ msg: 'Employee not found', param: 'employeeUuid' });
      expect(await devicesOfOrg()).toBe(before);
    });

    it('refuses bad input with 400 at the field and writes nothing', async () => {
      const before = await devicesOfOrg();
      for (const [body, param] of [
        [{ name: '', type: 'PHONE', os: 'IOS' }, 'name'],
        [{ name: '   ', type: 'PHONE', os: 'IOS' }, 'name'],
        [{ name: 'X', type: 'LAPTOP', os: 'IOS' }, 'type'],
        [{ name: 'X', type: 'PHONE' }, 'os'],
        [{ name: 'X', type: 'PHONE', os: 'IOS', status: 'lost' }, 'status'],
        [{ name: 'X', type: 'PHONE', os: 'IOS', assignment: { assignmentType: 'ASSIGNED' } }, 'assignment'],
        [{ name: 'X'.repeat(201), type: 'PHONE', os: 'IOS' }, 'name'],
      ] as const) {
        const res = await send('POST', '/api/devices', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errors[0], JSON.stringify(body)).toMatchObject({ location: 'body' });
        expect(String(res.json().errors[0].param), JSON.stringify(body)).toContain(param);
      }
      expect(await devicesOfOrg()).toBe(before);
    });

    it('is for administrators', async () => {
      const body = { name: 'Mine', type: 'PHONE', os: 'IOS' };
      expect((await app.inject({ method: 'POST', url: '/api/devices', payload: body })).statusCode).toBe(401);
      expect((await send('POST', '/api/devices', body, regularToken)).statusCode).toBe(403);
    });
  });

  describe('GET, PATCH /api/devices/:uuid', () => {
    let uuid: string;
    beforeAll(async () => {
      uuid = (await send('POST', '/api/devices', { name: 'Epsilon', type: 'COMPUTER', os: 'MACOS' })).json()
        .uuid;
    });

    it('shows one device with its assignee and specification', async () => {
      const res = await get(`/api/devices/${uuid}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ uuid, name: 'Epsilon', specification: {}, assignedTo: null });
      expect(res.json()).not.toHaveProperty('searchText');
      expect(res.json()).not.toHaveProperty('assigneeFirstName');
    });

    it('edits the given fields, logging the change, a status change and a lost protection', async () => {
      await send('PATCH', `/api/devices/${uuid}`, { isEncrypted: true, isProtected: true });
      const res = await send('PATCH', `/api/devices/${uuid}`, {
        status: 'active',
        location: 'Hamburg',
        osVersion: '15.1',
        isEncrypted: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'active', location: 'Hamburg', osVersion: '15.1' });
      const events = await db()
        .select()
        .from(eventLog)
        .where(eq(eventLog.subjectUuid, uuid))
        .orderBy(eventLog.createdAt);
      const changed = events.filter((e) => e.type === 'DEVICE_STATUS_CHANGED');
      expect(changed.map((e) => e.data)).toEqual([{ name: 'Epsilon', from: 'new', to: 'active' }]);
      expect(events.filter((e) => e.type === 'SECURITY_ALERT').map((e) => e.data)).toEqual([
        { name: 'Epsilon', lost: ['encryption'] },
      ]);
      const update = events.filter((e) => e.type === 'DEVICE_UPDATED').at(-1)!;
      expect(update.data).toMatchObject({
        before: { status: 'new', location: null },
        after: { status: 'active', location: 'Hamburg' },
      });
      // Nothing to change: nothing logged.
      const count = events.length;
      await send('PATCH', `/api/devices/${uuid}`, { status: 'active' });
      expect((await db().select().from(eventLog).where(eq(eventLog.subjectUuid, uuid))).length).toBe(count);
      // The summary followed the status change.
      expect((await page('deviceStatuses=active&textSearchQuery=epsilon')).total).toBe(1);
      expect((await page('deviceStatuses=active')).total).toBe(3);
    });

    it('refuses bad input with 400 and changes nothing', async () => {
      const res = await send('PATCH', `/api/devices/${uuid}`, { name: '', status: 'inactive' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ location: 'body', param: 'name' });
      expect((await get(`/api/devices/${uuid}`)).json().status).toBe('active');
    });

    it("answers 404 for another organisation's device or an unknown one, and changes nothing", async () => {
      for (const id of [strangerDevice, randomUUID()]) {
        expect((await get(`/api/devices/${id}`)).statusCode).toBe(404);
        const res = await send('PATCH', `/api/devices/${id}`, { name: 'Mine now' });
        expect(res.statusCode).toBe(404);
        expect(res.json().errors[0]).toMatchObject({ msg: 'Device not found', errorType: 'NotFound' });
        expect((await get(`/api/devices/${id}/history`)).statusCode).toBe(404);
      }
      const [other] = await db().select().from(devices).where(eq(devices.uuid, strangerDevice));
      expect(other!.name).toBe('Other MacBook');
      expect((await get('/api/devices/not-a-uuid')).statusCode).toBe(400);
    });

    it('is for administrators', async () => {
      expect((await app.inject({ method: 'GET', url: `/api/devices/${uuid}` })).statusCode).toBe(401);
      expect((await get(`/api/devices/${uuid}`, regularToken)).statusCode).toBe(403);
      expect((await send('PATCH', `/api/devices/${uuid}`, { name: 'x' }, regularToken)).statusCode).toBe(403);
    });
  });

  describe('PUT /api/devices/:uuid/assignment and the history', () => {
    let uuid: string;
    beforeAll(async () => {
      uuid = (await send('POST', '/api/devices', { name: 'Omega', type: 'COMPUTER', os: 'WINDOWS' })).json()
        .uuid;
    });
    const assign = (body: unknown, id = uuid, token = ownerToken) =>
      send('PUT', `/api/devices/${id}/assignment`, body, token);

    it('assigns to a person, follows their renaming, shares and unassigns, logging each', async () => {
      const res = await assign({ assignmentType: 'ASSIGNED', employeeUuid: anna.uuid });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        assignmentType: 'ASSIGNED',
        assignedToUuid: anna.uuid,
        assignedTo: { uuid: anna.uuid, firstName: 'Anna', lastName: 'Ågren' },
      });
      const [counted] = await db().select().from(users).where(eq(users.uuid, anna.uuid));
      expect(counted!.devicesAssigned).toBe(2);
      // The same assignment again: nothing new.
      await assign({ assignmentType: 'ASSIGNED', employeeUuid: anna.uuid });
      // A renamed person is shown, sorted and found by the new name.
      await send('PATCH', `/api/employees/${anna.uuid}`, { lastName: 'Andersson' });
      const found = await page('textSearchQuery=andersson');
      expect(names(found)).toEqual(['Omega', 'Zeta laptop']);
      expect(found.items[0]!.assignedTo).toEqual({
        uuid: anna.uuid,
        firstName: 'Anna',
        lastName: 'Andersson',
      });
      expect((await assign({ assignmentType: 'SHARED' })).json()).toMatchObject({
        assignmentType: 'SHARED',
        assignedTo: null,
        assignedToUuid: null,
      });
      expect((await assign({ assignmentType: 'UNASSIGNED' })).json().assignmentType).toBe('UNASSIGNED');

      const history = await get(`/api/devices/${uuid}/history`);
      expect(history.statusCode).toBe(200);
      const items = history.json().items as { type: string; actorName: string | null; data: object }[];
      expect(items.map((e) => e.type)).toEqual([
        'DEVICE_UNASSIGNED',
        'DEVICE_ASSIGNED',
        'DEVICE_ASSIGNED',
        'DEVICE_ADDED',
      ]);
      expect(items[0]!.actorName).toBe(`${owner.firstName} ${owner.lastName}`);
      expect(items[1]!.data).toMatchObject({ assignmentType: 'SHARED', previousEmployeeUuid: anna.uuid });
      expect(items[2]!.data).toMatchObject({ assignmentType: 'ASSIGNED', employeeName: 'Anna Ågren' });
    });

    it("refuses another organisation's person or device with 404, and bad input with 400, changing nothing", async () => {
      const foreign = await assign({ assignmentType: 'ASSIGNED', employeeUuid: stranger.uuid });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().errors[0]).toMatchObject({ msg: 'Employee not found', location: 'body' });
      expect((await assign({ assignmentType: 'SHARED' }, strangerDevice)).statusCode).toBe(404);
      const missing = await assign({ assignmentType: 'ASSIGNED' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0]).toMatchObject({ location: 'body' });
      expect((await assign({ assignmentType: 'LENT' })).statusCode).toBe(400);
      expect((await get(`/api/devices/${uuid}`)).json().assignmentType).toBe('UNASSIGNED');
      const [other] = await db().select().from(devices).where(eq(devices.uuid, strangerDevice));
      expect(other!.assignmentType).toBe('UNASSIGNED');
    });

    it('is for administrators', async () => {
      const body = { assignmentType: 'SHARED' };
      expect(
        (await app.inject({ method: 'PUT', url: `/api/devices/${uuid}/assignment`, payload: body }))
          .statusCode,
      ).toBe(401);
      expect((await assign(body, uuid, regularToken)).statusCode).toBe(403);
      expect((await get(`/api/devices/${uuid}/history`, regularToken)).statusCode).toBe(403);
    });
  });
});
