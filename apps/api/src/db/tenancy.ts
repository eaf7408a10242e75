import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { PROVIDER_ORGANIZATION_UUID } from './schema/identity.ts';

/**
 * Tenant isolation, enforced twice:
 * 1. in code: every request touches tenant data only through `withTenant`, a transaction bound to one
 *    organisation;
 * 2. in the database: inside that transaction the queries run as `equip_app`, a role without
 *    BYPASSRLS, and every table with an `organization_uuid` column has FORCE ROW LEVEL SECURITY with a
 *    policy that only lets that organisation's rows through.
 * The system handle (identity lookups before a tenant is known, jobs, seeding) keeps the connecting
 * role, which gets an explicit allow-all policy so that it also works when it owns the tables without
 * being a superuser.
 */
export const TENANT_ROLE = 'equip_app';

/** Global reference data every tenant may read but not change. */
const TENANT_READABLE_GLOBAL_TABLES = ['applications', 'feature_flags'];

/**
 * Scoped tables that also hold shared rows (decision 031): a row without an organisation (the hardware
 * catalog's General items, curated by provider admins on the system handle) is every tenant's to read
 * but none's to write; a row with one is only its organisation's, as everywhere else.
 */
export const SHARED_ROW_TABLES = ['catalog_items', 'catalog_item_specifications'];
const SHARED_ROWS_POLICY = 'shared_rows_readable';

const CURRENT_ORGANIZATION = `nullif(current_setting('app.organization_uuid', true), '')::uuid`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class NotATenantError extends Error {}

/**
 * Tenant ids come from verified tokens; anything but a uuid is a bug, refused before any SQL. The
 * provider organisation is never a tenant: binding a transaction to it would let a request reach the
 * provider admins.
 */
export function assertTenantId(organizationUuid: string): void {
  if (!UUID.test(organizationUuid)) throw new Error('organisation id is not a uuid');
  if (organizationUuid === PROVIDER_ORGANIZATION_UUID)
    throw new NotATenantError('the provider organisation is not a tenant');
}

/**
 * Runs `work` in a transaction bound to one organisation. Inside it, use only `tx`: on PGlite (one
 * connection) a query on any other handle waits for this transaction and never runs. Side effects such
 * as mail go after it returns.
 */
export async function withTenant<T>(
  db: Db,
  organizationUuid: string,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  assertTenantId(organizationUuid);
  return db.transaction(async (tx) => {
    // One round trip: set_config('role', …) is SET LOCAL ROLE.
    await tx.execute(
      sql`select set_config('app.organization_uuid', ${organizationUuid}, true), set_config('role', ${TENANT_ROLE}, true)`,
    );
    return work(tx as unknown as Db);
  });
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function tenantScopedTables(db: Db): Promise<string[]> {
  const found = await rows<{ table_name: string }>(
    db,
    sql`select c.table_name from information_schema.columns c
        join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
        where c.table_schema = 'public' and c.column_name = 'organization_uuid' and t.table_type = 'BASE TABLE'
        order by c.table_name`,
  );
  return found.map((r) => r.table_name);
}

/**
 * True when every scoped table (and organisations) already has forced row-level security, both
 * policies and the tenant role's grants, and the connecting role may use the tenant role: the usual
 * restart, which then costs one query instead of a hundred DDL statements.
 */
async function isolationInPlace(db: Db, scoped: string[]): Promise<boolean> {
  const [role] = await rows<{ usable: boolean }>(
    db,
    sql`select pg_has_role(current_user, oid, 'MEMBER') as usable from pg_roles where rolname = ${TENANT_ROLE}`,
  );
  if (!role?.usable) return false;
  const tables = [...scoped, 'organizations'];
  const state = await rows<{ complete: boolean }>(
    db,
    sql`select c.relrowsecurity and c.relforcerowsecurity
          and exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname and p.policyname = 'tenant_isolation')
          and exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname and p.policyname = 'system_access')
          and has_table_privilege(${TENANT_ROLE}, c.oid, case when c.relname = 'organizations' then 'SELECT,UPDATE' else 'SELECT,INSERT,UPDATE,DELETE' end)
          as complete
        from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and c.relname = any(${sql.raw(`array[${tables.map((t) => `'${t}'`).join(', ')}]`)})`,
  );
  const globalsReadable = await rows<{ readable: boolean }>(
    db,
    sql`select bool_and(has_table_privilege(${TENANT_ROLE}, ('"' || t || '"')::regclass, 'SELECT')) as readable
        from unnest(${sql.raw(`array[${TENANT_READABLE_GLOBAL_TABLES.map((t) => `'${t}'`).join(', ')}]`)}) as t`,
  );
  const shared = await rows<{ tablename: string }>(
    db,
    sql`select tablename from pg_policies where schemaname = 'public' and policyname = ${SHARED_ROWS_POLICY}`,
  );
  const sharedInPlace = SHARED_ROW_TABLES.every(
    (table) => !scoped.includes(table) || shared.some((p) => p.tablename === table),
  );
  return (
    state.length === tables.length &&
    state.every((t) => t.complete) &&
    globalsReadable[0]?.readable === true &&
    sharedInPlace
  );
}

/**
 * Creates the tenant role where missing and lets the connecting role use it (a restore needs it before
 * the dump's policies and grants name it).
 */
export async function ensureTenantRole(db: Db): Promise<void> {
  // The role is cluster-wide: parallel test databases may race to create it.
  await db.execute(
    sql.raw(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${TENANT_ROLE}') then
        create role ${TENANT_ROLE} nologin nosuperuser nobypassrls;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`),
  );
  await db.execute(
    sql.raw(`do $$ begin
      if not pg_has_role(current_user, '${TENANT_ROLE}', 'MEMBER') then
        execute format('grant ${TENANT_ROLE} to %I', current_user);
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`),
  );
}

/** Creates the tenant role, grants and policies where missing (idempotent), then verifies them. */
export async function ensureTenantIsolation(db: Db): Promise<void> {
  const scopedTables = await tenantScopedTables(db);
  if (await isolationInPlace(db, scopedTables)) return verifyTenantIsolation(db, scopedTables);
  await ensureTenantRole(db);
  await db.execute(sql.raw(`grant usage on schema public to ${TENANT_ROLE}`));

  const scoped = scopedTables;
  const existing = await rows<{ tablename: string; policyname: string }>(
    db,
    sql`select tablename, policyname from pg_policies where schemaname = 'public'`,
  );
  const hasPolicy = (table: string, policy: string) =>
    existing.some((p) => p.tablename === table && p.policyname === policy);

  for (const table of scoped) {
    await db.execute(sql.raw(`alter table "${table}" enable row level security`));
    await db.execute(sql.raw(`alter table "${table}" force row level security`));
    await db.execute(sql.raw(`grant select, insert, update, delete on "${table}" to ${TENANT_ROLE}`));
    if (!hasPolicy(table, 'tenant_isolation')) {
      await db.execute(
        sql.raw(`create policy tenant_isolation on "${table}" for all to ${TENANT_ROLE}
          using (organization_uuid = ${CURRENT_ORGANIZATION})
          with check (organization_uuid = ${CURRENT_ORGANIZATION})`),
      );
    }
    // Shared rows: one more permissive policy, for reading only (updates and deletes see own rows only).
    if (SHARED_ROW_TABLES.includes(table) && !hasPolicy(table, SHARED_ROWS_POLICY)) {
      await db.execute(
        sql.raw(`create policy ${SHARED_ROWS_POLICY} on "${table}" for select to ${TENANT_ROLE}
          using (organization_uuid is null)`),
      );
    }
    if (!hasPolicy(table, 'system_access')) {
      await db.execute(
        sql.raw(
          `create policy system_access on "${table}" for all to current_user using (true) with check (true)`,
        ),
      );
    }
  }

  // A tenant sees and may rename only its own organisation.
  await db.execute(sql.raw(`alter table organizations enable row level security`));
  await db.execute(sql.raw(`alter table organizations force row level security`));
  await db.execute(sql.raw(`grant select, update on organizations to ${TENANT_ROLE}`));
  if (!hasPolicy('organizations', 'tenant_isolation')) {
    await db.execute(
      sql.raw(`create policy tenant_isolation on organizations for all to ${TENANT_ROLE}
        using (uuid = ${CURRENT_ORGANIZATION}) with check (uuid = ${CURRENT_ORGANIZATION})`),
    );
  }
  if (!hasPolicy('organizations', 'system_access')) {
    await db.execute(
      sql.raw(
        `create policy system_access on organizations for all to current_user using (true) with check (true)`,
      ),
    );
  }
  for (const table of TENANT_READABLE_GLOBAL_TABLES) {
    await db.execute(sql.raw(`grant select on "${table}" to ${TENANT_ROLE}`));
  }
  await db.execute(sql.raw(`grant usage, select on all sequences in schema public to ${TENANT_ROLE}`));

  await verifyTenantIsolation(db, scoped);
}

export class TenantIsolationError extends Error {}

/** Start-up check: refuse to serve if any scoped table lacks forced RLS or the tenant role can bypass it. */
export async function verifyTenantIsolation(db: Db, scoped?: string[]): Promise<void> {
  const tables = [...(scoped ?? (await tenantScopedTables(db))), 'organizations'];
  const flags = await rows<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
    db,
    sql`select relname, relrowsecurity, relforcerowsecurity from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r'`,
  );
  const unprotected = tables.filter((t) => {
    const f = flags.find((row) => row.relname === t);
    return !f?.relrowsecurity || !f.relforcerowsecurity;
  });
  if (unprotected.length > 0) {
    throw new TenantIsolationError(`Row-level security is not forced on: ${unprotected.join(', ')}`);
  }
  const [role] = await rows<{ rolsuper: boolean; rolbypassrls: boolean }>(
    db,
    sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${TENANT_ROLE}`,
  );
  if (!role || role.rolsuper || role.rolbypassrls) {
    throw new TenantIsolationError(
      `The tenant role ${TENANT_ROLE} must exist without SUPERUSER or BYPASSRLS`,
    );
  }
}
