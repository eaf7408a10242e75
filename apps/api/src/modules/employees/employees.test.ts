import { randomUUID } from 'node:crypto';
import { XLSX_MIME } from '@equip/domain/csv-import/export';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleEmployees, bundles, devices, eventLog, users } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';

describe('employees', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let ownerToken: string;
  let owner: Awaited<ReturnType<typeof createUser>>;

  const db = () => t.services.database.db;
  const get = (url: string, token = ownerToken) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = ownerToken) =>
    app.inject({ method, url, headers: bearer(token), payload: payload as never });
  const importCsv = (csv: string | Buffer, token = ownerToken) =>
    app.inject({
      method: 'POST',
      url: '/api/employees/import',
      headers: { ...bearer(token), 'content-type': 'text/csv', 'x-file-name': 'people.csv' },
      payload: csv,
    });

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    orgUuid = (await createOrganization(db(), 'Employees AG')).uuid;
    owner = await createUser(db(), {
      organizationUuid: orgUuid,
      role: 'it-owner',
      firstName: 'Olga',
      lastName: 'Owner',
    });
    ownerToken = await tokenFor(t.services, owner);
    const people = [
      {
        firstName: 'Anna',
        lastName: 'Active',
        employeeStatus: 'ACTIVE',
        userType: 'regularUser',
        source: 'hris',
        startDate: '2024-01-10',
        department: 'Sales',
      },
      {
        firstName: 'Otto',
        lastName: 'Onboarding',
        employeeStatus: 'ONBOARDING',
        userType: 'lightUser',
        source: 'equip',
        startDate: '2027-03-01',
      },
      {
        firstName: 'Olli',
        lastName: 'Onboarding',
        employeeStatus: 'ONBOARDING',
        userType: 'regularUser',
        source: 'equip',
        startDate: '2027-01-15',
      },
      {
        firstName: 'Oskar',
        lastName: 'Offboarding',
        employeeStatus: 'OFFBOARDING',
        userType: 'regularUser',
        source: 'hris',
        lastDate: '2026-12-31',
      },
      {
        firstName: 'Ingrid',
        lastName: 'Inactive',
        employeeStatus: 'INACTIVE',
        userType: 'unmanagedUser',
        source: 'hris',
        lastDate: '2025-06-30',
      },
      {
        firstName: 'Lea',
        lastName: 'Leave',
        employeeStatus: 'LEAVE',
        userType: 'regularUser',
        source: 'equip',
      },
    ] as const;
    for (const p of people) {
      await db()
        .insert(users)
        .values({ organizationUuid: orgUuid, email: `${p.firstName.toLowerCase()}@employees.test`, ...p });
    }
  });
  afterAll(() => app.close());

  describe('list', () => {
    it('returns the all view without inactive people by default, with total', async () => {
      const res = await get('/api/employees');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const names = body.items.map((e: { firstName: string }) => e.firstName);
      expect(names).not.toContain('Ingrid');
      expect(names).toEqual(expect.arrayContaining(['Anna', 'Otto', 'Oskar', 'Lea', 'Olga']));
      expect(body.total).toBe(6);
      const withInactive = await get('/api/employees?withInactiveUsers=true');
      expect(withInactive.json().total).toBe(7);
    });

    it('filters by status, user type and source, repeated or comma-separated', async () => {
      const repeated = await get('/api/employees?employeeStatus=ONBOARDING&employeeStatus=LEAVE');
      const comma = await get('/api/employees?employeeStatus=ONBOARDING,LEAVE');
      expect(repeated.json().total).toBe(3);
      expect(comma.json()).toEqual(repeated.json());
      expect(
        (await get('/api/employees?userType=lightUser'))
          .json()
          .items.map((e: { firstName: string }) => e.firstName),
      ).toEqual(['Otto']);
      expect((await get('/api/employees?userSources=hris&withInactiveUsers=true')).json().total).toBe(3);
    });

    it('searches by name and email', async () => {
      expect((await get('/api/employees?textSearchQuery=offboard')).json().items[0].firstName).toBe('Oskar');
      expect((await get('/api/employees?textSearchQuery=anna%40employees')).json().total).toBe(1);
      expect((await get('/api/employees?textSearchQuery=%25')).json().total).toBe(0);
    });

    it('answers a search by name the same from the names-only matches as from every key', async () => {
      // By name with the status filters alone, the narrower search function serves the page; naming
      // every source (no restriction) sends the same search through the one with every key.
      for (const query of [
        'textSearchQuery=o&sortingKey=name&sortingDirection=asc',
        'textSearchQuery=o&sortingKey=name&sortingDirection=desc&withInactiveUsers=true&take=2&skip=1',
        'textSearchQuery=employees&sortingKey=name&employeeStatus=ONBOARDING,LEAVE',
        'textSearchQuery=o&view=onboarding',
      ]) {
        const byNames = (await get(`/api/employees?${query}`)).json();
        const byEveryKey = (await get(`/api/employees?${query}&userSources=hris,equip`)).json();
        expect(byNames.total, query).toBeGreaterThan(0);
        expect(byNames, query).toEqual(byEveryKey);
      }
    });

    it("never finds another organisation's people", async () => {
      const other = await createOrganization(db());
      await createUser(db(), { organizationUuid: other.uuid, firstName: 'Zebulon', lastName: 'Elsewhere' });
      expect((await get('/api/employees?textSearchQuery=zebulon&withInactiveUsers=true')).json()).toEqual({
        items: [],
        total: 0,
      });
    });

    it('serves the onboarding and offboarding views', async () => {
      const onboarding = await get(
        '/api/employees?view=onboarding&sortingKey=startDate&sortingDirection=asc',
      );
      expect(onboarding.json().items.map((e: { firstName: string }) => e.firstName)).toEqual([
        'Olli',
        'Otto',
      ]);
      const offboarding = await get(
        '/api/employees?view=offboarding&sortingKey=lastDate&sortingDirection=asc',
      );
      expect(offboarding.json().items.map((e: { firstName: string }) => e.firstName)).toEqual(['Oskar']);
    });

    it('sorts both ways and pages without overlap', async () => {
      const asc = (await get('/api/employees?sortingKey=name&sortingDirection=asc&withInactiveUsers=true'))
        .json()
        .items.map((e: { uuid: string }) => e.uuid);
      const desc = (await get('/api/employees?sortingKey=name&sortingDirection=desc&withInactiveUsers=true'))
        .json()
        .items.map((e: { uuid: string }) => e.uuid);
      expect(desc).toEqual([...asc].reverse());
      const pages = [];
      for (let skip = 0; skip < 7; skip += 3)
        pages.push(
          ...(await get(`/api/employees?withInactiveUsers=true&sortingKey=name&take=3&skip=${skip}`))
            .json()
            .items.map((e: { uuid: string }) => e.uuid),
        );
      expect(pages).toEqual(asc);
      // A page past the end still knows the total, with and without a search.
      expect((await get('/api/employees?skip=1000')).json()).toEqual({ items: [], total: 6 });
      expect((await get('/api/employees?skip=1000&textSearchQuery=onboarding')).json()).toEqual({
        items: [],
        total: 2,
      });
    });

    it('shows devices assigned and the assigned bundle, and filters people without a bundle', async () => {
      const [anna] = await db().select().from(users).where(eq(users.email, 'anna@employees.test'));
      await db()
        .insert(devices)
        .values([
          {
            organizationUuid: orgUuid,
            name: 'Anna MacBook',
            type: 'COMPUTER',
            os: 'MACOS',
            assignedToUuid: anna!.uuid,
            assignmentType: 'ASSIGNED',
          },
          {
            organizationUuid: orgUuid,
            name: 'Anna iPhone',
            type: 'PHONE',
            os: 'IOS',
            assignedToUuid: anna!.uuid,
            assignmentType: 'ASSIGNED',
          },
        ]);
      const [bundle] = await db()
        .insert(bundles)
        .values({ organizationUuid: orgUuid, name: 'Sales kit' })
        .returning();
      await db()
        .insert(bundleEmployees)
        .values({ organizationUuid: orgUuid, bundleUuid: bundle!.uuid, userUuid: anna!.uuid });
      const res = (await get('/api/employees?sortingKey=devicesAssigned&sortingDirection=desc')).json();
      expect(res.items[0]).toMatchObject({
        firstName: 'Anna',
        devicesAssigned: 2,
        assignedBundle: { name: 'Sales kit' },
      });
      const without = (await get('/api/employees?onlyWithoutAssignedBundle=true')).json();
      expect(without.items.map((e: { firstName: string }) => e.firstName)).not.toContain('Anna');
      expect(without.total).toBe(5);
    });

    it('rejects bad queries with 400 in the error payload', async () => {
      for (const query of [
        'take=0',
        'take=501',
        'skip=-1',
        'employeeStatus=BOGUS',
        'withInactiveUsers=yes',
        'sortingDirection=up',
        'view=everyone',
      ]) {
        const res = await get(`/api/employees?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errors[0].location).toBe('query');
      }
    });
  });

  describe('add, edit, remove', () => {
    it('adds an employee, writes USER_ADDED and refuses a taken email with EmailIsUsed', async () => {
      const email = `new-${randomUUID()}@employees.test`;
      const res = await send('POST', '/api/employees', {
        firstName: 'Nina',
        lastName: 'New',
        email,
        startDate: '2099-01-01',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email, employeeStatus: 'ONBOARDING', source: 'equip' });
      const events = await db()
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.subjectUuid, res.json().uuid), eq(eventLog.type, 'USER_ADDED')));
      expect(events[0]?.actorUuid).toBe(owner.uuid);
      const again = await send('POST', '/api/employees', {
        firstName: 'Nina',
        lastName: 'Again',
        email: email.toUpperCase(),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0]).toMatchObject({ errorType: 'EmailIsUsed', param: 'email' });
    });

    it('validates input and writes nothing on error', async () => {
      const res = await send('POST', '/api/employees', {
        firstName: '',
        lastName: 'X',
        email: 'bad',
        startDate: '2026-05-01',
        lastDate: '2026-04-01',
      });
      expect(res.statusCode).toBe(400);
      const params = res.json().errors.map((e: { param: string }) => e.param);
      expect(params).toEqual(expect.arrayContaining(['firstName', 'email']));
    });

    it('adds several at once, all or nothing', async () => {
      const a = `a-${randomUUID()}@employees.test`;
      const bad = await send('POST', '/api/employees/bulk', {
        employees: [
          { firstName: 'A', lastName: 'A', email: a },
          { firstName: 'B', lastName: 'B', email: 'anna@employees.test' },
        ],
      });
      expect(bad.statusCode).toBe(409);
      expect(bad.json().errors[0].param).toBe('employees.1.email');
      expect(await db().select().from(users).where(eq(users.email, a))).toHaveLength(0);
      const ok = await send('POST', '/api/employees/bulk', {
        employees: [
          { firstName: 'A', lastName: 'A', email: a },
          { firstName: 'C', lastName: 'C', email: `c-${randomUUID()}@employees.test` },
        ],
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().items).toHaveLength(2);
    });

    it('edits personal information and logs before and after', async () => {
      const created = (
        await send('POST', '/api/employees', {
          firstName: 'Ed',
          lastName: 'Edit',
          email: `ed-${randomUUID()}@employees.test`,
        })
      ).json();
      const res = await send('PATCH', `/api/employees/${created.uuid}`, {
        department: 'Finance',
        position: 'Controller',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ department: 'Finance', position: 'Controller' });
      const [event] = await db()
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.subjectUuid, created.uuid), eq(eventLog.type, 'USER_UPDATED')));
      expect(event?.data).toEqual({
        before: { department: null, position: null },
        after: { department: 'Finance', position: 'Controller' },
      });
      const taken = await send('PATCH', `/api/employees/${created.uuid}`, { email: 'anna@employees.test' });
      expect(taken.statusCode).toBe(409);
      expect((await send('PATCH', `/api/employees/${randomUUID()}`, { department: 'X' })).statusCode).toBe(
        404,
      );
    });

    it('removes an employee: gone from lists, devices back in stock, email free again', async () => {
      const email = `gone-${randomUUID()}@employees.test`;
      const created = (
        await send('POST', '/api/employees', { firstName: 'Gus', lastName: 'Gone', email })
      ).json();
      await db().insert(devices).values({
        organizationUuid: orgUuid,
        name: 'Gus laptop',
        type: 'COMPUTER',
        os: 'WINDOWS',
        assignedToUuid: created.uuid,
        assignmentType: 'ASSIGNED',
      });
      expect((await send('DELETE', `/api/employees/${created.uuid}`)).statusCode).toBe(204);
      expect((await get(`/api/employees/${created.uuid}`)).statusCode).toBe(404);
      const [laptop] = await db().select().from(devices).where(eq(devices.name, 'Gus laptop'));
      expect(laptop).toMatchObject({ assignedToUuid: null, assignmentType: 'UNASSIGNED' });
      expect(
        (await send('POST', '/api/employees', { firstName: 'Gus', lastName: 'Back', email })).statusCode,
      ).toBe(201);
      expect((await send('DELETE', `/api/employees/${owner.uuid}`)).statusCode).toBe(409);
    });

    it('answers a person with every timestamp in ISO 8601, invited or not', async () => {
      const invitedAt = new Date('2026-10-16T12:59:06.434Z');
      const [invited] = await db()
        .insert(users)
        .values({
          organizationUuid: orgUuid,
          email: `invited-${randomUUID()}@employees.test`,
          firstName: 'Ina',
          lastName: 'Invited',
          invitedAt,
        })
        .returning();
      const body = (await get(`/api/employees/${invited!.uuid}`)).json();
      expect(body.invitedAt).toBe('2026-10-16T12:59:06.434Z');
      expect(body.createdAt).toBe(invited!.createdAt.toISOString());
      expect(body.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect((await get(`/api/employees/${owner.uuid}`)).json().invitedAt).toBeNull();
    });

    it('lets a regular user read only their own record and devices', async () => {
      const regular = await createUser(db(), { organizationUuid: orgUuid, role: 'regular' });
      const token = await tokenFor(t.services, regular);
      expect((await get(`/api/employees/${regular.uuid}`, token)).statusCode).toBe(200);
      expect((await get(`/api/employees/${regular.uuid}/devices`, token)).json()).toEqual({
        items: [],
        assets: [],
      });
      expect((await get(`/api/employees/${owner.uuid}`, token)).statusCode).toBe(404);
      expect((await get('/api/employees', token)).statusCode).toBe(403);
    });
  });

  describe('CSV import and export', () => {
    /** The fields an import writes, to compare people before and after a round trip. */
    const pick = (e: Record<string, unknown>) => [
      e.firstName,
      e.lastName,
      e.email,
      e.phone,
      e.startDate,
      e.lastDate,
      e.department,
      e.position,
    ];
    const header = 'First Name,Last Name,Email,Phone,Start Date,End Date,Department,Position';

    it('imports a valid file in one go and logs it', async () => {
      const tag = randomUUID().slice(0, 8);
      const csv = [
        header,
        `Ida,Import,ida-${tag}@employees.test,+49 30 123,2026-02-01,,Engineering,Developer`,
        `Ian,Import,ian-${tag}@employees.test,,01.03.2026,,,`,
      ].join('\n');
      const res = await importCsv(csv);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ imported: 2 });
      const [ian] = await db()
        .select()
        .from(users)
        .where(eq(users.email, `ian-${tag}@employees.test`));
      expect(ian?.startDate).toBe('2026-03-01');
      const summary = await db()
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.organizationUuid, orgUuid), eq(eventLog.type, 'USERS_IMPORTED')));
      expect(summary.some((e) => e.data.count === 2 && e.data.fileName === 'people.csv')).toBe(true);
    });

    it('refuses a file with bad rows, naming each cell, and writes nothing', async () => {
      const tag = randomUUID().slice(0, 8);
      const csv = [
        header,
        `Good,Row,good-${tag}@employees.test,,,,,`,
        `Dup,One,dup-${tag}@employees.test,,,,,`,
        `Dup,Two,DUP-${tag}@employees.test,,,,,`,
        'Used,Email,anna@employees.test,,,,,',
        ',Nameless,not-an-email,,,,,',
      ].join('\n');
      const res = await importCsv(csv);
      expect(res.statusCode).toBe(400);
      const errors = res.json().errors as { errorType: string; param: string }[];
      expect(errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ errorType: 'EmailIsDuplicated', param: 'rows.1.email' }),
          expect.objectContaining({ errorType: 'EmailIsDuplicated', param: 'rows.2.email' }),
          expect.objectContaining({ errorType: 'EmailInUse', param: 'rows.3.email' }),
          expect.objectContaining({ errorType: 'ZodValidationError', param: 'rows.4.firstName' }),
          expect.objectContaining({ errorType: 'ZodValidationError', param: 'rows.4.email' }),
        ]),
      );
      expect(
        await db()
          .select()
          .from(users)
          .where(eq(users.email, `good-${tag}@employees.test`)),
      ).toHaveLength(0);
    });

    it('explains bad files: missing headers, empty, binary, too large', async () => {
      const missing = await importCsv('Name,Phone\nAda,123');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0]).toMatchObject({
        errorType: 'FileHeadersNotValid',
        msg: 'Missing columns: First Name, Last Name, Email',
      });
      expect((await importCsv(`${header}\n`)).json().errors[0].msg).toBe(
        'The file has no employees to import',
      );
      const binary = await importCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x01]));
      expect(binary.statusCode).toBe(400);
      expect(binary.json().errors[0]).toMatchObject({ errorType: 'UnknownError' });
      const huge = await importCsv(Buffer.alloc(21 * 1024 * 1024, 'a'));
      expect(huge.statusCode).toBe(413);
      expect(huge.json().errors[0].msg).toBe('The upload is larger than 20 MB');
    });

    it('reads Windows-1252 files from Excel', async () => {
      const tag = randomUUID().slice(0, 8);
      const latin1 = Buffer.from(
        `${header}\nJürgen,Müller,juergen-${tag}@employees.test,,,,Vertrieb,Außendienst\n`,
        'latin1',
      );
      expect((await importCsv(latin1)).statusCode).toBe(201);
      const [row] = await db()
        .select()
        .from(users)
        .where(eq(users.email, `juergen-${tag}@employees.test`));
      expect(row).toMatchObject({ firstName: 'Jürgen', lastName: 'Müller', position: 'Außendienst' });
    });

    it('reads UTF-16 files (Excel’s “Unicode text”, tab-separated) and semicolon files', async () => {
      const tag = randomUUID().slice(0, 8);
      const unicodeText = `${header.replaceAll(',', '\t')}\r\nÅsa\tØstergaard\tasa-${tag}@employees.test\t\t\t\t\t\r\n`;
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(unicodeText, 'utf16le')]);
      expect((await importCsv(utf16)).statusCode).toBe(201);
      const semicolons = `First Name;Last Name;Email;Start Date\nJörg;Schmidt;joerg-${tag}@employees.test;31.12.2026\n`;
      expect((await importCsv(semicolons)).statusCode).toBe(201);
      const rows = await db()
        .select()
        .from(users)
        .where(and(eq(users.organizationUuid, orgUuid), eq(users.lastName, 'Østergaard')));
      expect(rows.map((r) => [r.firstName, r.email])).toContainEqual(['Åsa', `asa-${tag}@employees.test`]);
      const [joerg] = await db()
        .select()
        .from(users)
        .where(eq(users.email, `joerg-${tag}@employees.test`));
      expect(joerg).toMatchObject({ firstName: 'Jörg', startDate: '2026-12-31' });
    });

    it('exports CSV with guarded cells that imports back unchanged', async () => {
      const other = await createOrganization(db());
      const otherOwner = await createUser(db(), {
        organizationUuid: other.uuid,
        role: 'it-owner',
        email: `o-${randomUUID()}@x.test`,
        firstName: 'Own',
        lastName: 'Er',
      });
      const otherToken = await tokenFor(t.services, otherOwner);
      await db()
        .insert(users)
        .values({
          organizationUuid: other.uuid,
          email: `f-${randomUUID()}@x.test`,
          firstName: '=cmd()',
          lastName: 'Formula',
          phone: '+49 89 555',
          department: '@risk',
          position: 'Lead, "Ops"',
          startDate: '2025-01-02',
        });
      const exported = await get('/api/employees/export.csv', otherToken);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('text/csv');
      expect(exported.body).toContain("'=cmd()");
      expect(exported.body).toContain("'+49 89 555");
      const before = (await get('/api/employees?sortingKey=email', otherToken)).json().items;
      // Re-import into a fresh organisation, once the people have left this one (an email is one
      // account in the whole installation): the people come back exactly.
      await leaveOrganization(other.uuid);
      const third = await createOrganization(db());
      const thirdOwner = await createUser(db(), {
        organizationUuid: third.uuid,
        role: 'it-owner',
        email: `t-${randomUUID()}@x.test`,
      });
      const thirdToken = await tokenFor(t.services, thirdOwner);
      const parsed = Papa.parse<string[]>(exported.body.replace(/^\uFEFF/, ''), {
        skipEmptyLines: true,
      }).data;
      const withoutOwner = parsed.filter((r, i) => i === 0 || r[2] !== thirdOwner.email);
      expect((await importCsv(Papa.unparse(withoutOwner), thirdToken)).statusCode).toBe(201);
      const after = (await get('/api/employees?sortingKey=email', thirdToken))
        .json()
        .items.filter((e: { email: string }) => e.email !== thirdOwner.email);
      expect(after.map(pick)).toEqual(before.map(pick));
    });

    it('tells which emails are in use', async () => {
      const res = await send('POST', '/api/employees/import/check-emails', {
        emails: ['ANNA@employees.test', 'free@employees.test'],
      });
      expect(res.json()).toEqual({ inUse: ['anna@employees.test'] });
    });

    /** An organisation with its owner (language `locale`) and one person whose cells tempt spreadsheets. */
    async function exportingOrganization(locale: 'de' | null = null) {
      const org = await createOrganization(db());
      const orgOwner = await createUser(db(), {
        organizationUuid: org.uuid,
        role: 'it-owner',
        email: `o-${randomUUID()}@x.test`,
        firstName: 'Own',
        lastName: 'Er',
      });
      if (locale) await db().update(users).set({ locale }).where(eq(users.uuid, orgOwner.uuid));
      await db()
        .insert(users)
        .values({
          organizationUuid: org.uuid,
          email: `f-${randomUUID()}@x.test`,
          firstName: '=cmd()',
          lastName: 'Formula; "Semi"',
          phone: '+49 89 555',
          department: '0049',
          position: '@risk',
          startDate: '2025-01-02',
          lastDate: '2026-12-31',
        });
      return { owner: orgOwner, token: await tokenFor(t.services, orgOwner) };
    }

    /** A fresh organisation's owner, to import into. */
    async function importingOrganization() {
      const org = await createOrganization(db());
      const orgOwner = await createUser(db(), {
        organizationUuid: org.uuid,
        role: 'it-owner',
        email: `t-${randomUUID()}@x.test`,
      });
      return { owner: orgOwner, token: await tokenFor(t.services, orgOwner) };
    }

    /** Everyone leaves the organisation, so that their emails can be imported elsewhere. */
    const leaveOrganization = (organizationUuid: string) =>
      db().update(users).set({ deletedAt: new Date() }).where(eq(users.organizationUuid, organizationUuid));

    const peopleOf = async (token: string, except: string) =>
      (await get('/api/employees?sortingKey=email', token))
        .json()
        .items.filter((e: { email: string }) => e.email !== except)
        .map(pick);

    it('exports .xlsx with typed cells: read back by read-excel-file and by unzipping the workbook', async () => {
      const { readSheet } = await import('read-excel-file/node');
      const { strFromU8, unzipSync } = await import('fflate');
      const source = await exportingOrganization();
      const res = await get('/api/employees/export?format=xlsx', source.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX_MIME);
      expect(res.headers['content-disposition']).toMatch(/filename="employees-\d{4}-\d{2}-\d{2}\.xlsx"/);
      const file = res.rawPayload;

      // The library: a header row, then text as text (no guard), dates as dates.
      const rows = await readSheet(file);
      // Without columns asked for: every column, the ones the table does not show included.
      expect(rows[0]).toEqual([
        'First name',
        'Last name',
        'Email',
        'Phone',
        'Department',
        'Position',
        'Start date',
        'Last day',
        'Status',
        'Devices',
        'Bundle',
        'License',
        'Source',
        'User type',
        'Role',
        'ID',
      ]);
      const person = rows.find((r) => r[0] === '=cmd()')!;
      expect(person.slice(0, 2)).toEqual(['=cmd()', 'Formula; "Semi"']);
      // Values in words (not ACTIVE, equip, regularUser), the device count a number.
      expect(person.slice(3, 15)).toEqual([
        '+49 89 555',
        '0049',
        '@risk',
        new Date('2025-01-02T00:00:00Z'),
        new Date('2026-12-31T00:00:00Z'),
        'Active',
        0,
        null,
        null,
        'Equip',
        'Regular user',
        'Employee',
      ]);

      // A second, independent reader: the workbook's XML itself.
      const parts = unzipSync(new Uint8Array(file));
      const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
      const shared = [...strFromU8(parts['xl/sharedStrings.xml']!).matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map(
        (m) => m[1],
      );
      const styles = strFromU8(parts['xl/styles.xml']!);
      expect(sheet).not.toContain('<f>'); // no formulas anywhere
      const cells = [...sheet.matchAll(/<c r="([A-Z]+)(\d+)"([^>]*)>(?:<v>([^<]*)<\/v>)?<\/c>/g)].map(
        (m) => ({
          column: m[1],
          row: Number(m[2]),
          attributes: m[3]!,
          value: m[4],
        }),
      );
      const personRow = cells.find((c) => c.column === 'A' && shared[Number(c.value)] === '=cmd()')!.row;
      const at = (column: string) => cells.find((c) => c.row === personRow && c.column === column)!;
      for (const column of ['A', 'B', 'C', 'D', 'E', 'F']) expect(at(column).attributes).toContain('t="s"');
      expect(shared[Number(at('D').value)]).toBe('+49 89 555');
      expect(shared[Number(at('E').value)]).toBe('0049');
      expect(shared.some((s) => s?.startsWith("'"))).toBe(false);
      // The device count is a number cell.
      expect(at('J').attributes).not.toContain('t=');
      expect(at('J').value).toBe('0');
      // Dates are numbers (days since 1899-12-30) in a date format.
      for (const [column, serial] of [
        ['G', 45659],
        ['H', 46387],
      ] as const) {
        expect(at(column).attributes).not.toContain('t=');
        expect(Number(at(column).value)).toBe(serial);
        const style = Number(/s="(\d+)"/.exec(at(column).attributes)![1]);
        const xf = [...styles.matchAll(/<xf [^>]*>/g)][style]![0];
        const format = /numFmtId="(\d+)"/.exec(xf)![1];
        expect(styles).toContain(`numFmtId="${format}" formatCode="yyyy-mm-dd"`);
      }
    });

    it('export → edit → re-import of the .xlsx is a round trip with no changes flagged', async () => {
      const { readSheet } = await import('read-excel-file/node');
      const { default: writeXlsxFile } = await import('write-excel-file/node');
      const source = await exportingOrganization();
      const exported = (await get('/api/employees/export?format=xlsx', source.token)).rawPayload;
      const target = await importingOrganization();
      const expected = await peopleOf(source.token, target.owner.email);
      await leaveOrganization(source.owner.organizationUuid);
      // As a spreadsheet app saves it: the sheet read and written again, the owner's own row left out.
      const rows = (await readSheet(exported)).filter((r) => r[2] !== target.owner.email);
      const edited = await writeXlsxFile(
        rows.map((r) =>
          r.map((value) =>
            value instanceof Date
              ? { value, type: Date, format: 'dd.mm.yyyy' }
              : (value as string | number | boolean | null),
          ),
        ),
      ).toBuffer();
      const res = await app.inject({
        method: 'POST',
        url: '/api/employees/import',
        headers: { ...bearer(target.token), 'content-type': XLSX_MIME, 'x-file-name': 'people.xlsx' },
        payload: edited,
      });
      expect(res.statusCode).toBe(201);
      expect(await peopleOf(target.token, target.owner.email)).toEqual(expected);
    });

    it('exports CSV with comma or semicolon (German → semicolon by default), and both import back unchanged', async () => {
      const source = await exportingOrganization('de');
      const german = await get('/api/employees/export', source.token);
      expect(german.headers['content-type']).toContain('text/csv');
      // German headers, words and dates: the import reads them back (its German aliases, DD.MM.YYYY).
      expect(
        german.body.startsWith('\uFEFFVorname;Nachname;E-Mail;Telefon;Abteilung;Position;Startdatum;'),
      ).toBe(true);
      expect(german.body).toContain('\'=cmd();"Formula; ""Semi""";');
      expect(german.body).toContain(
        ';02.01.2025;31.12.2026;Aktiv;0;;;Equip;Regulärer Nutzer;Mitarbeiter:in;',
      );
      const comma = await get('/api/employees/export?format=csv&separator=comma', source.token);
      expect(comma.body.startsWith('\uFEFFVorname,Nachname,E-Mail,')).toBe(true);
      const english = (await get('/api/employees/export?separator=semicolon', ownerToken)).body;
      expect(english).toContain('First name;Last name');
      expect(english).toMatch(/;\d{4}-\d{2}-\d{2};/);
      const expected = await peopleOf(source.token, '');
      let holder = source.owner.organizationUuid;
      for (const exported of [german, comma]) {
        const target = await importingOrganization();
        await leaveOrganization(holder);
        const res = await importCsv(exported.rawPayload, target.token);
        expect(res.statusCode).toBe(201);
        expect(await peopleOf(target.token, target.owner.email)).toEqual(expected);
        holder = target.owner.organizationUuid;
      }
    });
    it('exports the columns the person shows (columns=), in the order of the file', async () => {
      const { readSheet } = await import('read-excel-file/node');
      const source = await exportingOrganization();
      const res = await get(
        '/api/employees/export?format=xlsx&columns=devicesAssigned,name,startDate',
        source.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const rows = await readSheet(res.rawPayload);
      expect(rows[0]).toEqual(['First name', 'Last name', 'Email', 'Start date', 'Devices']);
      expect(rows.find((r) => r[0] === '=cmd()')!.slice(3)).toEqual([new Date('2025-01-02T00:00:00Z'), 0]);
      const all = await readSheet(
        (await get('/api/employees/export?format=xlsx&columns=all', source.token)).rawPayload,
      );
      expect(all[0]).toHaveLength(16);
      const csv = await get('/api/employees/export?columns=department&separator=comma', source.token);
      expect(csv.body.split('\r\n')[0]).toBe('\uFEFFDepartment,Position');
      expect((await get('/api/employees/export?columns=name,salary', source.token)).statusCode).toBe(400);
    });

    it('writes the workbook in German for a German reader: headers, words, sheet and date formats', async () => {
      const { readSheet } = await import('read-excel-file/node');
      const { strFromU8, unzipSync } = await import('fflate');
      const source = await exportingOrganization('de');
      const res = await get(
        '/api/employees/export?format=xlsx&columns=name,lastDate,employeeStatus',
        source.token,
      );
      const rows = await readSheet(res.rawPayload);
      expect(rows[0]).toEqual(['Vorname', 'Nachname', 'E-Mail', 'Letzter Arbeitstag', 'Status']);
      expect(rows.find((r) => r[0] === '=cmd()')!.slice(3)).toEqual([
        new Date('2026-12-31T00:00:00Z'),
        'Aktiv',
      ]);
      const parts = unzipSync(new Uint8Array(res.rawPayload));
      expect(strFromU8(parts['xl/workbook.xml']!)).toContain('name="Mitarbeitende"');
      expect(strFromU8(parts['xl/styles.xml']!)).toContain('formatCode="dd.mm.yyyy"');
      // No stored language: the browser's decides.
      const browser = await app.inject({
        method: 'GET',
        url: '/api/employees/export?columns=name',
        headers: { ...bearer(ownerToken), 'accept-language': 'de-DE,de;q=0.9' },
      });
      expect(browser.body.startsWith('\uFEFFVorname;Nachname;E-Mail\r\n')).toBe(true);
    });
  });

  describe('device registration reminders', () => {
    it('lists people without a registered device and mails them', async () => {
      const list = (await get('/api/organization-setup/registration-reminders')).json().items;
      const anna = list.find((p: { firstName: string }) => p.firstName === 'Anna');
      expect(anna).toBeDefined();
      expect(list.some((p: { firstName: string }) => p.firstName === 'Ingrid')).toBe(false);
      const res = await send('POST', '/api/organization-setup/registration-reminders', {
        userUuids: [anna.uuid],
      });
      expect(res.json()).toEqual({ sent: 1 });
      const stranger = await createUser(db(), { organizationUuid: (await createOrganization(db())).uuid });
      expect(
        (await send('POST', '/api/organization-setup/registration-reminders', { userUuids: [stranger.uuid] }))
          .statusCode,
      ).toBe(404);
      expect(
        (await send('POST', '/api/organization-setup/registration-reminders', { userUuids: [] })).statusCode,
      ).toBe(400);
    });
  });
});
