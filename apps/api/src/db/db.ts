import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

/*
 * The handle's type on its own, below client.ts: the pieces client.ts builds the connection from (the
 * job store, tenancy, tenant reads) take a handle too, and importing it from client.ts made a cycle.
 */

export type Schema = typeof schema;
/** A Drizzle handle: the whole database, or a transaction inside it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
