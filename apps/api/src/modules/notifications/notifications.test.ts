import { randomUUID } from 'node:crypto';
import type { NotificationPage } from '@equip/domain/notification-api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, notifications } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { logEvent } from '../audit-log/index.ts';

describe('notifications', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let otherOrgUuid: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let secondOwner: Awaited<ReturnType<typeof createUser>>;
  let regular: Awaited<ReturnType<typeof createUser>>;
  let stranger: Awaited<ReturnType<typeof createUser>>;
  let ownerToken: string;
  let secondOwnerToken: string;
  let regularToken: string;
  let strangerToken: string;
  let adminToken: string;

  const db = () => t.services.database.db;
  const get = (url: string, token = ownerToken) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token = ownerToken) =>
    app.inject({ method: 'POST', url, headers: bearer(token) });
  const panel = async (token = ownerToken, query = ''): Promise<NotificationPage> => {
    const res = await get(`/api/notifications${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const importCsv = (csv: string, token = ownerToken) =>
    app.inject({
      method: 'POST',
      url: '/api/employees/import',
      headers: { ...bearer(token), 'content-type': 'text/csv', 'x-file-name': 'people.csv' },
      payload: csv,
    });
  /** A notification told apart by its count (notifications hold data, no text). */
  const message = (userUuid: string, organizationUuid: string, count: number, createdAt = new Date()) => ({
    organizationUuid,
    userUuid,
    kind: 'employees.imported' as const,
    params: { count, fileName: null },
    severity: 'info' as const,
    createdAt,
  });
  const counts = (page: NotificationPage) => page.items.map((n) => n.params.count);

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    orgUuid = (await createOrganization(db(), `Notify ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Other ${randomUUID().slice(0, 6)}`)).uuid;
    owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner', firstName: 'Olga' });
    secondOwner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner', firstName: 'Otto' });
    regular = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Rita' });
    stranger = await createUser(db(), { organizationUuid: otherOrgUuid, role: 'it-owner' });
    const admin = await createUser(db(), { organizationUuid: orgUuid, role: 'equip-admin' });
    ownerToken = await tokenFor(t.services, owner);
    secondOwnerToken = await tokenFor(t.services, secondOwner);
    regularToken = await tokenFor(t.services, regular);
    strangerToken = await tokenFor(t.services, stranger);
    adminToken = await tokenFor(t.services, admin, orgUuid);
  });

  afterAll(async () => {
    await app.close();
  });

  describe('from events', () => {
    it('tells the person who imported employees how many, in the same transaction as the event', async () => {
      const before = await panel();
      const tag = randomUUID().slice(0, 8);
      const res = await importCsv(
        ['First Name,Last Name,Email', `Ida,Import,ida-${tag}@n.test`, `Ian,Import,ian-${tag}@n.test`].join(
          '\n',
        ),
      );
      expect(res.statusCode, res.body).toBe(201);
      const after = await panel();
      expect(after.unreadCount).toBe(before.unreadCount + 1);
      expect(after.items[0]).toMatchObject({
        kind: 'employees.imported',
        severity: 'positive',
        params: { count: 2, fileName: 'people.csv' },
        readAt: null,
      });
      // Data only: the reader's client writes the words in their language.
      expect(after.items[0]).not.toHaveProperty('title');
      expect(after.items[0]).not.toHaveProperty('body');
      // Only the importer hears about it.
      expect((await panel(secondOwnerToken)).items.some((n) => n.kind === 'employees.imported')).toBe(false);
    });

    it('writes nothing when the import is refused', async () => {
      const before = await panel();
      const res = await importCsv(['First Name,Last Name,Email', 'Bad,Row,not-an-email'].join('\n'));
      expect(res.statusCode).toBe(400);
      expect((await panel()).total).toBe(before.total);
    });

    it('tells every IT owner of the organisation, and nobody else, when a device loses its encryption', async () => {
      const [device] = await db()
        .insert(devices)
        .values({
          organizationUuid: orgUuid,
          name: `Laptop ${randomUUID().slice(0, 4)}`,
          type: 'COMPUTER',
          os: 'MACOS',
          isEncrypted: true,
          isProtected: true,
        })
        .returning();
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/devices/${device!.uuid}`,
        headers: bearer(ownerToken),
        payload: { isEncrypted: false },
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const token of [ownerToken, secondOwnerToken]) {
        const [latest] = (await panel(token)).items;
        expect(latest).toMatchObject({
          kind: 'device.unencrypted',
          severity: 'negative',
          params: { deviceUuid: device!.uuid, deviceName: device!.name },
        });
      }
      expect((await panel(regularToken)).items.some((n) => n.kind === 'device.unencrypted')).toBe(false);
      expect((await panel(strangerToken)).items.some((n) => n.kind === 'device.unencrypted')).toBe(false);
    });
  });

  it('writes a notification only when its event commits', async () => {
    const before = await panel();
    const event = {
      organizationUuid: orgUuid,
      type: 'USERS_IMPORTED' as const,
      actorUuid: owner.uuid,
      data: { count: 1, fileName: 'rolled-back.csv' },
    };
    await expect(
      withTenant(db(), orgUuid, async (tx) => {
        await logEvent(tx, event);
        throw new Error('the change fails after its event');
      }),
    ).rejects.toThrow('the change fails');
    expect((await panel()).total).toBe(before.total);
    await withTenant(db(), orgUuid, (tx) => logEvent(tx, event));
    const after = await panel();
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0]?.params).toEqual({ count: 1, fileName: 'rolled-back.csv' });
  });

  describe('GET /api/notifications', () => {
    it("lists only the caller's own, newest first, paged, with the unread count", async () => {
      const person = await createUser(db(), { organizationUuid: orgUuid });
      const token = await tokenFor(t.services, person);
      const base = Date.now();
      await db()
        .insert(notifications)
        .values([
          message(person.uuid, orgUuid, 1, new Date(base - 3000)),
          { ...message(person.uuid, orgUuid, 2, new Date(base - 2000)), readAt: new Date() },
          message(person.uuid, orgUuid, 3, new Date(base - 1000)),
          message(owner.uuid, orgUuid, 99),
        ]);
      const page = await panel(token);
      expect(counts(page)).toEqual([3, 2, 1]);
      expect(page).toMatchObject({ total: 3, unreadCount: 2 });
      expect(page.items[0]).toMatchObject({
        kind: 'employees.imported',
        params: { count: 3, fileName: null },
      });
      const second = await panel(token, '?skip=1&take=1');
      expect(counts(second)).toEqual([2]);
      const unread = await panel(token, '?unreadOnly=true');
      expect(counts(unread)).toEqual([3, 1]);
      expect(unread.total).toBe(2);
    });

    it('refuses bad paging', async () => {
      for (const query of ['?take=0', '?take=101', '?skip=-1', '?unreadOnly=yes']) {
        const res = await get(`/api/notifications${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errors[0]).toMatchObject({ location: 'query' });
      }
    });

    it('needs a token', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    });

    it('shows a provider admin their own notifications of the organisation they act for', async () => {
      expect((await panel(adminToken)).items).toEqual([]);
    });
  });

  describe('POST /api/notifications/:uuid/read', () => {
    it('marks one read, keeping the first time, and lowers the unread count', async () => {
      const [row] = await db()
        .insert(notifications)
        .values(message(regular.uuid, orgUuid, 4))
        .returning();
      const before = await panel(regularToken);
      expect((await post(`/api/notifications/${row!.uuid}/read`, regularToken)).statusCode).toBe(204);
      const [first] = await db().select().from(notifications).where(eq(notifications.uuid, row!.uuid));
      expect(first!.readAt).not.toBeNull();
      expect((await post(`/api/notifications/${row!.uuid}/read`, regularToken)).statusCode).toBe(204);
      const [again] = await db().select().from(notifications).where(eq(notifications.uuid, row!.uuid));
      expect(again!.readAt).toEqual(first!.readAt);
      expect((await panel(regularToken)).unreadCount).toBe(before.unreadCount - 1);
    });

    it("does not find another person's or another organisation's notification, and changes nothing", async () => {
      const [colleagues] = await db()
        .insert(notifications)
        .values(message(owner.uuid, orgUuid, 5))
        .returning();
      const [strangers] = await db()
        .insert(notifications)
        .values(message(stranger.uuid, otherOrgUuid, 6))
        .returning();
      for (const uuid of [colleagues!.uuid, strangers!.uuid, randomUUID()]) {
        const res = await post(`/api/notifications/${uuid}/read`, regularToken);
        expect(res.statusCode).toBe(404);
        expect(res.json().errors[0].msg).toBe('Notification not found');
      }
      const rows = await db()
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.uuid, colleagues!.uuid)));
      expect(rows[0]!.readAt).toBeNull();
    });

    it('refuses an id that is not a uuid, and a call without a token', async () => {
      expect((await post('/api/notifications/nope/read')).statusCode).toBe(400);
      const res = await app.inject({ method: 'POST', url: `/api/notifications/${randomUUID()}/read` });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/notifications/read-all', () => {
    it("marks all of the caller's unread read and nobody else's", async () => {
      await db()
        .insert(notifications)
        .values([message(secondOwner.uuid, orgUuid, 7), message(secondOwner.uuid, orgUuid, 8)]);
      const ownersBefore = (await panel()).unreadCount;
      const unread = (await panel(secondOwnerToken)).unreadCount;
      const res = await post('/api/notifications/read-all', secondOwnerToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ marked: unread });
      expect((await panel(secondOwnerToken)).unreadCount).toBe(0);
      expect((await panel()).unreadCount).toBe(ownersBefore);
      expect((await post('/api/notifications/read-all', secondOwnerToken)).json()).toEqual({ marked: 0 });
    });

    it('needs a token', async () => {
      expect((await app.inject({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(401);
    });
  });
});
