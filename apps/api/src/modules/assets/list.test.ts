import { randomUUID } from 'node:crypto';
import type { AssetPage } from '@equip/domain/assets';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetCounts, assetDefinitions, assetInstances, users } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';

/**
 * The items list at 100,000 items (issue 28): an item carries its model's name and kinds and its
 * person's names, and the total without a search is a sum over asset_counts (migration 0047). Both are
 * kept by triggers, whoever writes; these tests change the rows underneath and read the list back.
 */
describe('the assets items list: kept keys and counts (issue 28)', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let token: string;
  let person: Awaited<ReturnType<typeof createUser>>;

  const db = () => t.services.database.db;
  const list = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/assets?${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AssetPage>();
  };
  async function definition(name: string, kind: 'monitor' | 'keyboard' | 'headset') {
    const [row] = await db()
      .insert(assetDefinitions)
      .values({ organizationUuid: orgUuid, name, kind })
      .returning({ uuid: assetDefinitions.uuid });
    return row!.uuid;
  }
  async function items(definitionUuid: string, count: number, holder: string | null = null) {
    const rows = await db()
      .insert(assetInstances)
      .values(
        Array.from({ length: count }, (_, n) => ({
          organizationUuid: orgUuid,
          assetDefinitionUuid: definitionUuid,
          serialNumber: `SN-${randomUUID().slice(0, 8)}-${n}`,
          userUuid: holder,
          status: holder ? ('in-use' as const) : ('in-stock' as const),
          assignment: holder ? ('assigned' as const) : ('unassigned' as const),
        })),
      )
      .returning({ uuid: assetInstances.uuid });
    return rows.map((r) => r.uuid);
  }
  /** What the list's filters match, counted row by row: what the kept total must say. */
  async function counted(where: ReturnType<typeof and>) {
    const [row] = await db()
      .select({ n: sql<number>`count(*)::integer` })
      .from(assetInstances)
      .innerJoin(assetDefinitions, eq(assetDefinitions.uuid, assetInstances.assetDefinitionUuid))
      .where(and(eq(assetInstances.organizationUuid, orgUuid), where));
    return row!.n;
  }

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    orgUuid = (await createOrganization(db(), `Assets list ${randomUUID().slice(0, 6)}`)).uuid;
    const owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
    token = await tokenFor(t.services, owner);
    person = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Zora', lastName: 'Quill' });
  });
  afterAll(async () => {
    await app.close();
  });

  it("an item's name and kind follow its model, and its person's names follow the person", async () => {
    const model = await definition('Alpha Display', 'monitor');
    const [held] = await items(model, 1, person.uuid);
    await items(model, 2);
    const byName = await list('kinds=monitor&sortingKey=name');
    expect(byName.items.filter((i) => i.assetDefinitionUuid === model).map((i) => i.name)).toEqual([
      'Alpha Display',
      'Alpha Display',
      'Alpha Display',
    ]);

    await db()
      .update(assetDefinitions)
      .set({ name: 'Omega Keys', kind: 'keyboard' })
      .where(eq(assetDefinitions.uuid, model));
    expect((await list('kinds=monitor')).items.some((i) => i.assetDefinitionUuid === model)).toBe(false);
    const keyboards = await list('kinds=keyboard&textSearchQuery=omega');
    expect(keyboards.total).toBe(3);
    expect(keyboards.items.map((i) => [i.name, i.kind])).toEqual([
      ['Omega Keys', 'keyboard'],
      ['Omega Keys', 'keyboard'],
      ['Omega Keys', 'keyboard'],
    ]);

    await db().update(users).set({ lastName: 'Aaberg' }).where(eq(users.uuid, person.uuid));
    const byPerson = await list('assignmentTypes=assigned&sortingKey=assignedTo&sortingDirection=asc');
    expect(byPerson.items[0]).toMatchObject({ uuid: held, assignedTo: { lastName: 'Aaberg' } });
    expect((await list('textSearchQuery=aaberg')).items.map((i) => i.uuid)).toEqual([held]);
    // Handed to nobody: no names left on the item to sort or find it by.
    await db()
      .update(assetInstances)
      .set({ userUuid: null, assignment: 'unassigned', status: 'in-stock' })
      .where(eq(assetInstances.uuid, held!));
    expect((await list('textSearchQuery=aaberg')).total).toBe(0);
  });

  it('says the same total as counting the rows, for every filter, as items come, move and go', async () => {
    const monitor = await definition('Counted Monitor', 'monitor');
    const headset = await definition('Counted Headset', 'headset');
    await items(monitor, 7);
    const lent = await items(monitor, 4, person.uuid);
    await items(headset, 5, person.uuid);
    const check = async () => {
      const cases: [string, ReturnType<typeof and>][] = [
        ['', undefined],
        ['statuses=in-use', eq(assetInstances.status, 'in-use')],
        ['assignmentTypes=unassigned', eq(assetInstances.assignment, 'unassigned')],
        ['kinds=monitor', eq(assetDefinitions.kind, 'monitor')],
        [
          'kinds=monitor,headset&statuses=in-use',
          and(inArray(assetDefinitions.kind, ['monitor', 'headset']), eq(assetInstances.status, 'in-use')),
        ],
        [`assetDefinitionUuids=${headset}`, eq(assetInstances.assetDefinitionUuid, headset)],
      ];
      for (const [query, where] of cases)
        expect((await list(query)).total, query || 'no filter').toBe(await counted(where));
    };
    await check();

    await db()
      .update(assetInstances)
      .set({ userUuid: null, assignment: 'unassigned', status: 'in-stock' })
      .where(inArray(assetInstances.uuid, lent.slice(0, 2)));
    await check();
    await db()
      .delete(assetInstances)
      .where(inArray(assetInstances.uuid, lent.slice(2)));
    await check();
    // A model deleted takes its items and its counts with it.
    await db().delete(assetDefinitions).where(eq(assetDefinitions.uuid, headset));
    await check();
    const kept = await db().select().from(assetCounts).where(eq(assetCounts.organizationUuid, orgUuid));
    expect(kept.some((row) => row.assetDefinitionUuid === headset)).toBe(false);
    expect(kept.every((row) => row.count >= 0)).toBe(true);
  });
});
