import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import { assertTenantId, TENANT_ROLE } from './tenancy.ts';

/** One statement of a read: SQL text with $1… parameters, prepared under `name` on each connection. */
export interface ReadStatement {
  name: string;
  text: string;
  params: readonly unknown[];
}

export type Row = Record<string, unknown>;

/**
 * The hot read path of the lists: statements run in one transaction bound to an organisation, under
 * row-level security as `equip_app`, exactly like `withTenant` — but on PostgreSQL sent as ONE pipeline
 * (BEGIN, the tenant settings, the statements, COMMIT) on one connection, as prepared statements, so a
 * page costs one round trip instead of five (docs/decisions/005-list-reads.md). On PGlite (in process,
 * no round trips) the same statements run in its transaction.
 */
export interface TenantReads {
  read(organizationUuid: string, statements: readonly ReadStatement[]): Promise<Row[][]>;
  /**
   * The same pipeline in a read-write transaction, for a short write whose statements do not depend on
   * each other's answers (an agent's check-in is one statement, decision 013).
   */
  write(organizationUuid: string, statements: readonly ReadStatement[]): Promise<Row[][]>;
}

const TENANT_SETTINGS = `select set_config('app.organization_uuid', $1, true), set_config('role', '${TENANT_ROLE}', true)`;

export function postgresTenantReads(sql: Sql): TenantReads {
  const pipeline = async (
    organizationUuid: string,
    statements: readonly ReadStatement[],
    readOnly: boolean,
  ): Promise<Row[][]> => {
    assertTenantId(organizationUuid);
    const connection = await sql.reserve();
    try {
      // Issued without waiting: postgres.js pipelines them on the reserved connection. If one fails,
      // PostgreSQL aborts the transaction and the COMMIT rolls back.
      const results = await Promise.all([
        readOnly ? connection`begin read only` : connection`begin`,
        connection.unsafe(TENANT_SETTINGS, [organizationUuid], { prepare: true }),
        ...statements.map((s) => connection.unsafe(s.text, s.params as never[], { prepare: true })),
        connection`commit`,
      ]);
      return results.slice(2, 2 + statements.length) as unknown as Row[][];
    } catch (error) {
      await connection`rollback`.catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  };
  return {
    read: (organizationUuid, statements) => pipeline(organizationUuid, statements, true),
    write: (organizationUuid, statements) => pipeline(organizationUuid, statements, false),
  };
}

export function pgliteTenantReads(client: PGlite): TenantReads {
  const reads: TenantReads = {
    async read(organizationUuid, statements) {
      assertTenantId(organizationUuid);
      return client.transaction(async (tx) => {
        await tx.query(TENANT_SETTINGS, [organizationUuid]);
        const results: Row[][] = [];
        for (const s of statements) results.push((await tx.query<Row>(s.text, [...s.params])).rows);
        return results;
      });
    },
    // One connection, in process: a write runs in its transaction like a read.
    write: (organizationUuid, statements) => reads.read(organizationUuid, statements),
  };
  return reads;
}
