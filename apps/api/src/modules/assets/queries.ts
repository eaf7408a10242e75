import {
  AssetDefinition,
  type AssetDefinitionListQuery,
  type AssetDefinitionPage,
  AssetItem,
  type AssetListQuery,
  type AssetPage,
} from '@equip/domain/assets';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { insertRowsAsJson, type WritePace } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { collated } from '../../db/collation.ts';
import { assetDefinitions, assetInstances, assetKinds } from '../../db/schema/index.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import { type JsonText, type ListDefinition, readJsonPage } from '../../lists/list-query.ts';
import { assetList, definitionList } from './list.ts';

export type DefinitionValues = typeof assetDefinitions.$inferInsert;
export type ItemValues = typeof assetInstances.$inferInsert;

export const listDefinitions = (
  reads: TenantReads,
  organizationUuid: string,
  query: AssetDefinitionListQuery,
): Promise<JsonText<AssetDefinitionPage>> => readJsonPage(reads, definitionList, organizationUuid, query);

export const listItems = (
  reads: TenantReads,
  organizationUuid: string,
  query: AssetListQuery,
): Promise<JsonText<AssetPage>> => readJsonPage(reads, assetList, organizationUuid, query);

/**
 * Rows of a list's projection (its response's fields, the same SQL as its pages) for a condition, in
 * the caller's transaction: the detail of one record and the items of one person read what the list
 * shows, never a second copy of its columns.
 */
async function rowsOf<TItem extends object>(
  tx: Db,
  list: ListDefinition<never, TItem, string>,
  item: z.ZodType<TItem>,
  from: SQL,
  where: SQL,
  orderBy: SQL,
): Promise<TItem[]> {
  const select = sql.join(
    Object.entries(list.columns as Record<string, SQL>).map(
      ([field, expression]) => sql`${expression} as ${sql.identifier(field)}`,
    ),
    sql`, `,
  );
  const { rows } = (await tx.execute(
    sql`select ${select} from ${from} where ${where} order by ${orderBy}`,
  )) as {
    rows: Record<string, unknown>[];
  };
  // Instants come back as the driver reads them (a Date, or text on PGlite's JSON path).
  return rows.map((row) =>
    item.parse({
      ...row,
      createdAt: new Date(row.createdAt as string).toISOString(),
      updatedAt: new Date(row.updatedAt as string).toISOString(),
    }),
  );
}

const definitionFrom = sql`${assetDefinitions} left join ${assetKinds} on ${assetKinds.uuid} = ${assetDefinitions.assetKindUuid}`;
const itemFrom = sql`${assetInstances} join ${assetDefinitions} on ${assetDefinitions.uuid} = ${assetInstances.assetDefinitionUuid}`;
const byItemName = sql`${collated(assetDefinitions.name)}, ${assetInstances.uuid}`;

/** A definition of the tenant as the list shows it (row-level security hides others), or null. */
export async function findDefinition(tx: Db, uuid: string) {
  const [row] = await rowsOf(
    tx,
    definitionList as unknown as ListDefinition<never, AssetDefinition, string>,
    AssetDefinition,
    definitionFrom,
    eq(assetDefinitions.uuid, uuid),
    sql`${assetDefinitions.uuid}`,
  );
  return row ?? null;
}

const items = (tx: Db, where: SQL) =>
  rowsOf(
    tx,
    assetList as unknown as ListDefinition<never, AssetItem, string>,
    AssetItem,
    itemFrom,
    where,
    byItemName,
  );

/** An item of the tenant as the list shows it, or null. */
export async function findItem(tx: Db, uuid: string): Promise<AssetItem | null> {
  const [row] = await items(tx, eq(assetInstances.uuid, uuid));
  return row ?? null;
}

/** The tenant's items among `uuids` (other organisations' are left out by row-level security). */
export const findItems = (tx: Db, uuids: readonly string[]) =>
  items(tx, inArray(assetInstances.uuid, [...uuids]));

/** The items a person has, by name. */
export const itemsOf = (tx: Db, userUuid: string) => items(tx, eq(assetInstances.userUuid, userUuid));

/** The items of a definition. */
export const itemsOfDefinition = (tx: Db, definitionUuid: string) =>
  items(tx, eq(assetInstances.assetDefinitionUuid, definitionUuid));

export const listKinds = (tx: Db) =>
  tx
    .select({ uuid: assetKinds.uuid, name: assetKinds.name, baseKind: assetKinds.baseKind })
    .from(assetKinds)
    .orderBy(collated(assetKinds.name), assetKinds.uuid);

export async function findKind(tx: Db, uuid: string) {
  const [row] = await tx
    .select({ uuid: assetKinds.uuid, name: assetKinds.name, baseKind: assetKinds.baseKind })
    .from(assetKinds)
    .where(eq(assetKinds.uuid, uuid));
  return row ?? null;
}

export async function kindNamed(tx: Db, organizationUuid: string, name: string) {
  const [row] = await tx
    .select({ uuid: assetKinds.uuid })
    .from(assetKinds)
    .where(
      and(eq(assetKinds.organizationUuid, organizationUuid), sql`lower(${assetKinds.name}) = lower(${name})`),
    );
  return row ?? null;
}

export async function insertKind(tx: Db, values: typeof assetKinds.$inferInsert): Promise<string> {
  const [row] = await tx.insert(assetKinds).values(values).returning({ uuid: assetKinds.uuid });
  return row!.uuid;
}

export const deleteKind = (tx: Db, uuid: string) => tx.delete(assetKinds).where(eq(assetKinds.uuid, uuid));

export async function insertDefinition(tx: Db, values: DefinitionValues): Promise<string> {
  const [row] = await tx.insert(assetDefinitions).values(values).returning({ uuid: assetDefinitions.uuid });
  return row!.uuid;
}

export const updateDefinition = (tx: Db, uuid: string, changes: Partial<DefinitionValues>) =>
  tx
    .update(assetDefinitions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(assetDefinitions.uuid, uuid));

/** A definition goes with its items (the foreign key cascades). */
export const deleteDefinition = (tx: Db, uuid: string) =>
  tx.delete(assetDefinitions).where(eq(assetDefinitions.uuid, uuid));

export async function insertItems(tx: Db, values: ItemValues[]): Promise<string[]> {
  const rows = await tx.insert(assetInstances).values(values).returning({ uuid: assetInstances.uuid });
  return rows.map((row) => row.uuid);
}

export const updateItems = (tx: Db, uuids: readonly string[], changes: Partial<ItemValues>) =>
  tx
    .update(assetInstances)
    .set({ ...changes, updatedAt: new Date() })
    .where(inArray(assetInstances.uuid, [...uuids]));

export const deleteItems = (tx: Db, uuids: readonly string[]) =>
  tx.delete(assetInstances).where(inArray(assetInstances.uuid, [...uuids]));

/** The tenant's definitions as an import names them: name, vendor and model number. */
export const definitionIdentities = (tx: Db) =>
  tx
    .select({
      uuid: assetDefinitions.uuid,
      name: assetDefinitions.name,
      vendor: assetDefinitions.vendor,
      modelNumber: assetDefinitions.modelNumber,
    })
    .from(assetDefinitions);

/** Many definitions or items at once (an import's), as JSON rows at the write pace (see insertRowsAsJson). */
export const insertDefinitionsInBulk = (tx: Db, rows: DefinitionValues[], writing: BulkWriting) =>
  insertRowsAsJson(tx, assetDefinitions, rows, writing.firstStatementRows, writing.pace);
export const insertItemsInBulk = (tx: Db, rows: ItemValues[], writing: BulkWriting) =>
  insertRowsAsJson(tx, assetInstances, rows, writing.firstStatementRows, writing.pace);

export interface BulkWriting {
  firstStatementRows: number;
  pace?: WritePace | undefined;
}

/** Every item of the tenant with its model and the model's organisation kind, by model name (the export). */
export const itemsForExport = (tx: Db) =>
  tx
    .select({
      name: assetDefinitions.name,
      vendor: assetDefinitions.vendor,
      modelNumber: assetDefinitions.modelNumber,
      kind: assetDefinitions.kind,
      organizationKind: assetKinds.name,
      userUuid: assetInstances.userUuid,
      serialNumber: assetInstances.serialNumber,
      notes: assetInstances.notes,
      definitionProperties: assetDefinitions.properties,
      itemProperties: assetInstances.properties,
    })
    .from(assetInstances)
    .innerJoin(assetDefinitions, eq(assetDefinitions.uuid, assetInstances.assetDefinitionUuid))
    .leftJoin(assetKinds, eq(assetKinds.uuid, assetDefinitions.assetKindUuid))
    .orderBy(collated(assetDefinitions.name), assetInstances.createdAt, assetInstances.uuid);
