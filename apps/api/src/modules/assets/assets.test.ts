import { randomUUID } from 'node:crypto';
import type { AssetDefinition, AssetDefinitionPage, AssetItem, AssetPage } from '@equip/domain/assets';
import { WEBHOOK_TYPE_OF_EVENT } from '@equip/domain/webhooks';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetDefinitions, assetInstances, eventLog } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokensOfRoles } from '../../test/factories.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe('peripheral assets (issue 28)', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let adminToken: string;
  let otherOwnerToken: string;
  let anna: Awaited<ReturnType<typeof createUser>>;
  let bruno: Awaited<ReturnType<typeof createUser>>;
  let stranger: Awaited<ReturnType<typeof createUser>>;
  let strangerItem: string;
  let strangerDefinition: string;
  let monitor: AssetDefinition;
  let keyboard: AssetDefinition;

  const db = () => t.services.database.db;
  const call = (method: Method, url: string, payload?: unknown, token: string | null = ownerToken) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const ok = async <T>(method: Method, url: string, payload?: unknown, status = 200): Promise<T> => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const items = (query = '') => ok<AssetPage>('GET', `/api/assets?${query}`);
  const definitions = (query = '') => ok<AssetDefinitionPage>('GET', `/api/asset-definitions?${query}`);
  const eventsOf = async (subjectUuid: string) =>
    (
      await db()
        .select({ type: eventLog.type, data: eventLog.data })
        .from(eventLog)
        .where(eq(eventLog.subjectUuid, subjectUuid))
        .orderBy(eventLog.createdAt)
    ).map((e) => e.type);
  const itemCount = async () =>
    (
      await db()
        .select({ uuid: assetInstances.uuid })
        .from(assetInstances)
        .where(eq(assetInstances.organizationUuid, orgUuid))
    ).length;
  const add = async (definition: string, entries: object[]) =>
    (
      await ok<{ items: AssetItem[] }>(
        'POST',
        '/api/assets',
        { assetDefinitionUuid: definition, items: entries },
        201,
      )
    ).items;

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    orgUuid = (await createOrganization(db(), `Assets ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Other ${randomUUID().slice(0, 6)}`)).uuid;
    ({ ownerToken, regularToken, adminToken, otherOwnerToken } = await tokensOfRoles(
      t.services,
      orgUuid,
      otherOrgUuid,
      { firstName: 'Olga', lastName: 'Owner' },
    ));
    anna = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Anna', lastName: 'Ågren' });
    bruno = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Bruno', lastName: 'Zimmermann' });
    stranger = await createUser(db(), { organizationUuid: otherOrgUuid, firstName: 'Sam', lastName: 'Else' });
    const [foreign] = await db()
      .insert(assetDefinitions)
      .values({ organizationUuid: otherOrgUuid, name: 'Foreign monitor', kind: 'monitor' })
      .returning();
    strangerDefinition = foreign!.uuid;
    const [foreignItem] = await db()
      .insert(assetInstances)
      .values({
        organizationUuid: otherOrgUuid,
        assetDefinitionUuid: strangerDefinition,
        serialNumber: 'FOREIGN-1',
      })
      .returning();
    strangerItem = foreignItem!.uuid;
    monitor = await ok(
      'POST',
      '/api/asset-definitions',
      {
        name: 'Dell UltraSharp 27',
        kind: 'monitor',
        vendor: 'Dell',
        modelNumber: 'U2723QE',
        properties: [{ key: 'Screen size', value: '27"' }],
      },
      201,
    );
    keyboard = await ok(
      'POST',
      '/api/asset-definitions',
      { name: 'Logitech MX Keys', kind: 'keyboard' },
      201,
    );
  });
  afterAll(() => app.close());

  describe('definitions and kinds', () => {
    it('creates a definition with its fixed kind and logs it; lists definitions with their counts', async () => {
      expect(monitor).toMatchObject({
        name: 'Dell UltraSharp 27',
        kind: 'monitor',
        assetKind: null,
        vendor: 'Dell',
        inUse: 0,
        inStock: 0,
      });
      expect(await eventsOf(monitor.uuid)).toEqual(['ASSET_DEFINITION_ADDED']);
      const page = await definitions();
      expect(page.items.map((d) => d.name)).toEqual(['Dell UltraSharp 27', 'Logitech MX Keys']);
      expect(page.total).toBe(2);
      expect((await definitions('kinds=keyboard')).items.map((d) => d.name)).toEqual(['Logitech MX Keys']);
      expect((await definitions('textSearchQuery=u2723')).items.map((d) => d.name)).toEqual([
        'Dell UltraSharp 27',
      ]);
    });

    it('an organisation kind refines a fixed kind: its definitions take its base kind and keep it when it goes', async () => {
      const dock = await ok<{ uuid: string; baseKind: string }>(
        'POST',
        '/api/asset-kinds',
        { name: 'Docking station' },
        201,
      );
      expect(dock.baseKind).toBe('unknown');
      const taken = await call('POST', '/api/asset-kinds', { name: 'docking STATION' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors[0]).toMatchObject({ param: 'name' });
      const ergo = await ok<{ uuid: string }>(
        'POST',
        '/api/asset-kinds',
        { name: 'Ergo mouse', baseKind: 'mouse' },
        201,
      );
      // Naming both, the organisation kind's base wins.
      const mx = await ok<AssetDefinition>(
        'POST',
        '/api/asset-definitions',
        { name: 'MX Vertical', kind: 'keyboard', assetKindUuid: ergo.uuid },
        201,
      );
      expect(mx).toMatchObject({ kind: 'mouse', assetKind: { uuid: ergo.uuid, name: 'Ergo mouse' } });
      expect((await definitions(`assetKindUuids=${ergo.uuid}`)).items.map((d) => d.name)).toEqual([
        'MX Vertical',
      ]);
      expect(
        (await ok<{ items: { name: string }[] }>('GET', '/api/asset-kinds')).items.map((k) => k.name),
      ).toEqual(['Docking station', 'Ergo mouse']);
      expect((await call('DELETE', `/api/asset-kinds/${ergo.uuid}`)).statusCode).toBe(204);
      expect(await ok<AssetDefinition>('GET', `/api/asset-definitions/${mx.uuid}`)).toMatchObject({
        kind: 'mouse',
        assetKind: null,
      });
      expect(await eventsOf(ergo.uuid)).toEqual(['ASSET_KIND_ADDED', 'ASSET_KIND_DELETED']);
      expect((await call('DELETE', `/api/asset-definitions/${mx.uuid}`)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/asset-kinds/${dock.uuid}`)).statusCode).toBe(204);
    });

    it('refuses bad input in the spec error payload and writes nothing', async () => {
      const before = await definitions();
      const blank = await call('POST', '/api/asset-definitions', { name: '  ', kind: 'spaceship' });
      expect(blank.statusCode).toBe(400);
      expect(
        blank
          .json()
          .errors.map((e: { param: string }) => e.param)
          .sort(),
      ).toEqual(['kind', 'name']);
      const foreignKind = await call('POST', '/api/asset-definitions', {
        name: 'Something',
        assetKindUuid: randomUUID(),
      });
      expect(foreignKind.statusCode).toBe(404);
      expect(foreignKind.json().errors[0]).toMatchObject({
        msg: 'Asset kind not found',
        param: 'assetKindUuid',
      });
      expect((await definitions()).total).toBe(before.total);
    });

    it('edits the fields given with their before and after', async () => {
      const edited = await ok<AssetDefinition>('PATCH', `/api/asset-definitions/${keyboard.uuid}`, {
        vendor: 'Logitech',
        modelNumber: '920-011569',
      });
      expect(edited).toMatchObject({ vendor: 'Logitech', modelNumber: '920-011569', kind: 'keyboard' });
      const [, updated] = await db()
        .select({ data: eventLog.data })
        .from(eventLog)
        .where(eq(eventLog.subjectUuid, keyboard.uuid))
        .orderBy(eventLog.createdAt);
      expect(updated?.data).toMatchObject({
        before: { vendor: null, modelNumber: null },
        after: { vendor: 'Logitech', modelNumber: '920-011569' },
      });
      keyboard = edited;
    });
  });

  describe('items', () => {
    it('adds items (all or none), assigned at once where asked, each logged and published', async () => {
      const before = await itemCount();
      const refused = await call('POST', '/api/assets', {
        assetDefinitionUuid: monitor.uuid,
        items: [{ serialNumber: 'OK-1' }, { serialNumber: 'BAD', employeeUuid: stranger.uuid }],
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().errors[0]).toMatchObject({
        msg: 'Employee not found',
        param: 'items.1.employeeUuid',
      });
      expect(await itemCount()).toBe(before);

      const created = await add(monitor.uuid, [
        { serialNumber: 'CN0-A', employeeUuid: anna.uuid },
        { serialNumber: 'CN0-B', notes: 'Storage room, shelf B' },
        { serialNumber: 'CN0-C', employeeUuid: bruno.uuid },
      ]);
      expect(
        created.map((i) => [i.serialNumber, i.status, i.assignment, i.assignedTo?.firstName ?? null]),
      ).toEqual([
        ['CN0-A', 'in-use', 'assigned', 'Anna'],
        ['CN0-B', 'in-stock', 'unassigned', null],
        ['CN0-C', 'in-use', 'assigned', 'Bruno'],
      ]);
      expect(await eventsOf(created[0]!.uuid)).toEqual(['ASSET_ADDED', 'ASSET_ASSIGNED']);
      expect(await eventsOf(created[1]!.uuid)).toEqual(['ASSET_ADDED']);
      expect(WEBHOOK_TYPE_OF_EVENT.ASSET_ADDED).toBe('asset.created');
      expect(WEBHOOK_TYPE_OF_EVENT.ASSET_ASSIGNED).toBe('asset.assigned');
      expect(WEBHOOK_TYPE_OF_EVENT.ASSET_UNASSIGNED).toBe('asset.unassigned');
      expect(WEBHOOK_TYPE_OF_EVENT.ASSET_DELETED).toBe('asset.deleted');
      await add(keyboard.uuid, [{ serialNumber: 'KB-1' }, { serialNumber: 'KB-2', employeeUuid: anna.uuid }]);
      expect(await ok<AssetDefinition>('GET', `/api/asset-definitions/${monitor.uuid}`)).toMatchObject({
        inUse: 2,
        inStock: 1,
      });
    });

    it('adds items of several definitions in one batch, all or none', async () => {
      const before = await itemCount();
      const refused = await call('POST', '/api/assets/batch', {
        entries: [
          { assetDefinitionUuid: keyboard.uuid, items: [{ serialNumber: 'BATCH-1' }] },
          { assetDefinitionUuid: strangerDefinition, items: [{}] },
        ],
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().errors[0]).toMatchObject({ param: 'entries.1.assetDefinitionUuid' });
      expect(await itemCount()).toBe(before);
      const tooMany = await call('POST', '/api/assets/batch', {
        entries: [{ assetDefinitionUuid: keyboard.uuid, items: Array.from({ length: 1001 }, () => ({})) }],
      });
      expect(tooMany.statusCode).toBe(400);
      const { items: added } = await ok<{ items: AssetItem[] }>(
        'POST',
        '/api/assets/batch',
        {
          entries: [
            {
              assetDefinitionUuid: keyboard.uuid,
              items: [{ serialNumber: 'BATCH-1', employeeUuid: bruno.uuid }],
            },
            { assetDefinitionUuid: monitor.uuid, items: [{}, {}] },
          ],
        },
        201,
      );
      expect(added.map((i) => i.name)).toEqual([
        'Logitech MX Keys',
        'Dell UltraSharp 27',
        'Dell UltraSharp 27',
      ]);
      expect(added[0]).toMatchObject({ assignedTo: { uuid: bruno.uuid }, status: 'in-use' });
      expect(await itemCount()).toBe(before + 3);
      expect(
        (await call('POST', '/api/assets/bulk-delete', { assetUuids: added.map((i) => i.uuid) })).statusCode,
      ).toBe(200);
    });

    it('lists items with search, assignment, kind and definition filters, sorting, paging and the total', async () => {
      const all = await items();
      expect(all.total).toBe(5);
      expect(all.items.map((i) => i.name)).toEqual([
        'Dell UltraSharp 27',
        'Dell UltraSharp 27',
        'Dell UltraSharp 27',
        'Logitech MX Keys',
        'Logitech MX Keys',
      ]);
      expect((await items('assignmentTypes=unassigned')).items.map((i) => i.serialNumber).sort()).toEqual([
        'CN0-B',
        'KB-1',
      ]);
      expect((await items('kinds=keyboard')).total).toBe(2);
      expect((await items(`assetDefinitionUuids=${monitor.uuid}&statuses=in-use`)).total).toBe(2);
      // The search finds the person an item is with, and serial numbers.
      expect((await items('textSearchQuery=ågren')).items.map((i) => i.serialNumber).sort()).toEqual([
        'CN0-A',
        'KB-2',
      ]);
      expect((await items('textSearchQuery=kb-1')).items.map((i) => i.serialNumber)).toEqual(['KB-1']);
      const byPerson = await items('sortingKey=assignedTo');
      expect(byPerson.items.map((i) => i.assignedTo?.lastName ?? null)).toEqual([
        'Ågren',
        'Ågren',
        'Zimmermann',
        null,
        null,
      ]);
      const first = await items('take=2');
      expect(first.items).toHaveLength(2);
      expect(first.total).toBe(5);
      const next = await items(`take=2&cursor=${first.nextCursor}`);
      expect(next.items.map((i) => i.uuid)).not.toContain(first.items[0]!.uuid);
      const bad = await call('GET', '/api/assets?sortingKey=price&take=0');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ location: 'query' });
    });

    it('assigns, transfers and takes back, with the status following and each change logged', async () => {
      const [item] = (await items('textSearchQuery=CN0-B')).items;
      const toAnna = await ok<AssetItem>('PUT', `/api/assets/${item!.uuid}/assignment`, {
        employeeUuid: anna.uuid,
      });
      expect(toAnna).toMatchObject({
        status: 'in-use',
        assignment: 'assigned',
        assignedTo: { uuid: anna.uuid },
      });
      const toBruno = await ok<AssetItem>('PUT', `/api/assets/${item!.uuid}/assignment`, {
        employeeUuid: bruno.uuid,
      });
      expect(toBruno.assignedTo?.uuid).toBe(bruno.uuid);
      const [transfer] = await db()
        .select({ data: eventLog.data })
        .from(eventLog)
        .where(and(eq(eventLog.subjectUuid, item!.uuid), eq(eventLog.type, 'ASSET_ASSIGNED')))
        .orderBy(eventLog.createdAt)
        .offset(1);
      expect(transfer?.data).toMatchObject({ employeeUuid: bruno.uuid, previousEmployeeUuid: anna.uuid });
      // An assigned item is in use.
      const refused = await call('PATCH', `/api/assets/${item!.uuid}`, { status: 'in-stock' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ param: 'status' });
      const back = await ok<AssetItem>('PUT', `/api/assets/${item!.uuid}/assignment`, { employeeUuid: null });
      expect(back).toMatchObject({ status: 'in-stock', assignment: 'unassigned', assignedTo: null });
      expect(await eventsOf(item!.uuid)).toEqual([
        'ASSET_ADDED',
        'ASSET_ASSIGNED',
        'ASSET_ASSIGNED',
        'ASSET_UNASSIGNED',
      ]);
      const foreign = await call('PUT', `/api/assets/${item!.uuid}/assignment`, {
        employeeUuid: stranger.uuid,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().errors[0]).toMatchObject({ param: 'employeeUuid' });
      // Shared equipment is in use without a person.
      const edited = await ok<AssetItem>('PATCH', `/api/assets/${item!.uuid}`, {
        status: 'in-use',
        notes: 'Meeting room 2',
      });
      expect(edited).toMatchObject({ status: 'in-use', notes: 'Meeting room 2', assignment: 'unassigned' });
    });

    it('bulk assigns and bulk deletes all or none', async () => {
      const keyboards = (await items('kinds=keyboard')).items.map((i) => i.uuid);
      const refused = await call('POST', '/api/assets/bulk-assign', {
        assetUuids: [...keyboards, strangerItem],
        employeeUuid: bruno.uuid,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().errors[0]).toMatchObject({ param: 'assetUuids.2' });
      expect(JSON.stringify(refused.json())).not.toContain(strangerItem);
      expect((await items('kinds=keyboard&assignmentTypes=assigned')).total).toBe(1);
      expect(
        await ok('POST', '/api/assets/bulk-assign', { assetUuids: keyboards, employeeUuid: bruno.uuid }),
      ).toEqual({
        count: 2,
      });
      expect((await items(`kinds=keyboard&textSearchQuery=zimmermann`)).total).toBe(2);
      const before = await itemCount();
      expect(
        (await call('POST', '/api/assets/bulk-delete', { assetUuids: [keyboards[0], strangerItem] }))
          .statusCode,
      ).toBe(404);
      expect(await itemCount()).toBe(before);
      expect(await ok('POST', '/api/assets/bulk-delete', { assetUuids: keyboards })).toEqual({ count: 2 });
      expect(await itemCount()).toBe(before - 2);
      expect(await eventsOf(keyboards[0]!)).toContain('ASSET_DELETED');
      const empty = await call('POST', '/api/assets/bulk-delete', { assetUuids: [] });
      expect(empty.statusCode).toBe(400);
    });

    it("shows a person's items on their devices tab and returns them to stock when the person is removed", async () => {
      const tab = await ok<{ items: unknown[]; assets: AssetItem[] }>(
        'GET',
        `/api/employees/${anna.uuid}/devices`,
      );
      expect(tab.assets.map((a) => a.serialNumber)).toEqual(['CN0-A']);
      expect((await call('DELETE', `/api/employees/${anna.uuid}`)).statusCode).toBe(204);
      const [returned] = (await items('textSearchQuery=CN0-A')).items;
      expect(returned).toMatchObject({ assignment: 'unassigned', status: 'in-stock', assignedTo: null });
      expect(await eventsOf(returned!.uuid)).toEqual(['ASSET_ADDED', 'ASSET_ASSIGNED', 'ASSET_UNASSIGNED']);
    });

    it('deletes a definition with its items, each item logged', async () => {
      const doomed = await ok<AssetDefinition>(
        'POST',
        '/api/asset-definitions',
        { name: 'Old webcam', kind: 'webcam' },
        201,
      );
      const [one] = await add(doomed.uuid, [{ serialNumber: 'CAM-1' }]);
      expect((await call('DELETE', `/api/asset-definitions/${doomed.uuid}`)).statusCode).toBe(204);
      expect(await eventsOf(one!.uuid)).toEqual(['ASSET_ADDED', 'ASSET_DELETED']);
      expect(await eventsOf(doomed.uuid)).toEqual(['ASSET_DEFINITION_ADDED', 'ASSET_DEFINITION_DELETED']);
      const gone = await db()
        .select()
        .from(assetInstances)
        .where(inArray(assetInstances.uuid, [one!.uuid]));
      expect(gone).toEqual([]);
    });
  });

  describe('access', () => {
    const routes = (item: string, definition: string): [Method, string, unknown?][] => [
      ['GET', '/api/assets'],
      ['GET', `/api/assets/${item}`],
      ['PATCH', `/api/assets/${item}`, { notes: 'x' }],
      ['PUT', `/api/assets/${item}/assignment`, { employeeUuid: null }],
      ['DELETE', `/api/assets/${item}`],
      ['POST', '/api/assets', { assetDefinitionUuid: definition, items: [{}] }],
      ['POST', '/api/assets/bulk-delete', { assetUuids: [item] }],
      ['GET', '/api/asset-definitions'],
      ['GET', `/api/asset-definitions/${definition}`],
      ['PATCH', `/api/asset-definitions/${definition}`, { name: 'x' }],
      ['DELETE', `/api/asset-definitions/${definition}`],
      ['GET', '/api/asset-kinds'],
    ];

    it('needs a token and an administrator', async () => {
      for (const [method, url, payload] of routes(strangerItem, strangerDefinition)) {
        expect((await call(method, url, payload, null)).statusCode, `${method} ${url}`).toBe(401);
        const regular = await call(method, url, payload, regularToken);
        expect(regular.statusCode, `${method} ${url}`).toBe(403);
        expect(regular.json().errors[0].errorType).toBe('Forbidden');
      }
      // A provider admin acting for the organisation administers its assets.
      expect((await call('GET', '/api/assets', undefined, adminToken)).statusCode).toBe(200);
    });

    it("never reaches another organisation's items and definitions", async () => {
      for (const [method, url, payload] of routes(strangerItem, strangerDefinition).filter(
        ([, url]) => url.includes(strangerItem) || url.includes(strangerDefinition),
      )) {
        expect((await call(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      }
      const theirs = await call('GET', '/api/assets', undefined, otherOwnerToken);
      expect((theirs.json() as AssetPage).items.map((i) => i.serialNumber)).toEqual(['FOREIGN-1']);
      expect((await items()).items.map((i) => i.uuid)).not.toContain(strangerItem);
      const [stillThere] = await db()
        .select()
        .from(assetInstances)
        .where(eq(assetInstances.uuid, strangerItem));
      expect(stillThere?.notes).toBeNull();
    });
  });
});
