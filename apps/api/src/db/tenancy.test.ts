import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../test/database.ts';
import type { Database } from './client.ts';
import { devices, organizations, users } from './schema/index.ts';
import { TENANT_ROLE, tenantScopedTables, verifyTenantIsolation, withTenant } from './tenancy.ts';

describe('tenant isolation', () => {
  let database: Database;
  let orgA: string;
  let orgB: string;

  beforeAll(async () => {
    database = await getTestDatabase();
    const rows = await database.db
      .insert(organizations)
      .values([{ name: 'A' }, { name: 'B' }])
      .returning();
    orgA = rows[0]!.uuid;
    orgB = rows[1]!.uuid;
    await database.db.insert(users).values([
      { organizationUuid: orgA, email: `a-${randomUUID()}@a.test`, firstName: 'Ann', lastName: 'A' },
      { organizationUuid: orgB, email: `b-${randomUUID()}@b.test`, firstName: 'Ben', lastName: 'B' },
    ]);
  });

  it('forces row-level security on every organisation-scoped table', async () => {
    const tables = await tenantScopedTables(database.db);
    expect(tables).toEqual(expect.arrayContaining(['users', 'devices', 'bundles', 'event_log', 'orders']));
    await expect(verifyTenantIsolation(database.db)).resolves.toBeUndefined();
  });

  it('shows a tenant only its own rows and organisation', async () => {
    const seen = await withTenant(database.db, orgA, (tx) => tx.select().from(users));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((u) => u.organizationUuid === orgA)).toBe(true);
    const orgs = await withTenant(database.db, orgA, (tx) => tx.select().from(organizations));
    expect(orgs.map((o) => o.uuid)).toEqual([orgA]);
  });

  it("refuses to write into another organisation's rows", async () => {
    await expect(
      withTenant(database.db, orgA, (tx) =>
        tx.insert(devices).values({ organizationUuid: orgB, name: 'Sneaky', type: 'COMPUTER', os: 'MACOS' }),
      ),
    ).rejects.toThrow();
    const updated = await withTenant(database.db, orgA, (tx) =>
      tx.update(users).set({ firstName: 'Hacked' }).where(eq(users.organizationUuid, orgB)).returning(),
    );
    expect(updated).toHaveLength(0);
  });

  it('runs tenant queries as the tenant role, without bypass', async () => {
    const result = await withTenant(database.db, orgA, (tx) =>
      tx.execute<{ current_user: string }>('select current_user' as never),
    );
    expect((result as unknown as { rows: { current_user: string }[] }).rows[0]?.current_user).toBe(
      TENANT_ROLE,
    );
  });

  it('sees nothing when no organisation is set', async () => {
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(`select set_config('role', '${TENANT_ROLE}', true)` as never);
      return tx.select().from(users);
    });
    expect(seen).toHaveLength(0);
  });

  it('a tenant transaction rolls back as a whole and refuses an id that is not a uuid', async () => {
    const seen = await withTenant(database.db, orgA, (tx) => tx.select().from(users));
    expect(seen.every((u) => u.organizationUuid === orgA)).toBe(true);
    const role = await withTenant(database.db, orgA, (tx) => tx.execute('select current_user' as never));
    expect((role as unknown as { rows: { current_user: string }[] }).rows[0]?.current_user).toBe(TENANT_ROLE);
    await expect(
      withTenant(database.db, orgA, (tx) =>
        tx.insert(devices).values({ organizationUuid: orgB, name: 'X', type: 'COMPUTER', os: 'MACOS' }),
      ),
    ).rejects.toThrow();
    const marker = `rolled-back-${randomUUID()}@a.test`;
    await expect(
      withTenant(database.db, orgA, async (tx) => {
        await tx
          .insert(users)
          .values({ organizationUuid: orgA, email: marker, firstName: 'R', lastName: 'B' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await database.db.select().from(users).where(eq(users.email, marker))).toHaveLength(0);
    await expect(withTenant(database.db, 'not-a-uuid', async () => 1)).rejects.toThrow();
  });
});
