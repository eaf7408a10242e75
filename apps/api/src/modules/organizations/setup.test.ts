import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, organizations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';

describe('organisation setup (device registration steps)', () => {
  let t: TestApp;
  let orgA: string;
  let orgB: string;
  const tokens = {} as Record<'ownerA' | 'ownerB' | 'regularA' | 'providerForA', string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.database.db;
    orgA = (await createOrganization(db)).uuid;
    orgB = (await createOrganization(db)).uuid;
    tokens.ownerA = await tokenFor(
      t.services,
      await createUser(db, { organizationUuid: orgA, role: 'it-owner' }),
    );
    tokens.ownerB = await tokenFor(
      t.services,
      await createUser(db, { organizationUuid: orgB, role: 'it-owner' }),
    );
    tokens.regularA = await tokenFor(
      t.services,
      await createUser(db, { organizationUuid: orgA, role: 'regular' }),
    );
    const provider = await createUser(db, { organizationUuid: orgB, role: 'equip-admin' });
    tokens.providerForA = await tokenFor(t.services, provider, orgA);
  });
  afterAll(() => t.app.close());

  const read = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/organization/setup', headers: bearer(token) });
  const change = (token: string | null, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/organization/setup',
      headers: token ? bearer(token) : {},
      payload: payload as object,
    });
  const rowOf = async (uuid: string) =>
    (await t.services.database.db.select().from(organizations).where(eq(organizations.uuid, uuid)))[0]!;

  it('starts with nothing skipped, skips a platform, records the test device once and logs each change', async () => {
    const fresh = await read(tokens.ownerA);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({
      startedAt: null,
      windowsRegistrationSkipped: false,
      macRegistrationSkipped: false,
      iosRegistrationSkipped: false,
      testDeviceRegistrationStartedAt: null,
      setupCompletedAt: null,
    });

    const skipped = await change(tokens.ownerA, { windowsRegistrationSkipped: true });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toMatchObject({ windowsRegistrationSkipped: true, macRegistrationSkipped: false });
    expect(skipped.json().startedAt).not.toBeNull();

    const started = await change(tokens.providerForA, { testDeviceRegistrationStarted: true });
    const startedAt = started.json().testDeviceRegistrationStartedAt as string;
    expect(Date.parse(startedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Starting again keeps the first time; the skipped platform stays skipped.
    const again = await change(tokens.ownerA, {
      testDeviceRegistrationStarted: true,
      iosRegistrationSkipped: true,
    });
    expect(again.json()).toMatchObject({
      testDeviceRegistrationStartedAt: startedAt,
      windowsRegistrationSkipped: true,
      iosRegistrationSkipped: true,
    });
    expect((await read(tokens.ownerA)).json()).toEqual(again.json());

    const undone = await change(tokens.ownerA, {
      windowsRegistrationSkipped: false,
      testDeviceRegistrationStarted: false,
    });
    expect(undone.json()).toMatchObject({
      windowsRegistrationSkipped: false,
      testDeviceRegistrationStartedAt: null,
    });

    const events = await t.services.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, orgA), eq(eventLog.type, 'ORGANIZATION_UPDATED')))
      .orderBy(eventLog.createdAt);
    expect(events).toHaveLength(4);
    expect(events.at(-1)!.data).toMatchObject({
      setup: { before: { windowsRegistrationSkipped: true }, after: { windowsRegistrationSkipped: false } },
    });
  });

  it('refuses bad input with the error payload and changes nothing', async () => {
    const before = await rowOf(orgA);
    for (const payload of [
      {},
      { windowsRegistrationSkipped: 'yes' },
      { linuxRegistrationSkipped: true },
      { testDeviceRegistrationStartedAt: '2026-01-01T00:00:00.000Z' },
      { setupCompletedAt: '2026-01-01T00:00:00.000Z' },
    ]) {
      const res = await change(tokens.ownerA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ location: 'body' });
    }
    const after = await rowOf(orgA);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(after.setupCompletedAt).toBeNull();
  });

  it('answers 401 without a token and 403 to regular users', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/organization/setup' })).statusCode).toBe(401);
    expect((await change(null, { macRegistrationSkipped: true })).statusCode).toBe(401);
    expect((await read(tokens.regularA)).statusCode).toBe(403);
    expect((await change(tokens.regularA, { macRegistrationSkipped: true })).statusCode).toBe(403);
    expect((await rowOf(orgA)).macRegistrationSkipped).toBe(false);
  });

  it("changes only the caller's own organisation", async () => {
    await change(tokens.ownerB, { macRegistrationSkipped: true, testDeviceRegistrationStarted: true });
    expect((await read(tokens.ownerB)).json()).toMatchObject({ macRegistrationSkipped: true });
    const a = (await read(tokens.ownerA)).json();
    expect(a).toMatchObject({ macRegistrationSkipped: false, testDeviceRegistrationStartedAt: null });
    expect((await rowOf(orgA)).macRegistrationSkipped).toBe(false);
  });
});
