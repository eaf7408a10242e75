import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  catalogItemSpecifications,
  catalogItems,
  checkouts,
  organizations,
  procurementDrafts,
  users,
} from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { getTestDatabase } from '../../test/database.ts';

/** Decision 031: General catalog rows beside row-level security (migration 0044, db/tenancy.ts). */
describe('catalog scope under row-level security', () => {
  let database: Database;
  let orgA: string;
  let orgB: string;
  let general: string;
  let ownA: string;
  let ownB: string;
  const item = (label: string, organizationUuid: string | null) => ({
    label,
    organizationUuid,
    scope: organizationUuid ? ('Organization' as const) : ('General' as const),
    deviceType: 'COMPUTER' as const,
    operatingSystem: 'MACOS' as const,
    manufacturer: 'Apple',
    modelName: label,
  });

  beforeAll(async () => {
    database = await getTestDatabase();
    const orgs = await database.db
      .insert(organizations)
      .values([{ name: 'Catalog A' }, { name: 'Catalog B' }])
      .returning();
    orgA = orgs[0]!.uuid;
    orgB = orgs[1]!.uuid;
    const rows = await database.db
      .insert(catalogItems)
      .values([item(`General ${randomUUID()}`, null), item('Own A', orgA), item('Own B', orgB)])
      .returning({ uuid: catalogItems.uuid });
    [general, ownA, ownB] = rows.map((r) => r.uuid) as [string, string, string];
    await database.db.insert(catalogItemSpecifications).values([
      { catalogItemUuid: general, organizationUuid: null, priceCents: 100_000, rentPriceCents: 5_000 },
      { catalogItemUuid: ownA, organizationUuid: orgA, priceCents: 90_000 },
      { catalogItemUuid: ownB, organizationUuid: orgB, priceCents: 80_000 },
    ]);
  });

  it('a tenant reads the General rows and its own, never another organisation’s', async () => {
    const seen = await withTenant(database.db, orgA, (tx) =>
      tx
        .select({ uuid: catalogItems.uuid })
        .from(catalogItems)
        .where(inArray(catalogItems.uuid, [general, ownA, ownB])),
    );
    expect(seen.map((r) => r.uuid).sort()).toEqual([general, ownA].sort());
    const specs = await withTenant(database.db, orgA, (tx) =>
      tx
        .select({ item: catalogItemSpecifications.catalogItemUuid })
        .from(catalogItemSpecifications)
        .where(inArray(catalogItemSpecifications.catalogItemUuid, [general, ownA, ownB])),
    );
    expect(specs.map((r) => r.item).sort()).toEqual([general, ownA].sort());
  });

  it('a tenant writes only its own rows: General and other organisations’ are out of reach', async () => {
    await expect(
      withTenant(database.db, orgA, (tx) => tx.insert(catalogItems).values(item('Sneaky General', null))),
    ).rejects.toThrow();
    await expect(
      withTenant(database.db, orgA, (tx) => tx.insert(catalogItems).values(item('Sneaky B', orgB))),
    ).rejects.toThrow();
    const changedGeneral = await withTenant(database.db, orgA, (tx) =>
      tx.update(catalogItems).set({ label: 'Hacked' }).where(eq(catalogItems.uuid, general)).returning(),
    );
    expect(changedGeneral).toHaveLength(0);
    const deleted = await withTenant(database.db, orgA, (tx) =>
      tx
        .delete(catalogItems)
        .where(inArray(catalogItems.uuid, [general, ownB]))
        .returning(),
    );
    expect(deleted).toHaveLength(0);
    const own = await withTenant(database.db, orgA, (tx) =>
      tx.update(catalogItems).set({ label: 'Own A renamed' }).where(eq(catalogItems.uuid, ownA)).returning(),
    );
    expect(own).toHaveLength(1);
  });

  it('the scope and the organisation agree, and a specification belongs to its item’s organisation', async () => {
    await expect(
      database.db.insert(catalogItems).values({ ...item('Scope without org', null), scope: 'Organization' }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(catalogItems).values({ ...item('Org without scope', orgA), scope: 'General' }),
    ).rejects.toThrow();
    await expect(
      withTenant(database.db, orgA, (tx) =>
        tx
          .insert(catalogItemSpecifications)
          .values({ catalogItemUuid: general, organizationUuid: orgA, priceCents: 1 }),
      ),
    ).rejects.toThrow();
    await expect(
      database.db
        .insert(catalogItemSpecifications)
        .values({ catalogItemUuid: ownB, organizationUuid: orgA, priceCents: 1 }),
    ).rejects.toThrow();
    await expect(
      database.db
        .insert(catalogItemSpecifications)
        .values({ catalogItemUuid: ownA, organizationUuid: orgA, priceCents: -1 }),
    ).rejects.toThrow();
  });

  it('a voided checkout has a reason; the provider kind is one the domain knows', async () => {
    const [buyer] = await database.db
      .insert(users)
      .values({
        organizationUuid: orgA,
        email: `buyer-${randomUUID()}@a.test`,
        firstName: 'B',
        lastName: 'Uyer',
      })
      .returning();
    const [draft] = await database.db
      .insert(procurementDrafts)
      .values({
        organizationUuid: orgA,
        procurementIntent: 'HardwareRequest',
        buyerUserUuid: buyer!.uuid,
        deliveryAddress: {
          recipient: 'B',
          address: 'Street 1',
          city: 'Berlin',
          postalCode: '10115',
          country: 'DE',
        },
        items: [],
      })
      .returning();
    await expect(
      database.db
        .insert(checkouts)
        .values({ organizationUuid: orgA, draftUuid: draft!.uuid, status: 'voided' }),
    ).rejects.toThrow();
    await expect(
      database.db
        .insert(checkouts)
        .values({ organizationUuid: orgA, draftUuid: draft!.uuid, providerKind: 'Other' as never }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(checkouts).values({
        organizationUuid: orgA,
        draftUuid: draft!.uuid,
        status: 'voided',
        revokeReason: 'Wrong model',
      }),
    ).resolves.toBeDefined();
  });
});
