import { randomUUID } from 'node:crypto';
import {
  HR_SYNC_MESSAGES,
  HR_SYNC_REASONS,
  type HrConflict,
  type HrConflictPage,
  type HrIntegration,
  type HrSyncPreview,
  type HrSyncRun,
  type HrSyncRunPage,
} from '@equip/domain/integrations';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, integrations, offboardings, onboardings, users } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokensOfRoles } from '../../test/factories.ts';
import { type PersonioFake, startPersonioFake } from '../../test/personio-fake.ts';

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/** `YYYY-MM-DD`, `days` from today. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('HR sync against the Personio fake (issue 30, item 2; decision 032)', { timeout: 90_000 }, () => {
  let t: TestApp;
  let app: App;
  let personio: PersonioFake;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let otherOwnerToken: string;

  const db = () => t.services.database.db;
  const send = (method: Method, url: string, payload?: unknown, token: string | null = ownerToken) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const people = (org = orgUuid) =>
    db()
      .select({
        uuid: users.uuid,
        email: users.email,
        firstName: users.firstName,
        department: users.department,
        position: users.position,
        employeeStatus: users.employeeStatus,
        lastDate: users.lastDate,
        source: users.source,
        hrExternalId: users.hrExternalId,
      })
      .from(users)
      .where(eq(users.organizationUuid, org));
  const personByEmail = async (email: string) => (await people()).find((p) => p.email === email);
  /** Queues a sync and waits for its run to end. */
  const syncNow = async (): Promise<HrSyncRun> => {
    const queued = await send('POST', '/api/integrations/personio/sync');
    expect(queued.statusCode, queued.body).toBe(202);
    const run = queued.json<HrSyncRun>();
    expect(run).toMatchObject({ status: 'queued', trigger: 'manual' });
    let done: HrSyncRun | undefined;
    await expect
      .poll(
        async () => {
          const page = (
            await send('GET', '/api/integrations/sync-runs?provider=personio')
          ).json<HrSyncRunPage>();
          done = page.items.find((r) => r.uuid === run.uuid);
          return done?.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toMatch(/succeeded|failed/);
    return done!;
  };

  beforeAll(async () => {
    personio = await startPersonioFake();
    t = await createTestApp({
      env: { HR_SANDBOX: 'false', HR_ALLOW_PRIVATE_SERVERS: 'true', HR_PERSONIO_URL: personio.url },
    });
    app = t.app;
    orgUuid = (await createOrganization(db(), `HR sync ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db())).uuid;
    ({ ownerToken, regularToken, otherOwnerToken } = await tokensOfRoles(t.services, orgUuid, otherOrgUuid));

    // A company of 103 on Personio: the fake's pages hold 100, so the sync crosses a page boundary.
    for (let i = 1; i <= 100; i++)
      personio.addEmployee({
        firstName: `Person${i}`,
        lastName: 'Staff',
        department: { id: 1, name: 'Engineering' },
        position: 'Engineer',
      });
    // A new hire who starts in two weeks, a leaver gone before the first sync, a person Equip has
    // already (matched by email), and one whose email another organisation's person uses.
    personio.addEmployee({ firstName: 'Nora', lastName: 'New', status: 'onboarding', hireDate: day(14) });
    personio.addEmployee({
      firstName: 'Lena',
      lastName: 'Left',
      status: 'inactive',
      terminationDate: day(-30),
    });
    personio.addEmployee({ firstName: 'Max', lastName: 'Known', position: 'Designer' });
    personio.addEmployee({ firstName: 'Olga', lastName: 'Taken' });
    await createUser(db(), {
      organizationUuid: orgUuid,
      email: 'max.known@demo.email',
      firstName: 'Max',
      lastName: 'Known',
    });
    await createUser(db(), { organizationUuid: otherOrgUuid, email: 'olga.taken@demo.email' });

    const connected = await send('PUT', '/api/integrations/personio', { ...personio.credentials });
    expect(connected.statusCode, connected.body).toBe(201);
  });
  afterAll(async () => {
    await app.close();
    await personio.close();
    await db()
      .delete(integrations)
      .where(inArray(integrations.organizationUuid, [orgUuid, otherOrgUuid]));
  });

  it('will not sync before the first sync was previewed (409), and the preview writes nothing', async () => {
    const early = await send('POST', '/api/integrations/personio/sync');
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].msg).toBe(HR_SYNC_MESSAGES.previewFirst);

    const before = (await people()).length;
    const res = await send('POST', '/api/integrations/personio/sync/preview');
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<HrSyncPreview>();
    expect(preview.setupStatus).toBe('FINAL_SYNC_PENDING');
    expect(preview.counts).toEqual({ created: 101, updated: 1, skipped: 1, conflicts: 1 });
    const byName = (name: string) => preview.entries.find((e) => e.name === name);
    expect(byName('Nora New')).toMatchObject({
      action: 'create',
      email: 'nora.new@demo.email',
      employeeUuid: null,
    });
    expect(byName('Lena Left')).toMatchObject({ action: 'skip', reason: HR_SYNC_REASONS.leftBeforeSync });
    expect(byName('Olga Taken')).toMatchObject({ action: 'conflict', reason: HR_SYNC_REASONS.emailInUse });
    expect(byName('Max Known')).toMatchObject({
      action: 'update',
      changes: expect.arrayContaining([{ field: 'position', before: null, after: 'Designer' }]),
    });
    // Read across Personio's page boundary: two pages of employees.
    expect(personio.requests.filter((r) => r.path === '/v1/company/employees').length).toBeGreaterThanOrEqual(
      2,
    );
    expect((await people()).length).toBe(before);
    const [row] = await db().select().from(integrations).where(eq(integrations.organizationUuid, orgUuid));
    expect(row!.setupStatus).toBe('FINAL_SYNC_PENDING');
  });

  it('runs the first sync on the job queue: new hires in onboarding, matches linked, conflicts listed, setup completed', async () => {
    const run = await syncNow();
    expect(run).toMatchObject({
      status: 'succeeded',
      created: 101,
      updated: 1,
      skipped: 1,
      conflicts: 1,
      error: null,
    });

    const nora = await personByEmail('nora.new@demo.email');
    expect(nora).toMatchObject({ employeeStatus: 'ONBOARDING', source: 'hris', firstName: 'Nora' });
    expect(await personByEmail('person100.staff@demo.email')).toMatchObject({
      employeeStatus: 'ACTIVE',
      department: 'Engineering',
      position: 'Engineer',
    });
    expect(await personByEmail('lena.left@demo.email')).toBeUndefined();
    expect(await personByEmail('olga.taken@demo.email')).toBeUndefined();
    const max = await personByEmail('max.known@demo.email');
    expect(max).toMatchObject({ position: 'Designer', source: 'equip' });
    expect(max!.hrExternalId).toMatch(/^personio:\d+$/);

    const added = await db()
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(
        and(
          eq(eventLog.organizationUuid, orgUuid),
          eq(eventLog.type, 'USER_ADDED'),
          eq(eventLog.subjectUuid, nora!.uuid),
        ),
      );
    expect(added).toEqual([{ data: expect.objectContaining({ email: 'nora.new@demo.email', via: 'hris' }) }]);

    const listed = (await send('GET', '/api/integrations')).json<{ items: HrIntegration[] }>().items[0]!;
    expect(listed).toMatchObject({
      setupStatus: 'COMPLETED',
      lastSync: { status: 'succeeded', created: 101, updated: 1, skipped: 1, conflicts: 1 },
      openConflicts: 1,
    });
    expect(listed.lastSyncedAt).not.toBeNull();

    const conflicts = (
      await send('GET', '/api/integrations/conflicts?provider=personio')
    ).json<HrConflictPage>();
    expect(conflicts.items).toEqual([
      expect.objectContaining({
        kind: 'EMAIL_IN_USE',
        field: 'email',
        hrValue: 'olga.taken@demo.email',
        name: 'Olga Taken',
        employeeUuid: null,
        resolution: null,
      }),
    ]);
  });

  it('applies changes since the last sync with before and after in the audit log, and offboards leavers', async () => {
    const now = new Date().toISOString();
    const changed = personio.employees.find((e) => e.firstName === 'Person1')!;
    changed.position = 'Staff Engineer';
    changed.lastModifiedAt = now;
    const leaving = personio.employees.find((e) => e.firstName === 'Person2')!;
    leaving.terminationDate = day(10);
    leaving.lastModifiedAt = now;
    const requestsBefore = personio.requests.length;

    const run = await syncNow();
    expect(run).toMatchObject({ status: 'succeeded', created: 0, updated: 2, conflicts: 0 });
    // Only the changes were read (updated_since), one page.
    const reads = personio.requests.slice(requestsBefore).filter((r) => r.path === '/v1/company/employees');
    expect(reads.length).toBe(1);

    const person1 = await personByEmail('person1.staff@demo.email');
    expect(person1!.position).toBe('Staff Engineer');
    const [updated] = await db()
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.type, 'USER_UPDATED'), eq(eventLog.subjectUuid, person1!.uuid)));
    expect(updated!.data).toEqual({
      before: { position: 'Engineer' },
      after: { position: 'Staff Engineer' },
      via: 'hris',
    });
    expect(await personByEmail('person2.staff@demo.email')).toMatchObject({
      employeeStatus: 'OFFBOARDING',
      lastDate: day(10),
    });
    expect(run.entries.map((e) => [e.name, e.action])).toEqual(
      expect.arrayContaining([
        ['Person1 Staff', 'update'],
        ['Person2 Staff', 'offboard'],
      ]),
    );
  });

  it('writes a draft onboarding for a new hire and a draft offboarding for a leaver, once; a new start date updates the draft', async () => {
    const nora = (await personByEmail('nora.new@demo.email'))!;
    const person2 = (await personByEmail('person2.staff@demo.email'))!;
    const person1 = (await personByEmail('person1.staff@demo.email'))!;
    const onboardingsOf = (uuid: string) =>
      db().select().from(onboardings).where(eq(onboardings.userUuid, uuid));
    const offboardingsOf = (uuid: string) =>
      db().select().from(offboardings).where(eq(offboardings.userUuid, uuid));

    // The first sync's new hire: a draft from Personio with the start date and the HR data.
    const [noraDraft, ...noraMore] = await onboardingsOf(nora.uuid);
    expect(noraMore).toEqual([]);
    expect(noraDraft).toMatchObject({
      organizationUuid: orgUuid,
      draft: true,
      origin: 'hris',
      originProvider: 'personio',
      startDate: new Date(`${day(14)}T00:00:00.000Z`),
    });
    expect(noraDraft!.submission).toMatchObject({
      userUuid: nora.uuid,
      startDate: `${day(14)}T00:00:00.000Z`,
      workEmail: 'nora.new@demo.email',
      hr: {
        provider: 'personio',
        firstName: 'Nora',
        lastName: 'New',
        startDate: day(14),
        status: 'onboarding',
      },
    });
    // The last sync's leaver: a draft offboarding whose last day is the HR end date.
    expect(await offboardingsOf(person2.uuid)).toEqual([
      expect.objectContaining({
        draft: true,
        origin: 'hris',
        originProvider: 'personio',
        lastDayOfWork: day(10),
        status: 'started',
        submission: expect.objectContaining({ userUuid: person2.uuid, lastDayOfWork: day(10) }),
      }),
    ]);
    // The existing staff brought in as active have none.
    expect(await onboardingsOf(person1.uuid)).toEqual([]);
    expect(await offboardingsOf(person1.uuid)).toEqual([]);

    // The employees table marks them in its onboarding and offboarding views.
    const onboardingView = (await send('GET', '/api/employees?view=onboarding&take=500')).json<{
      items: { uuid: string; flowDraft: unknown }[];
    }>();
    expect(onboardingView.items.find((e) => e.uuid === nora.uuid)!.flowDraft).toEqual({
      kind: 'onboarding',
      origin: 'hris',
      provider: 'personio',
    });
    const offboardingView = (await send('GET', '/api/employees?view=offboarding&take=500')).json<{
      items: { uuid: string; flowDraft: unknown }[];
    }>();
    expect(offboardingView.items.find((e) => e.uuid === person2.uuid)!.flowDraft).toEqual({
      kind: 'offboarding',
      origin: 'hris',
      provider: 'personio',
    });

    // Nora's start moves a week; Person2's end date too. Synced twice: each draft updated, never doubled.
    const now = new Date().toISOString();
    const hrNora = personio.employees.find((e) => e.firstName === 'Nora')!;
    hrNora.hireDate = day(21);
    hrNora.lastModifiedAt = now;
    const hrPerson2 = personio.employees.find((e) => e.firstName === 'Person2')!;
    hrPerson2.terminationDate = day(12);
    hrPerson2.lastModifiedAt = now;
    expect((await syncNow()).status).toBe('succeeded');
    // A full read as well: everyone compared again, the drafts as they are.
    await db()
      .update(integrations)
      .set({ syncCursor: null })
      .where(eq(integrations.organizationUuid, orgUuid));
    expect((await syncNow()).status).toBe('succeeded');

    const [moved, ...again] = await onboardingsOf(nora.uuid);
    expect(again).toEqual([]);
    expect(moved).toMatchObject({
      uuid: noraDraft!.uuid,
      draft: true,
      startDate: new Date(`${day(21)}T00:00:00.000Z`),
    });
    expect(moved!.submission).toMatchObject({
      startDate: `${day(21)}T00:00:00.000Z`,
      hr: { startDate: day(21) },
    });
    expect((await personByEmail('nora.new@demo.email'))!.employeeStatus).toBe('ONBOARDING');
    const leaverDrafts = await offboardingsOf(person2.uuid);
    expect(leaverDrafts).toHaveLength(1);
    expect(leaverDrafts[0]).toMatchObject({ draft: true, lastDayOfWork: day(12) });
    // Nobody else got a draft from the full read.
    const drafts = await db()
      .select({ userUuid: onboardings.userUuid })
      .from(onboardings)
      .where(eq(onboardings.organizationUuid, orgUuid));
    expect(drafts.map((d) => d.userUuid)).toEqual([nora.uuid]);
  });

  it('lists a field edited in Equip after the HR change as a conflict; keep Equip is not asked again, keep HR applies it', async () => {
    const p3 = (await personByEmail('person3.staff@demo.email'))!;
    const p4 = (await personByEmail('person4.staff@demo.email'))!;
    // The HR system changed them an hour ago; a person edited them in Equip since.
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    for (const [uuid, department] of [
      [p3.uuid, 'Platform'],
      [p4.uuid, 'Support'],
    ] as const) {
      const edit = await send('PATCH', `/api/employees/${uuid}`, { department });
      expect(edit.statusCode, edit.body).toBe(200);
    }
    for (const name of ['Person3', 'Person4']) {
      const e = personio.employees.find((x) => x.firstName === name)!;
      e.department = { id: 2, name: 'Sales' };
      e.lastModifiedAt = anHourAgo;
    }
    // updated_since is the last sync's start: an hour ago is before it, so read everyone again.
    await db()
      .update(integrations)
      .set({ syncCursor: null })
      .where(eq(integrations.organizationUuid, orgUuid));

    const run = await syncNow();
    // The two edits, and Olga's email again (a full read).
    expect(run).toMatchObject({ status: 'succeeded', conflicts: 3, created: 0 });
    expect((await personByEmail('person3.staff@demo.email'))!.department).toBe('Platform');
    const open = (await send('GET', '/api/integrations/conflicts?provider=personio')).json<HrConflictPage>()
      .items;
    const c3 = open.find((c) => c.employeeUuid === p3.uuid)!;
    const c4 = open.find((c) => c.employeeUuid === p4.uuid)!;
    expect(c3).toMatchObject({
      kind: 'EDITED_IN_EQUIP',
      field: 'department',
      hrValue: 'Sales',
      equipValue: 'Platform',
    });

    const keepEquip = await send('POST', `/api/integrations/conflicts/${c3.uuid}/resolve`, {
      keep: 'EQUIP',
    });
    expect(keepEquip.statusCode, keepEquip.body).toBe(200);
    expect(keepEquip.json<HrConflict>()).toMatchObject({ resolution: 'EQUIP' });
    const keepHr = await send('POST', `/api/integrations/conflicts/${c4.uuid}/resolve`, {
      keep: 'HR',
    });
    expect(keepHr.statusCode, keepHr.body).toBe(200);
    expect((await personByEmail('person4.staff@demo.email'))!.department).toBe('Sales');
    const again = await send('POST', `/api/integrations/conflicts/${c4.uuid}/resolve`, {
      keep: 'HR',
    });
    expect(again.statusCode).toBe(409);

    // A full read again: the kept value is not a conflict any more.
    await db()
      .update(integrations)
      .set({ syncCursor: null })
      .where(eq(integrations.organizationUuid, orgUuid));
    const next = await syncNow();
    expect(next.conflicts).toBe(1); // Olga's email only
    expect((await personByEmail('person3.staff@demo.email'))!.department).toBe('Platform');
  });

  it('records a run that could not read the HR system (a 500) as failed with the reason, writing nothing', async () => {
    const before = (await people()).length;
    personio.failNext(500, { path: '/v1/company/employees' });
    const run = await syncNow();
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^The HR system answered with an error; try again later/);
    expect((await people()).length).toBe(before);
  });

  it('stores the HR language and the field mapping; a field mapped to nothing is left to Equip', async () => {
    const res = await send('PATCH', '/api/integrations/personio/settings', {
      language: 'de',
      fieldMapping: { position: null, phone: 'phone' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      language: 'de',
      fieldMapping: { position: null, email: 'email', department: 'department' },
    });
    const bad = await send('PATCH', '/api/integrations/personio/settings', { fieldMapping: { email: null } });
    expect(bad.statusCode).toBe(400);
    const empty = await send('PATCH', '/api/integrations/personio/settings', {});
    expect(empty.json()).toMatchObject({ language: 'de', fieldMapping: { position: null } });
    const unknown = await send('PATCH', '/api/integrations/personio/settings', { language: 'xx' });
    expect(unknown.statusCode).toBe(400);
    const [row] = await db().select().from(integrations).where(eq(integrations.organizationUuid, orgUuid));
    expect(row!.language).toBe('de');
  });

  describe('guards', () => {
    const routes: [Method, string, unknown?][] = [
      ['PATCH', '/api/integrations/personio/settings', { language: 'en' }],
      ['POST', '/api/integrations/personio/sync/preview'],
      ['POST', '/api/integrations/personio/sync'],
      ['GET', '/api/integrations/sync-runs?provider=personio'],
      ['GET', '/api/integrations/conflicts?provider=personio'],
      ['POST', `/api/integrations/conflicts/${randomUUID()}/resolve`, { keep: 'HR' }],
    ];

    it.each(routes)('%s %s: 401 without a token, 403 for a regular user', async (method, url, body) => {
      expect((await send(method, url, body, null)).statusCode).toBe(401);
      expect((await send(method, url, body, regularToken)).statusCode).toBe(403);
    });

    it.each(routes.filter(([, url]) => !url.includes('?')))(
      "%s %s: another organisation's IT owner finds no integration or conflict (404)",
      async (method, url, body) => {
        const res = await send(method, url, body, otherOwnerToken);
        expect(res.statusCode, res.body).toBe(404);
      },
    );

    it("cannot resolve another organisation's conflict, nor list it", async () => {
      const [open] = (
        await send('GET', '/api/integrations/conflicts?provider=personio')
      ).json<HrConflictPage>().items;
      expect(open).toBeDefined();
      await t.services.database.db
        .insert(integrations)
        .values({ organizationUuid: otherOrgUuid, provider: 'personio', setupStatus: 'COMPLETED' })
        .onConflictDoNothing();
      const res = await send(
        'POST',
        `/api/integrations/conflicts/${open!.uuid}/resolve`,
        { keep: 'EQUIP' },
        otherOwnerToken,
      );
      expect(res.statusCode).toBe(404);
      const listed = (
        await send('GET', '/api/integrations/conflicts?provider=personio', undefined, otherOwnerToken)
      ).json<HrConflictPage>();
      expect(listed.items).toEqual([]);
      const runs = (
        await send('GET', '/api/integrations/sync-runs?provider=personio', undefined, otherOwnerToken)
      ).json<HrSyncRunPage>();
      expect(runs.items).toEqual([]);
    });

    it('answers bad input with the error payload, changing nothing', async () => {
      const [open] = (
        await send('GET', '/api/integrations/conflicts?provider=personio')
      ).json<HrConflictPage>().items;
      const bad = await send('POST', `/api/integrations/conflicts/${open!.uuid}/resolve`, {
        keep: 'BOTH',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ location: 'body' });
      const stillOpen = (
        await send('GET', '/api/integrations/conflicts?provider=personio')
      ).json<HrConflictPage>().items;
      expect(stillOpen.map((c) => c.uuid)).toContain(open!.uuid);
      expect(
        (await send('POST', '/api/integrations/conflicts/not-a-uuid/resolve', { keep: 'HR' })).statusCode,
      ).toBe(400);
      expect((await send('GET', '/api/integrations/sync-runs?take=0')).statusCode).toBe(400);
      expect((await send('POST', '/api/integrations/nonsense/sync')).statusCode).toBe(404);
    });
  });
});
