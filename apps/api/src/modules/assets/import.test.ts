import { randomUUID } from 'node:crypto';
import { assetImportTemplate, personKeys } from '@equip/domain/asset-import';
import type { AssetPage } from '@equip/domain/assets';
import { XLSX_MIME } from '@equip/domain/csv-import/export';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assetDefinitions, assetInstances, eventLog } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokensOfRoles } from '../../test/factories.ts';

/** The peripheral import (issue 28, item 4): check and commit routes on the shared import machinery. */
describe('peripheral import (POST /api/assets/import, /api/assets/import/check)', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let otherOwnerToken: string;
  let ada: Awaited<ReturnType<typeof createUser>>;
  let stranger: Awaited<ReturnType<typeof createUser>>;

  const db = () => t.services.database.db;
  const upload = (csv: string, token: string | null = ownerToken) =>
    app.inject({
      method: 'POST',
      url: '/api/assets/import',
      headers: {
        ...(token ? bearer(token) : {}),
        'content-type': 'text/csv',
        'x-file-name': 'peripherals.csv',
      },
      payload: csv,
    });
  const check = (body: unknown, token: string | null = ownerToken) =>
    app.inject({
      method: 'POST',
      url: '/api/assets/import/check',
      headers: token ? bearer(token) : {},
      payload: body as never,
    });
  const itemsOf = async (organizationUuid: string) =>
    db()
      .select({ uuid: assetInstances.uuid })
      .from(assetInstances)
      .where(eq(assetInstances.organizationUuid, organizationUuid));
  const list = async (token = ownerToken) => {
    const res = await app.inject({ method: 'GET', url: '/api/assets?take=500', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AssetPage;
  };

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    orgUuid = (await createOrganization(db(), `Import ${randomUUID().slice(0, 6)}`)).uuid;
    const otherOrgUuid = (await createOrganization(db(), `Other ${randomUUID().slice(0, 6)}`)).uuid;
    ({ ownerToken, regularToken, otherOwnerToken } = await tokensOfRoles(t.services, orgUuid, otherOrgUuid));
    ada = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Ada', lastName: 'Lovelace' });
    stranger = await createUser(db(), { organizationUuid: otherOrgUuid, firstName: 'Sam', lastName: 'Else' });
  });

  it('imports every row at once: models made or found, items assigned by email or name, properties, events and a notification', async () => {
    const tag = randomUUID().slice(0, 6);
    const csv = [
      'Name,Vendor,Model,Kind,Assigned To,Serial Number,Notes,property:Connector,item property:Purchased',
      `Screen ${tag},Dell,U2723QE,monitor,${ada.email},SN-${tag}-1,,USB-C,2026-01-15`,
      `Screen ${tag},Dell,U2723QE,Monitor,Ada Lovelace,SN-${tag}-2,,USB-C,`,
      `Keys ${tag},Logitech,,keyboard,,,German layout,,`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ imported: 3 });

    const imported = (await list()).items.filter((item) => item.name.endsWith(tag));
    expect(imported).toHaveLength(3);
    const screens = imported.filter((item) => item.name === `Screen ${tag}`);
    expect(screens.map((item) => item.assignedTo?.uuid)).toEqual([ada.uuid, ada.uuid]);
    expect(screens.every((item) => item.status === 'in-use')).toBe(true);
    const keys = imported.find((item) => item.name === `Keys ${tag}`)!;
    expect(keys).toMatchObject({
      assignedTo: null,
      status: 'in-stock',
      notes: 'German layout',
      kind: 'keyboard',
    });

    // One model for the two screens, with its property; the item's own property on the first.
    const models = await db()
      .select({
        uuid: assetDefinitions.uuid,
        properties: assetDefinitions.properties,
        kind: assetDefinitions.kind,
      })
      .from(assetDefinitions)
      .where(eq(assetDefinitions.name, `Screen ${tag}`));
    expect(models).toEqual([
      { uuid: expect.any(String), kind: 'monitor', properties: [{ key: 'Connector', value: 'USB-C' }] },
    ]);
    const [first] = await db()
      .select({ properties: assetInstances.properties })
      .from(assetInstances)
      .where(eq(assetInstances.serialNumber, `SN-${tag}-1`));
    expect(first!.properties).toEqual([{ key: 'Purchased', value: '2026-01-15' }]);

    // A second file with the same model adds items to it, no second model.
    expect((await upload(`Name,Vendor,Model\nscreen ${tag},dell,u2723qe`)).statusCode).toBe(201);
    expect(
      (await db().select().from(assetDefinitions).where(eq(assetDefinitions.uuid, models[0]!.uuid))).length,
    ).toBe(1);

    const events = await db()
      .select({ type: eventLog.type, data: eventLog.data })
      .from(eventLog)
      .where(eq(eventLog.organizationUuid, orgUuid));
    const types = events.map((e) => e.type);
    expect(types.filter((type) => type === 'ASSET_ADDED').length).toBeGreaterThanOrEqual(4);
    expect(types.filter((type) => type === 'ASSET_ASSIGNED').length).toBeGreaterThanOrEqual(2);
    expect(events.find((e) => e.type === 'ASSETS_IMPORTED')?.data).toMatchObject({
      count: 3,
      fileName: 'peripherals.csv',
    });
    const panel = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(ownerToken) });
    expect(panel.json().items[0]).toMatchObject({
      kind: 'assets.imported',
      severity: 'positive',
      params: { count: 1, fileName: 'peripherals.csv' },
    });
  });

  it('imports its own template once its example people exist', async () => {
    const org = (await createOrganization(db(), `Template ${randomUUID().slice(0, 6)}`)).uuid;
    const { ownerToken: token } = await tokensOfRoles(t.services, org, orgUuid);
    await createUser(db(), {
      organizationUuid: org,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada-${org}@example.com`,
    });
    await createUser(db(), { organizationUuid: org, firstName: 'Grace', lastName: 'Hopper' });
    const template = assetImportTemplate().replace('ada@example.com', `ada-${org}@example.com`);
    const res = await upload(template, token);
    expect(res.statusCode, res.body).toBe(201);
    expect((await itemsOf(org)).length).toBe(2);
  });

  it('imports an Excel workbook (.xlsx) with the same rules', async () => {
    const { default: writeXlsxFile } = await import('write-excel-file/node');
    const tag = randomUUID().slice(0, 6);
    const workbook = await writeXlsxFile([
      ['Name', 'Kind', 'Assigned To', 'item property:Purchased'],
      [`Sheet monitor ${tag}`, 'Monitor', ada.email, '2026-02-01'],
      [`Sheet keyboard ${tag}`, 'Tastatur', 'Ada Lovelace', null],
    ]).toBuffer();
    const res = await app.inject({
      method: 'POST',
      url: '/api/assets/import',
      headers: { ...bearer(ownerToken), 'content-type': XLSX_MIME, 'x-file-name': 'peripherals.xlsx' },
      payload: workbook,
    });
    expect(res.statusCode, res.body).toBe(201);
    const imported = (await list()).items.filter((item) => item.name.endsWith(tag));
    expect(imported.map((item) => [item.kind, item.assignedTo?.uuid]).sort()).toEqual([
      ['keyboard', ada.uuid],
      ['monitor', ada.uuid],
    ]);
  });

  it('refuses a file with errors at their cells, and writes nothing', async () => {
    const before = (await itemsOf(orgUuid)).length;
    const csv = [
      'Name,Kind,Assigned To',
      'Fine,monitor,',
      '   ,monitor,',
      'Dock,Toaster,',
      `Mouse,mouse,nobody-${randomUUID()}@example.com`,
      'Headset,headset,Nobody Atall',
      `Camera,camera,${stranger.email}`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(400);
    expect(
      res.json().errors.map((e: { errorType: string; param: string }) => [e.errorType, e.param]),
    ).toEqual([
      ['ZodValidationError', 'rows.1.name'],
      ['ZodValidationError', 'rows.2.kind'],
      ['AccountWithEmailDoesNotExist', 'rows.3.assignedTo'],
      ['AccountWithNameDoesNotExist', 'rows.4.assignedTo'],
      // Another organisation's person is no one here.
      ['AccountWithEmailDoesNotExist', 'rows.5.assignedTo'],
    ]);
    expect((await itemsOf(orgUuid)).length).toBe(before);
  });

  it('refuses files whose headers it cannot read: FileHeadersMissing, FileHeadersInvalid', async () => {
    const missing = await upload('Vendor,Model\nDell,U2723QE');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({
      errorType: 'FileHeadersMissing',
      msg: 'Missing columns: Name',
    });
    const invalid = await upload('Name,Colour\nDock,black');
    expect(invalid.json().errors[0].errorType).toBe('FileHeadersInvalid');
    expect(invalid.json().errors[0].msg).toContain('property:<key>');
  });

  it('answers which assignees and kinds the organisation has (the preview asks)', async () => {
    const kind = await app.inject({
      method: 'POST',
      url: '/api/asset-kinds',
      headers: bearer(ownerToken),
      payload: { name: `Dock ${randomUUID().slice(0, 4)}`, baseKind: 'unknown' },
    });
    expect(kind.statusCode, kind.body).toBe(201);
    const kindName: string = kind.json().name;
    const [adaEmail, adaName] = personKeys(ada);
    const [strangerEmail] = personKeys(stranger);
    const res = await check({
      assignedTo: [adaEmail, adaName, strangerEmail, 'name:nobody'],
      kind: [kindName.toLowerCase(), 'toaster'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(new Set(res.json().assignedTo)).toEqual(new Set([adaEmail, adaName]));
    expect(res.json().kind).toEqual([kindName.toLowerCase()]);
    // A row of that kind imports with the organisation kind's base.
    expect((await upload(`Name,Kind\nHub ${kindName},${kindName.toUpperCase()}`)).statusCode).toBe(201);
  });

  it('without a token 401, for a regular person 403, for another organisation nothing of this one', async () => {
    const before = (await itemsOf(orgUuid)).length;
    expect((await upload('Name\nDock', null)).statusCode).toBe(401);
    expect((await check({ assignedTo: [], kind: [] }, null)).statusCode).toBe(401);
    expect((await upload('Name\nDock', regularToken)).statusCode).toBe(403);
    expect((await check({ assignedTo: [], kind: [] }, regularToken)).statusCode).toBe(403);
    // Another organisation's owner neither finds this one's people nor writes into it.
    const [adaEmail] = personKeys(ada);
    const foreign = await check({ assignedTo: [adaEmail], kind: [] }, otherOwnerToken);
    expect(foreign.json().assignedTo).toEqual([]);
    const refused = await upload(`Name,Assigned To\nDock,${ada.email}`, otherOwnerToken);
    expect(refused.json().errors[0].errorType).toBe('AccountWithEmailDoesNotExist');
    expect((await itemsOf(orgUuid)).length).toBe(before);
  });

  it('exports every item in the import format, formula-safe, and the export imports back unchanged', async () => {
    const org = (await createOrganization(db(), `Export ${randomUUID().slice(0, 6)}`)).uuid;
    const { ownerToken: token } = await tokensOfRoles(t.services, org, orgUuid);
    const grace = await createUser(db(), { organizationUuid: org, firstName: 'Grace', lastName: 'Hopper' });
    const kind = await app.inject({
      method: 'POST',
      url: '/api/asset-kinds',
      headers: bearer(token),
      payload: { name: 'Docking station', baseKind: 'unknown' },
    });
    expect(kind.statusCode, kind.body).toBe(201);
    const csv = [
      'Name,Vendor,Model,Kind,Assigned To,Serial Number,Notes,property:Connector,item property:Purchased',
      `Dock,Dell,WD19,docking station,${grace.email},SN-1,"=cmd(), ""quoted""",USB-C,2026-01-15`,
      'Dock,Dell,WD19,docking station,,SN-2,+49 89 555,USB-C,',
      'Keys,Logitech,,keyboard,Grace Hopper,,,,',
    ].join('\n');
    expect((await upload(csv, token)).statusCode).toBe(201);
    const exportCsv = async (query = '') => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/assets/export${query}`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      return res.body;
    };
    const exported = await exportCsv();
    expect(
      exported.startsWith(
        '\uFEFFName,Vendor,Model,Kind,Assigned To,Serial Number,Notes,property:Connector,item property:Purchased\r\n',
      ),
    ).toBe(true);
    // Formula-safe: a cell a spreadsheet would run starts with a quote, which the import takes off again.
    expect(exported).toContain(
      `Dock,Dell,WD19,Docking station,${grace.email},SN-1,"'=cmd(), ""quoted""",USB-C,2026-01-15`,
    );
    expect(exported).toContain("'+49 89 555");
    expect((await exportCsv('?separator=semicolon')).split('\r\n')[0]).toContain('Name;Vendor;Model');

    // Remove the items and import the export: the same items come back.
    await db().delete(assetInstances).where(eq(assetInstances.organizationUuid, org));
    const again = await upload(exported.replace(/^\uFEFF/, ''), token);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual({ imported: 3 });
    const lines = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .sort();
    expect(lines(await exportCsv())).toEqual(lines(exported));
  });

  it('is in the OpenAPI contract', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/assets/import'].post).toBeDefined();
    expect(doc.paths['/api/assets/import/check'].post).toBeDefined();
    expect(doc.paths['/api/assets/export'].get).toBeDefined();
  });
});
