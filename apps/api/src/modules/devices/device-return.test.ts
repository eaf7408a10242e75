import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceCounts, devices, eventLog, oneTimeTokens, users } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { startSmtpPeer } from '../../test/smtp.ts';

const RESET_NEEDS_CODE = 'code is required if any device has triggerReset: true';

describe('device return (SPEC §5)', () => {
  let t: TestApp;
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let orgUuid: string;
  let otherOrgUuid: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let ownerToken: string;
  let regularToken: string;
  let anna: Awaited<ReturnType<typeof createUser>>;
  let strangerDevice: string;
  /** The organisation's devices, fresh for each test: laptop (Anna's), phone (shared), tablet (in stock). */
  let laptop: string;
  let phone: string;
  let tablet: string;

  const db = () => t.services.database.db;
  const post = (url: string, payload?: unknown, token: string | null = ownerToken) =>
    app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as never });
  const giveBack = (payload: unknown, token: string | null = ownerToken) =>
    post('/api/devices/return', payload, token);

  /** Everything a return may change in either organisation: devices, events, counts and Anna's count. */
  const snapshot = async () => ({
    devices: await db()
      .select({
        uuid: devices.uuid,
        status: devices.status,
        assignmentType: devices.assignmentType,
        assignedToUuid: devices.assignedToUuid,
        assigneeFirstName: devices.assigneeFirstName,
      })
      .from(devices)
      .where(inArray(devices.organizationUuid, [orgUuid, otherOrgUuid]))
      .orderBy(asc(devices.uuid)),
    events: (
      await db()
        .select({ n: sql<number>`count(*)::integer` })
        .from(eventLog)
        .where(inArray(eventLog.organizationUuid, [orgUuid, otherOrgUuid]))
    )[0]!.n,
    counts: await db()
      .select()
      .from(deviceCounts)
      .where(eq(deviceCounts.organizationUuid, orgUuid))
      .orderBy(asc(deviceCounts.status), asc(deviceCounts.assignmentType), asc(deviceCounts.type)),
    annasDevices: (await db().select().from(users).where(eq(users.uuid, anna.uuid)))[0]!.devicesAssigned,
  });

  /** Mails the owner a code and reads it from the mail that arrives. */
  async function mailedCode(token = ownerToken, email = owner.email): Promise<string> {
    const before = smtp.received.length;
    const res = await post('/api/devices/return-code', undefined, token);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const mail = await smtp.waitFor(email, (m) => smtp.received.indexOf(m) >= before);
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  }

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `Returns ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Other ${randomUUID().slice(0, 6)}`)).uuid;
    owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner', firstName: 'Olga' });
    ownerToken = await tokenFor(t.services, owner);
    anna = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Anna', lastName: 'Ågren' });
    regularToken = await tokenFor(t.services, anna);
    const [other] = await db()
      .insert(devices)
      .values({
        organizationUuid: otherOrgUuid,
        name: 'Other MacBook',
        type: 'COMPUTER',
        os: 'MACOS',
        status: 'active',
        assignmentType: 'SHARED',
      })
      .returning();
    strangerDevice = other!.uuid;
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  beforeEach(async () => {
    const rows = await db()
      .insert(devices)
      .values([
        {
          organizationUuid: orgUuid,
          name: 'Laptop',
          type: 'COMPUTER',
          os: 'MACOS',
          status: 'active',
          // Managed and enrolled: it can take a reset (the MDM sandbox carries it out).
          mdmProvider: 'JAMF',
          enrollmentState: 'ENROLLED',
          assignmentType: 'ASSIGNED',
          assignedToUuid: anna.uuid,
        },
        {
          organizationUuid: orgUuid,
          name: 'Phone',
          type: 'PHONE',
          os: 'IOS',
          status: 'inactive',
          assignmentType: 'SHARED',
        },
        { organizationUuid: orgUuid, name: 'Tablet', type: 'TABLET', os: 'IOS', status: 'in-stock' },
      ])
      .returning({ uuid: devices.uuid });
    [laptop, phone, tablet] = rows.map((r) => r.uuid) as [string, string, string];
  });

  const deviceRow = async (uuid: string) =>
    (await db().select().from(devices).where(eq(devices.uuid, uuid)))[0]!;
  const eventsAbout = (uuid: string) =>
    db()
      .select({ type: eventLog.type, actorUuid: eventLog.actorUuid, data: eventLog.data })
      .from(eventLog)
      .where(eq(eventLog.subjectUuid, uuid))
      .orderBy(asc(eventLog.type));

  it('takes devices back to stock, unassigned, without a code when none is reset', async () => {
    const res = await giveBack({
      devices: [{ deviceUuid: laptop }, { deviceUuid: phone, triggerReset: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ returned: 2, resetsSent: 0 });
    for (const uuid of [laptop, phone]) {
      expect(await deviceRow(uuid)).toMatchObject({
        status: 'in-stock',
        assignmentType: 'UNASSIGNED',
        assignedToUuid: null,
        assigneeFirstName: null,
        assigneeLastName: null,
      });
    }
    // The unassign path: the assignee's count and the organisation's summary follow.
    const [annaNow] = await db().select().from(users).where(eq(users.uuid, anna.uuid));
    expect(annaNow!.devicesAssigned).toBe(0);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/devices/${laptop}`,
      headers: bearer(ownerToken),
    });
    expect(detail.json()).toMatchObject({
      status: 'in-stock',
      assignmentType: 'UNASSIGNED',
      assignedTo: null,
    });
    expect(await eventsAbout(laptop)).toEqual([
      {
        type: 'DEVICE_RETURNED',
        actorUuid: owner.uuid,
        data: { name: 'Laptop', triggerReset: false, previousStatus: 'active' },
      },
      {
        type: 'DEVICE_UNASSIGNED',
        actorUuid: owner.uuid,
        data: expect.objectContaining({
          previousAssignmentType: 'ASSIGNED',
          previousEmployeeUuid: anna.uuid,
        }),
      },
    ]);
    expect((await eventsAbout(phone)).map((e) => e.type)).toEqual(['DEVICE_RETURNED', 'DEVICE_UNASSIGNED']);
    const counted = await db()
      .select({ n: sql<number>`coalesce(sum(${deviceCounts.count}), 0)::integer` })
      .from(deviceCounts)
      .where(and(eq(deviceCounts.organizationUuid, orgUuid), eq(deviceCounts.status, 'in-stock')));
    const inStock = await db()
      .select({ uuid: devices.uuid })
      .from(devices)
      .where(and(eq(devices.organizationUuid, orgUuid), eq(devices.status, 'in-stock')));
    expect(Number(counted[0]!.n)).toBe(inStock.length);
    // The history shows the return.
    const history = await app.inject({
      method: 'GET',
      url: `/api/devices/${laptop}/history`,
      headers: bearer(ownerToken),
    });
    expect(history.json().items.map((e: { type: string }) => e.type)).toContain('DEVICE_RETURNED');
  });

  it('returns a device in stock and one named twice once, logging only the return', async () => {
    const res = await giveBack({ devices: [{ deviceUuid: tablet }, { deviceUuid: tablet }] });
    expect(res.json()).toEqual({ returned: 1, resetsSent: 0 });
    expect((await eventsAbout(tablet)).map((e) => e.type)).toEqual(['DEVICE_RETURNED']);
  });

  it('refuses a reset without a code with the SPEC message, changing nothing', async () => {
    const before = await snapshot();
    const res = await giveBack({
      devices: [{ deviceUuid: laptop }, { deviceUuid: phone, triggerReset: true }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: RESET_NEEDS_CODE, location: 'body', path: ['code'] });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with 400 at the field', async () => {
    for (const body of [{ devices: [] }, { devices: [{ deviceUuid: 'nope' }] }, {}]) {
      const res = await giveBack(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].location).toBe('body');
    }
  });

  it('refuses a wrong code with 400 at code, changing nothing', async () => {
    const code = await mailedCode();
    const before = await snapshot();
    const res = await giveBack({
      devices: [{ deviceUuid: laptop, triggerReset: true }],
      code: code === '000000' ? '111111' : '000000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      msg: 'The code is not valid',
      location: 'body',
      param: 'code',
      path: ['code'],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a code without any mailed, or another admin’s code', async () => {
    const colleague = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
    const colleagueToken = await tokenFor(t.services, colleague);
    const code = await mailedCode();
    const before = await snapshot();
    const res = await giveBack(
      { devices: [{ deviceUuid: laptop, triggerReset: true }], code },
      colleagueToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe('The code is not valid');
    expect(await snapshot()).toEqual(before);
    // The owner's code still works.
    expect((await giveBack({ devices: [{ deviceUuid: laptop, triggerReset: true }], code })).statusCode).toBe(
      200,
    );
  });

  it('returns and resets with the mailed code, once: stored hashed, single use', async () => {
    const code = await mailedCode();
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await db()
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userUuid, owner.uuid), eq(oneTimeTokens.purpose, 'device-return-code')))
      .orderBy(sql`${oneTimeTokens.createdAt} desc`)
      .limit(1);
    expect(stored!.usedAt).toBeNull();
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);
    const minutes = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10.01);

    const res = await giveBack({
      devices: [{ deviceUuid: laptop, triggerReset: true }, { deviceUuid: phone }],
      code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ returned: 2, resetsSent: 1 });
    expect(await deviceRow(laptop)).toMatchObject({
      status: 'in-stock',
      assignmentType: 'UNASSIGNED',
      assignedToUuid: null,
    });
    expect(await deviceRow(phone)).toMatchObject({ status: 'in-stock', assignmentType: 'UNASSIGNED' });
    const returned = async (uuid: string) =>
      (await eventsAbout(uuid)).find((e) => e.type === 'DEVICE_RETURNED');
    expect((await returned(laptop))!.data).toMatchObject({ triggerReset: true, resetQueued: true });
    expect((await returned(phone))!.data).toMatchObject({ triggerReset: false });

    // Single use: the same code again is refused and changes nothing.
    const before = await snapshot();
    const again = await giveBack({ devices: [{ deviceUuid: tablet, triggerReset: true }], code });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ msg: 'The code is not valid', path: ['code'] });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a reset a device cannot take (not managed), changing nothing and keeping the code', async () => {
    const code = await mailedCode();
    const before = await snapshot();
    const res = await giveBack({
      devices: [
        { deviceUuid: laptop, triggerReset: true },
        { deviceUuid: tablet, triggerReset: true },
      ],
      code,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toEqual([
      {
        msg: 'The device is not managed by an MDM provider, so it cannot be reset. Return it without a reset and erase it by hand.',
        errorType: 'Conflict',
        errorCode: 409,
        location: 'body',
        param: 'devices.1.triggerReset',
        path: ['devices', 1, 'triggerReset'],
      },
    ]);
    expect(await snapshot()).toEqual(before);
    // The code was not spent on the refused return: the same code takes the tablet back unreset.
    const again = await giveBack({
      devices: [{ deviceUuid: laptop, triggerReset: true }, { deviceUuid: tablet }],
      code,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ returned: 2, resetsSent: 1 });
  });

  it('retires an earlier code when a new one is mailed, and a code after five wrong tries', async () => {
    const first = await mailedCode();
    const second = await mailedCode();
    if (first !== second) {
      const old = await giveBack({ devices: [{ deviceUuid: laptop, triggerReset: true }], code: first });
      expect(old.statusCode).toBe(400);
    }
    const wrong = second === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect(
        (await giveBack({ devices: [{ deviceUuid: laptop, triggerReset: true }], code: wrong })).statusCode,
      ).toBe(400);
    const late = await giveBack({ devices: [{ deviceUuid: laptop, triggerReset: true }], code: second });
    expect(late.statusCode).toBe(400);
    expect((await deviceRow(laptop)).status).toBe('active');
  });

  it('mails the code in the admin’s language', async () => {
    const german = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
    await db().update(users).set({ locale: 'de' }).where(eq(users.uuid, german.uuid));
    const res = await post('/api/devices/return-code', undefined, await tokenFor(t.services, german));
    expect(res.statusCode).toBe(204);
    const mail = await smtp.waitFor(german.email);
    expect(mail.subject).toBe('Ihr Equip-Bestätigungscode');
    expect(mail.text).toMatch(/Rückgabe von Geräten mit Zurücksetzen:\n\n\d{6}\n/);
    expect(mail.text).toContain('10 Minuten');
    const english = smtp.received.find((m) => m.to.includes(owner.email.toLowerCase()));
    expect(english!.subject).toBe('Your Equip confirmation code');
    expect(english!.text).toMatch(/return of devices with a reset:\n\n\d{6}\n/);
  });

  it('limits the codes mailed to one admin to 10 an hour', async () => {
    const busy = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
    const token = await tokenFor(t.services, busy);
    for (let i = 0; i < 10; i++)
      expect((await post('/api/devices/return-code', undefined, token)).statusCode).toBe(204);
    const refused = await post('/api/devices/return-code', undefined, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it("answers 404 for another organisation's device, naming nothing of it, and changes nothing", async () => {
    const before = await snapshot();
    const res = await giveBack({ devices: [{ deviceUuid: laptop }, { deviceUuid: strangerDevice }] });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toMatchObject({
      msg: 'Device not found',
      path: ['devices', 1, 'deviceUuid'],
    });
    expect(res.body).not.toContain(strangerDevice);
    expect(res.body).not.toContain('Other MacBook');
    expect((await giveBack({ devices: [{ deviceUuid: randomUUID() }] })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    // With a reset and a valid code: still nothing changes, and the code is not spent.
    const code = await mailedCode();
    const withCode = await giveBack({
      devices: [{ deviceUuid: laptop, triggerReset: true }, { deviceUuid: strangerDevice }],
      code,
    });
    expect(withCode.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    const retry = await giveBack({ devices: [{ deviceUuid: laptop, triggerReset: true }], code });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('is for administrators: 401 without a token, 403 for regular users, on both routes', async () => {
    const before = await snapshot();
    const body = { devices: [{ deviceUuid: laptop }] };
    for (const url of ['/api/devices/return-code', '/api/devices/return']) {
      const none = await post(url, body, null);
      expect(none.statusCode, url).toBe(401);
      expect(none.json().errors[0].errorType).toBe('Unauthorized');
      const regular = await post(url, body, regularToken);
      expect(regular.statusCode, url).toBe(403);
      expect(regular.json().errors[0].errorType).toBe('Forbidden');
    }
    expect(await snapshot()).toEqual(before);
  });
});
