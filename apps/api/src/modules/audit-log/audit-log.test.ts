import { randomUUID } from 'node:crypto';
import type { AuditLogPage } from '@equip/domain/audit-log';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';

describe('audit log', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let otherOrgUuid: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let anna: Awaited<ReturnType<typeof createUser>>;
  let ownerToken: string;
  let regularToken: string;
  let adminToken: string;
  let strangerToken: string;
  const deviceUuid = randomUUID();
  const t0 = new Date('2026-03-01T09:00:00Z').getTime();
  const at = (minutes: number) => new Date(t0 + minutes * 60_000);

  const db = () => t.services.database.db;
  const get = (url: string, token = ownerToken) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const page = async (query = '', token = ownerToken): Promise<AuditLogPage> => {
    const res = await get(`/api/audit-log${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    orgUuid = (await createOrganization(db(), `Audit ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Other ${randomUUID().slice(0, 6)}`)).uuid;
    owner = await createUser(db(), {
      organizationUuid: orgUuid,
      role: 'it-owner',
      firstName: 'Olga',
      lastName: 'Owner',
    });
    anna = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Anna', lastName: 'Ågren' });
    const stranger = await createUser(db(), { organizationUuid: otherOrgUuid, role: 'it-owner' });
    const admin = await createUser(db(), { organizationUuid: orgUuid, role: 'equip-admin' });
    ownerToken = await tokenFor(t.services, owner);
    regularToken = await tokenFor(t.services, anna);
    adminToken = await tokenFor(t.services, admin, orgUuid);
    strangerToken = await tokenFor(t.services, stranger);
    await db()
      .insert(eventLog)
      .values([
        {
          organizationUuid: orgUuid,
          type: 'USER_ADDED',
          actorUuid: owner.uuid,
          subjectUuid: anna.uuid,
          createdAt: at(0),
        },
        {
          organizationUuid: orgUuid,
          type: 'USER_UPDATED',
          actorUuid: owner.uuid,
          subjectUuid: anna.uuid,
          data: { before: { department: 'Sales' }, after: { department: 'Engineering' } },
          createdAt: at(10),
        },
        {
          organizationUuid: orgUuid,
          type: 'DEVICE_ADDED',
          actorUuid: anna.uuid,
          subjectUuid: deviceUuid,
          data: { name: 'Anna’s MacBook' },
          createdAt: at(20),
        },
        {
          organizationUuid: orgUuid,
          type: 'USERS_IMPORTED',
          actorUuid: owner.uuid,
          data: { count: 3 },
          createdAt: at(30),
        },
        {
          organizationUuid: orgUuid,
          type: 'SECURITY_ALERT',
          actorUuid: null,
          subjectUuid: deviceUuid,
          data: { name: 'Anna’s MacBook', lost: ['encryption'] },
          createdAt: at(40),
        },
        { organizationUuid: otherOrgUuid, type: 'USER_ADDED', actorUuid: stranger.uuid, createdAt: at(5) },
      ]);
  });

  afterAll(async () => {
    await app.close();
  });

  const inWindow = `from=${encodeURIComponent(at(0).toISOString())}&to=${encodeURIComponent(at(60).toISOString())}`;

  it("lists the organisation's events newest first with actor and subject names and before/after", async () => {
    const result = await page(`?${inWindow}`);
    expect(result.total).toBe(5);
    expect(result.items.map((e) => e.type)).toEqual([
      'SECURITY_ALERT',
      'USERS_IMPORTED',
      'DEVICE_ADDED',
      'USER_UPDATED',
      'USER_ADDED',
    ]);
    const byType = Object.fromEntries(result.items.map((e) => [e.type, e]));
    expect(byType.USERS_IMPORTED).toMatchObject({
      actorName: 'Olga Owner',
      subjectName: null,
      data: { count: 3 },
    });
    expect(byType.DEVICE_ADDED).toMatchObject({ actorName: 'Anna Ågren', subjectName: 'Anna’s MacBook' });
    expect(byType.SECURITY_ALERT).toMatchObject({ actorUuid: null, actorName: null });
    expect(byType.USER_UPDATED).toMatchObject({
      subjectName: 'Anna Ågren',
      data: { before: { department: 'Sales' }, after: { department: 'Engineering' } },
      createdAt: at(10).toISOString(),
    });
  });

  it('filters by types, actor, subject and range (from inclusive, to exclusive)', async () => {
    const types = (p: AuditLogPage) => p.items.map((e) => e.type);
    expect(types(await page(`?${inWindow}&types=USER_ADDED,USERS_IMPORTED`))).toEqual([
      'USERS_IMPORTED',
      'USER_ADDED',
    ]);
    expect(types(await page(`?${inWindow}&types=USER_ADDED&types=DEVICE_ADDED`))).toEqual([
      'DEVICE_ADDED',
      'USER_ADDED',
    ]);
    expect(types(await page(`?${inWindow}&actorUuid=${anna.uuid}`))).toEqual(['DEVICE_ADDED']);
    expect(types(await page(`?subjectUuid=${deviceUuid}`))).toEqual(['SECURITY_ALERT', 'DEVICE_ADDED']);
    const range = `from=${encodeURIComponent(at(10).toISOString())}&to=${encodeURIComponent(at(30).toISOString())}`;
    expect(types(await page(`?${range}`))).toEqual(['DEVICE_ADDED', 'USER_UPDATED']);
    // An offset other than UTC means the same instant.
    expect(
      types(
        await page(
          `?from=${encodeURIComponent('2026-03-01T10:35:00+01:00')}&to=${encodeURIComponent(at(60).toISOString())}`,
        ),
      ),
    ).toEqual(['SECURITY_ALERT']);
  });

  it('pages by cursor without overlap, with the filtered total', async () => {
    const first = await page(`?${inWindow}&take=2`);
    expect(first.total).toBe(5);
    expect(first.nextCursor).toBeDefined();
    const second = await page(`?${inWindow}&take=2&cursor=${first.nextCursor}`);
    const third = await page(`?${inWindow}&take=2&cursor=${second.nextCursor}`);
    const seen = [...first.items, ...second.items, ...third.items].map((e) => e.uuid);
    expect(new Set(seen).size).toBe(5);
    expect(third.nextCursor).toBeUndefined();
  });

  it('refuses bad filters with the error payload', async () => {
    for (const query of [
      '?types=NOPE',
      '?actorUuid=nobody',
      '?from=2026-03-01',
      '?take=500',
      '?cursor=garbage',
      `?from=${encodeURIComponent(at(30).toISOString())}&to=${encodeURIComponent(at(10).toISOString())}`,
    ]) {
      const res = await get(`/api/audit-log${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ location: 'query' });
    }
  });

  it('needs a token, and an administrator', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
    expect((await get('/api/audit-log', regularToken)).statusCode).toBe(403);
    expect((await get('/api/audit-log/export', regularToken)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/audit-log/export' })).statusCode).toBe(401);
  });

  it("never shows another organisation's events", async () => {
    const theirs = await page(`?${inWindow}`, strangerToken);
    expect(theirs.items.map((e) => e.type)).toEqual(['USER_ADDED']);
    expect((await page(`?actorUuid=${owner.uuid}`, strangerToken)).items).toEqual([]);
    expect((await page(`?subjectUuid=${deviceUuid}`, strangerToken)).total).toBe(0);
  });

  it('lets a provider admin read the organisation they act for', async () => {
    expect((await page(`?${inWindow}`, adminToken)).total).toBe(5);
  });

  it('exports the filtered events as CSV through the shared export', async () => {
    const res = await get(
      `/api/audit-log/export?${inWindow}&types=USERS_IMPORTED,USER_UPDATED&separator=comma`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // The event in words, each detail in its own column, an edit's changes in words: no JSON.
    expect(lines[0]).toBe('Time,Event,By,By (ID),About,About (ID),Number,Changes');
    expect(lines).toHaveLength(3);
    // The organisation's wall-clock time (Europe/Berlin: 09:30 UTC is 10:30).
    expect(lines[1]).toBe(`2026-03-01 10:30,Employees imported,Olga Owner,${owner.uuid},,,3,`);
    expect(lines[2]).toBe(
      `2026-03-01 10:10,Employee changed,Olga Owner,${owner.uuid},Anna Ågren,${anna.uuid},,Department: Sales → Engineering`,
    );
    expect(res.body).not.toContain('{');
  });

  it('exports the .xlsx in German with the time as a date cell and the details as columns', async () => {
    const { readSheet } = await import('read-excel-file/node');
    const { strFromU8, unzipSync } = await import('fflate');
    const res = await app.inject({
      method: 'GET',
      url: `/api/audit-log/export?${inWindow}&format=xlsx`,
      headers: { ...bearer(ownerToken), 'accept-language': 'de' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([
      'Zeit',
      'Ereignis',
      'Von',
      'Von (ID)',
      'Betrifft',
      'Betrifft (ID)',
      'Name',
      'Anzahl',
      'Ausgeschaltet',
      'Änderungen',
    ]);
    const alert = rows.find((r) => r[1] === 'Sicherheitswarnung')!;
    expect(Math.abs(Number(alert[0]) - Date.parse('2026-03-01T10:40:00Z'))).toBeLessThan(5);
    expect(alert.slice(6, 9)).toEqual(['Anna’s MacBook', null, 'encryption']);
    expect(rows.find((r) => r[1] === 'Mitarbeiter:in geändert')![9]).toBe('Abteilung: Sales → Engineering');
    const parts = unzipSync(new Uint8Array(res.rawPayload));
    expect(strFromU8(parts['xl/styles.xml']!)).toContain('formatCode="dd.mm.yyyy hh:mm"');
    // The table's columns alone, as the screen shows them (the details belong to the event).
    const shown = await get(`/api/audit-log/export?${inWindow}&columns=createdAt,actorName&separator=comma`);
    expect(shown.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Time,By');
  });

  it('refuses a bad export query', async () => {
    expect((await get('/api/audit-log/export?types=NOPE')).statusCode).toBe(400);
    expect((await get('/api/audit-log/export?format=pdf')).statusCode).toBe(400);
    expect((await get('/api/audit-log/export?columns=createdAt,data')).statusCode).toBe(400);
  });

  it('keeps the export to the organisation', async () => {
    const res = await get(`/api/audit-log/export?${inWindow}`, strangerToken);
    expect(res.body).not.toContain(owner.uuid);
    const rows = await db().select().from(eventLog).where(eq(eventLog.organizationUuid, otherOrgUuid));
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(rows.length + 1);
  });
  describe('GET /api/audit-log/:uuid', () => {
    it('answers one event with names, and not another organisation’s', async () => {
      const [imported] = await db().select().from(eventLog).where(eq(eventLog.actorUuid, owner.uuid));
      const res = await get(`/api/audit-log/${imported!.uuid}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ uuid: imported!.uuid, actorName: 'Olga Owner' });
      expect((await get(`/api/audit-log/${imported!.uuid}`, strangerToken)).statusCode).toBe(404);
      expect((await get(`/api/audit-log/${randomUUID()}`)).statusCode).toBe(404);
    });

    it('refuses a bad id, no token and a regular user', async () => {
      expect((await get('/api/audit-log/not-a-uuid')).statusCode).toBe(400);
      expect((await get(`/api/audit-log/${randomUUID()}`, regularToken)).statusCode).toBe(403);
      const res = await app.inject({ method: 'GET', url: `/api/audit-log/${randomUUID()}` });
      expect(res.statusCode).toBe(401);
    });
  });
});
