import { randomUUID } from 'node:crypto';
import { MAX_REMINDERS_PER_VIEW, type RegistrationReminderPage } from '@equip/domain/employees';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, eventLog, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokensOfRoles } from '../../test/factories.ts';

/**
 * The organisation setup's registration reminders as a server list: people at work or starting who hold
 * no enrolled device, by view, sorted and paged by the server with the total; and reminders for the
 * people chosen or for everyone a view lists.
 */
describe('registration reminders', () => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof tokensOfRoles>>;
  let orgUuid: string;
  const PATH = '/api/organization-setup/registration-reminders';

  const db = () => t.services.database.db;
  const get = (query = '', token = tokens.ownerToken) =>
    t.app.inject({ method: 'GET', url: `${PATH}?${query}`, headers: bearer(token) });
  const page = async (query = '') => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RegistrationReminderPage>();
  };
  const post = (payload: object, token = tokens.ownerToken) =>
    t.app.inject({ method: 'POST', url: PATH, headers: bearer(token), payload });
  const lastNames = (p: RegistrationReminderPage) => p.items.map((person) => person.lastName);
  const remindersTo = async (uuids: string[]) =>
    (
      await db()
        .select({ subject: eventLog.subjectUuid })
        .from(eventLog)
        .where(
          and(eq(eventLog.type, 'DEVICE_REGISTRATION_REMINDER_SENT'), inArray(eventLog.subjectUuid, uuids)),
        )
    ).map((row) => row.subject);

  beforeAll(async () => {
    t = await createTestApp();
    orgUuid = (await createOrganization(db())).uuid;
    const other = await createOrganization(db());
    tokens = await tokensOfRoles(t.services, orgUuid, other.uuid, { lastName: 'Owner' });
    // The owner and the regular user hold an enrolled device each: not listed.
    const [regular] = await db()
      .select({ uuid: users.uuid })
      .from(users)
      .where(and(eq(users.organizationUuid, orgUuid), eq(users.role, 'regular')));
    const person = (lastName: string, values: Partial<typeof users.$inferInsert> = {}) =>
      db()
        .insert(users)
        .values({
          organizationUuid: orgUuid,
          email: `${lastName.toLowerCase()}-${randomUUID().slice(0, 6)}@reminders.test`,
          firstName: 'Test',
          lastName,
          ...values,
        })
        .returning({ uuid: users.uuid })
        .then(([row]) => row!.uuid);
    await person('Adams', { department: 'Sales', startDate: '2024-03-01' });
    await person('Ågren', { department: 'Engineering', startDate: '2023-01-01' });
    await person('Young', { employeeStatus: 'ONBOARDING', startDate: '2026-09-01' });
    await person('Leaving', { employeeStatus: 'OFFBOARDING' });
    await person('Gone', { employeeStatus: 'INACTIVE' });
    await person('Removed', { deletedAt: new Date() });
    const pending = await person('Pending');
    await db()
      .insert(devices)
      .values([
        ...[tokens.owner.uuid, regular!.uuid].map((uuid) => ({
          organizationUuid: orgUuid,
          name: `Enrolled ${uuid.slice(0, 6)}`,
          type: 'COMPUTER' as const,
          os: 'MACOS' as const,
          assignmentType: 'ASSIGNED' as const,
          assignedToUuid: uuid,
          enrollmentState: 'ENROLLED' as const,
        })),
        // A device not enrolled yet does not count.
        {
          organizationUuid: orgUuid,
          name: 'Waiting Mac',
          type: 'COMPUTER',
          os: 'MACOS',
          assignmentType: 'ASSIGNED',
          assignedToUuid: pending,
          enrollmentState: 'PENDING_ENROLLMENT',
        },
      ]);
    // Another organisation's person without a device.
    await createUser(db(), { organizationUuid: other.uuid, lastName: 'Stranger' });
  });
  afterAll(() => t.app.close());

  it('lists the people at work or starting who hold no enrolled device, by name, with the total', async () => {
    const all = await page();
    expect(lastNames(all)).toEqual(['Adams', 'Ågren', 'Pending', 'Young']);
    expect(all.total).toBe(4);
    expect(all.items[0]).toEqual({
      uuid: expect.any(String),
      firstName: 'Test',
      lastName: 'Adams',
      email: expect.stringMatching(/^adams-.*@reminders\.test$/),
      department: 'Sales',
      startDate: '2024-03-01',
      employeeStatus: 'ACTIVE',
    });
  });

  it('narrows by view, sorts and pages on the server', async () => {
    expect(lastNames(await page('view=active'))).toEqual(['Adams', 'Ågren', 'Pending']);
    expect(lastNames(await page('view=onboarding'))).toEqual(['Young']);
    // Latest first; no start date comes last either way.
    expect(lastNames(await page('sortingKey=startDate&sortingDirection=desc'))).toEqual([
      'Young',
      'Adams',
      'Ågren',
      'Pending',
    ]);
    expect(lastNames(await page('sortingKey=department'))).toEqual(['Ågren', 'Adams', 'Pending', 'Young']);
    const first = await page('take=2');
    expect(lastNames(first)).toEqual(['Adams', 'Ågren']);
    expect(first.total).toBe(4);
    expect(lastNames(await page(`take=2&cursor=${first.nextCursor}`))).toEqual(['Pending', 'Young']);
  });

  it('reminds everyone a view lists, and only them', async () => {
    const onboarding = (await page('view=onboarding')).items.map((p) => p.uuid);
    const res = await post({ view: 'onboarding' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 1 });
    expect(await remindersTo(onboarding)).toEqual(onboarding);
    // Another organisation's owner reminds their own people (themselves and Stranger): none of ours.
    const active = (await page('view=active')).items.map((p) => p.uuid);
    const theirs = await post({ view: 'active' }, tokens.otherOwnerToken);
    expect(theirs.json()).toEqual({ sent: 2 });
    expect(await remindersTo(active)).toEqual([]);
  });

  it('refuses bad input with a 400 at the field, reminding nobody', async () => {
    for (const [query, param] of [
      ['view=everyone', 'view'],
      ['sortingKey=phone', 'sortingKey'],
      ['take=501', 'take'],
      ['sortingKey=department&cursor=abc', 'cursor'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toMatchObject({ location: 'query', param });
    }
    const everyone = (await page()).items.map((p) => p.uuid);
    for (const payload of [{}, { view: 'all', userUuids: [everyone[0]] }, { view: 'everyone' }]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0].location).toBe('body');
    }
    expect(await remindersTo(everyone.filter((uuid) => uuid !== everyone[3]))).toEqual([]);
  });

  it('reminds a whole view of at most 5,000 people, else nobody, with a 400 at the view', async () => {
    const big = await createOrganization(db());
    const bigTokens = await tokensOfRoles(t.services, big.uuid, orgUuid);
    const tag = randomUUID().slice(0, 6);
    await db()
      .insert(users)
      .values(
        Array.from({ length: MAX_REMINDERS_PER_VIEW }, (_, i) => ({
          organizationUuid: big.uuid,
          email: `many-${i}-${tag}@reminders.test`,
          firstName: 'Many',
          lastName: `Person ${i}`,
        })),
      );
    // The owner and the regular user make it 5,002.
    const res = await post({ view: 'all' }, bigTokens.ownerToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ location: 'body', param: 'view' });
    const sent = await db()
      .select({ uuid: eventLog.uuid })
      .from(eventLog)
      .where(
        and(eq(eventLog.organizationUuid, big.uuid), eq(eventLog.type, 'DEVICE_REGISTRATION_REMINDER_SENT')),
      );
    expect(sent).toEqual([]);
    // Writing 5,000 people took 3.7 s on PGlite on a busy 2-core machine.
  }, 30_000);

  it('is for administrators of the organisation: 401 without a token, 403 to a regular user', async () => {
    expect((await t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: PATH, payload: { view: 'all' } })).statusCode).toBe(
      401,
    );
    expect((await get('', tokens.regularToken)).statusCode).toBe(403);
    expect((await post({ view: 'all' }, tokens.regularToken)).statusCode).toBe(403);
    // Another organisation's owner sees only their own people: themselves and Stranger.
    const theirs = (await get('', tokens.otherOwnerToken)).json<RegistrationReminderPage>();
    expect(theirs.total).toBe(2);
    expect(lastNames(theirs)).toContain('Stranger');
  });
});
