import { randomUUID } from 'node:crypto';
import type { ProviderAdminPage } from '@equip/domain/provider-admins';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';

/**
 * `GET /api/admin/provider-admins` as a list of the shared machinery: searched, filtered by status,
 * sorted and paged by the server, with the filtered total; nobody but the provider organisation's
 * people who are not removed.
 */
describe('GET /api/admin/provider-admins', () => {
  let t: TestApp;
  let adminToken: string;
  let ownerToken: string;
  let regularToken: string;
  // The worker's database holds other files' provider admins: every query here searches for the tag.
  const tag = `pal${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.database.db;
    const org = await createOrganization(db);
    const admin = (lastName: string, firstName: string, password?: string) =>
      createUser(db, {
        organizationUuid: org.uuid,
        role: 'equip-admin',
        firstName,
        lastName: `${lastName} ${tag}`,
        email: `${firstName.toLowerCase()}-${tag}@equip.test`,
        ...(password ? { password } : {}),
      });
    const me = await admin('Zuse', 'Konrad', 'correct horse battery staple');
    await admin('Hopper', 'Grace', 'correct horse battery staple');
    await admin('Ågren', 'Bea');
    await admin('Lovelace', 'Ada');
    const removed = await admin('Gone', 'Olaf');
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.uuid, removed.uuid));
    adminToken = await tokenFor(t.services, me, org.uuid);
    // An organisation's people carrying the tag are never provider admins.
    ownerToken = await tokenFor(
      t.services,
      await createUser(db, { organizationUuid: org.uuid, role: 'it-owner', lastName: `Owner ${tag}` }),
    );
    regularToken = await tokenFor(
      t.services,
      await createUser(db, { organizationUuid: org.uuid, lastName: `Regular ${tag}` }),
    );
  });
  afterAll(() => t.app.close());

  const get = (query: string, token = adminToken) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/provider-admins?${query.includes('textSearchQuery') ? '' : `textSearchQuery=${tag}&`}${query}`,
      headers: bearer(token),
    });
  const page = async (query = '') => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProviderAdminPage>();
  };
  const lastNames = (p: ProviderAdminPage) => p.items.map((a) => a.lastName.replace(` ${tag}`, ''));

  it('lists the provider admins by name (in the names’ collation) with the total, never anyone else', async () => {
    const all = await page();
    expect(lastNames(all)).toEqual(['Ågren', 'Hopper', 'Lovelace', 'Zuse']);
    expect(all.total).toBe(4);
    expect(all.items[0]).toEqual({
      uuid: expect.any(String),
      email: `bea-${tag}@equip.test`,
      firstName: 'Bea',
      lastName: `Ågren ${tag}`,
      invitedAt: null,
      hasPassword: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it('filters by status, searches, sorts and pages on the server', async () => {
    expect(lastNames(await page('status=invited'))).toEqual(['Ågren', 'Lovelace']);
    expect(lastNames(await page('status=active'))).toEqual(['Hopper', 'Zuse']);
    expect((await page('status=active,invited')).total).toBe(4);
    expect(lastNames(await page(`textSearchQuery=grace-${tag}`))).toEqual(['Hopper']);
    // konrad-, grace-, bea-, ada-…
    expect(lastNames(await page('sortingKey=email&sortingDirection=desc'))).toEqual([
      'Zuse',
      'Hopper',
      'Ågren',
      'Lovelace',
    ]);
    const first = await page('take=2');
    expect(lastNames(first)).toEqual(['Ågren', 'Hopper']);
    expect(first.total).toBe(4);
    const next = await page(`take=2&cursor=${first.nextCursor}`);
    expect(lastNames(next)).toEqual(['Lovelace', 'Zuse']);
    expect(lastNames(await page('take=2&skip=2&sortingKey=invitedAt'))).toHaveLength(2);
  });

  it('refuses a bad query with a 400 at the field', async () => {
    for (const [query, param] of [
      ['take=0', 'take'],
      ['take=101', 'take'],
      ['sortingKey=password', 'sortingKey'],
      ['status=disabled', 'status.0'],
      ['cursor=nonsense', 'cursor'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toMatchObject({ location: 'query', param });
    }
  });

  it('is for provider admins: 401 without a token, 403 to an organisation’s it-owner or regular user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/provider-admins' })).statusCode).toBe(401);
    expect((await get('', ownerToken)).statusCode).toBe(403);
    expect((await get('', regularToken)).statusCode).toBe(403);
  });
});
