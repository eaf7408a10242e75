import {
  AssetDefinition,
  type AssetDefinitionListQuery,
  type AssetDefinitionSortingKey,
  type AssetDefinition as AssetDefinitionType,
  AssetItem,
  type AssetItem as AssetItemType,
  type AssetListQuery,
  type AssetSortingKey,
} from '@equip/domain/assets';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { collated } from '../../db/collation.ts';
import { assetCounts, assetDefinitions, assetInstances, assetKinds } from '../../db/schema/index.ts';
import { defineList, type SortKey, sortValue } from '../../lists/list-query.ts';
import { personSql } from '../people/index.ts';

/**
 * The assets screen's two lists on the shared machinery (lists/list-query.ts): the definitions with
 * their items in use and in stock, and the items with their definition's name and kind and the person
 * they are with. An item carries its model's name and kinds and its person's names (migration 0047), so
 * a page of items is read along one index of asset_instances, and its total without a search is a sum
 * over asset_counts. The text search narrows with a LIKE over the words a person sees, counted with
 * the page.
 */

const d = assetDefinitions;
const i = assetInstances;
const k = assetKinds;
const c = assetCounts;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE pattern of a text search (lower-cased), or null without one. */
function searchPattern(query: { textSearchQuery?: string | undefined }): string | null {
  const text = query.textSearchQuery?.trim().toLowerCase();
  return text ? `%${escapeLike(text)}%` : null;
}

const oneOf = (column: SQL, values: readonly string[] | undefined) =>
  values?.length ? inArray(column, [...values]) : undefined;

const by = (columns: SQL[], keyset: boolean): SortKey => ({ columns, keyset });

/** A definition's items of one status, from the kept counts. */
const itemsWith = (status: 'in-use' | 'in-stock') =>
  sortValue(
    sql`(select coalesce(sum(${c.count}), 0)::integer from ${c} where ${c.assetDefinitionUuid} = ${d.uuid} and ${c.status} = ${status})`,
    'integer',
  );

const definitionName = collated(d.name);

export const definitionList = defineList<
  AssetDefinitionListQuery,
  AssetDefinitionType,
  AssetDefinitionSortingKey
>(AssetDefinition, {
  name: 'asset-definitions',
  columns: {
    uuid: sql`${d.uuid}`,
    name: sql`${d.name}`,
    kind: sql`${d.kind}`,
    assetKind: sql`case when ${k.uuid} is null then null else json_build_object('uuid', ${k.uuid}, 'name', ${k.name}) end`,
    modelNumber: sql`${d.modelNumber}`,
    vendor: sql`${d.vendor}`,
    properties: sql`${d.properties}`,
    inUse: itemsWith('in-use'),
    inStock: itemsWith('in-stock'),
    createdAt: sql`${d.createdAt}`,
    updatedAt: sql`${d.updatedAt}`,
  },
  from: () => sql`${d} left join ${k} on ${k.uuid} = ${d.assetKindUuid}`,
  where: (query, organizationUuid) => {
    const pattern = searchPattern(query);
    return [
      eq(d.organizationUuid, organizationUuid),
      oneOf(sql`${d.kind}`, query.kinds),
      oneOf(sql`${d.assetKindUuid}`, query.assetKindUuids),
      pattern
        ? sql`lower(concat_ws(' ', ${d.name}, ${d.vendor}, ${d.modelNumber}, ${k.name})) like ${pattern}`
        : undefined,
    ];
  },
  sorts: {
    name: by([definitionName], true),
    kind: by([collated(d.kind), definitionName], true),
    vendor: by([collated(d.vendor), definitionName], false),
    inUse: by([itemsWith('in-use'), definitionName], true),
    inStock: by([itemsWith('in-stock'), definitionName], true),
  },
  tieBreaker: sql`${d.uuid}`,
  sortOf: (query) => ({ key: query.sortingKey ?? 'name', direction: query.sortingDirection ?? 'asc' }),
  total: () => 'window',
});

const assignee = sql`${i.userUuid}`;
const itemName = collated(i.definitionName);

/** The items matching the filters without a search, summed over the kept counts. */
function countedTotal(query: AssetListQuery, organizationUuid: string): SQL<number> {
  const byDefinition =
    query.kinds?.length || query.assetKindUuids?.length
      ? sql`${c.assetDefinitionUuid} in (select ${d.uuid} from ${d} where ${and(
          oneOf(sql`${d.kind}`, query.kinds),
          oneOf(sql`${d.assetKindUuid}`, query.assetKindUuids),
        )})`
      : undefined;
  const where = and(
    eq(c.organizationUuid, organizationUuid),
    oneOf(sql`${c.assignment}`, query.assignmentTypes),
    oneOf(sql`${c.status}`, query.statuses),
    oneOf(sql`${c.assetDefinitionUuid}`, query.assetDefinitionUuids),
    byDefinition,
  );
  return sql<number>`(select coalesce(sum(${c.count}), 0)::integer from ${c} where ${where})`;
}

export const assetList = defineList<AssetListQuery, AssetItemType, AssetSortingKey>(AssetItem, {
  name: 'assets',
  columns: {
    uuid: sql`${i.uuid}`,
    assetDefinitionUuid: sql`${i.assetDefinitionUuid}`,
    name: sql`${i.definitionName}`,
    kind: sql`${i.kind}`,
    vendor: sql`${d.vendor}`,
    modelNumber: sql`${d.modelNumber}`,
    serialNumber: sql`${i.serialNumber}`,
    notes: sql`${i.notes}`,
    status: sql`${i.status}`,
    assignment: sql`${i.assignment}`,
    assignedTo: personSql.json(assignee),
    properties: sql`${i.properties}`,
    createdAt: sql`${i.createdAt}`,
    updatedAt: sql`${i.updatedAt}`,
  },
  from: () => sql`${i} join ${d} on ${d.uuid} = ${i.assetDefinitionUuid}`,
  where: (query, organizationUuid) => {
    const pattern = searchPattern(query);
    return [
      eq(i.organizationUuid, organizationUuid),
      oneOf(sql`${i.assignment}`, query.assignmentTypes),
      oneOf(sql`${i.status}`, query.statuses),
      oneOf(sql`${i.kind}`, query.kinds),
      oneOf(sql`${i.assetKindUuid}`, query.assetKindUuids),
      oneOf(sql`${i.assetDefinitionUuid}`, query.assetDefinitionUuids),
      // The item's own words (search_text), or its model's: a few models are matched once, not per item.
      pattern
        ? sql`(${i.searchText} like ${pattern} or ${i.assetDefinitionUuid} in (select ${d.uuid} from ${d}
            where ${d.organizationUuid} = ${organizationUuid}
              and lower(concat_ws(' ', ${d.name}, ${d.vendor}, ${d.modelNumber})) like ${pattern}))`
        : undefined,
    ];
  },
  sorts: {
    name: by([itemName], true),
    serialNumber: by([collated(i.serialNumber), itemName], false),
    assignedTo: by([collated(i.assigneeLastName), collated(i.assigneeFirstName), itemName], false),
    status: by([collated(i.status), itemName], true),
    createdAt: by([sql`${i.createdAt}`], true),
  },
  tieBreaker: sql`${i.uuid}`,
  sortOf: (query) => ({ key: query.sortingKey ?? 'name', direction: query.sortingDirection ?? 'asc' }),
  total: (query, organizationUuid) =>
    searchPattern(query) ? 'window' : countedTotal(query, organizationUuid),
});
