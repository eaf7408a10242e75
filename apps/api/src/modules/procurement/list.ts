import {
  CatalogItem,
  type CatalogItem as CatalogItemType,
  type CatalogListQuery,
  type CatalogSortingKey,
  type OrderListQuery,
  type OrderSortingKey,
  OrderSummary,
  type OrderSummary as OrderSummaryType,
} from '@equip/domain/procurement';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { collated } from '../../db/collation.ts';
import {
  catalogItemSpecifications,
  catalogItems,
  orderItems,
  orders,
  shipments,
} from '../../db/schema/index.ts';
import { defineList, type SortKey, sortValue } from '../../lists/list-query.ts';
import { personSql } from '../people/index.ts';

/**
 * The hardware catalog on the shared list machinery (decision 031): General items (no organisation)
 * and the organisation's own, each with its specifications (cheapest first). Row-level security lets
 * the tenant see exactly those; the filter says so too, for the planner. A catalog is hundreds of items,
 * so the text search is a LIKE over the words a person sees, counted with the page.
 */

const c = catalogItems;
const s = catalogItemSpecifications;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

const oneOf = (column: SQL, values: readonly string[] | undefined) =>
  values?.length ? inArray(column, [...values]) : undefined;

const by = (columns: SQL[], keyset: boolean): SortKey => ({ columns, keyset });

/** The price a query filters and sorts by: the one-time price, or the monthly rent. */
const priceOf = (query: Pick<CatalogListQuery, 'purchaseType'>) =>
  query.purchaseType === 'rent' ? sql`${s.rentPriceCents}` : sql`${s.priceCents}`;

const lowestPrice = (query: Pick<CatalogListQuery, 'purchaseType'>) =>
  sortValue(sql`(select min(${priceOf(query)}) from ${s} where ${s.catalogItemUuid} = ${c.uuid})`, 'integer');

const specificationsJson = sql`coalesce((select json_agg(json_build_object(
    'uuid', ${s.uuid}, 'chip', ${s.chip}, 'memory', ${s.memory}, 'storage', ${s.storage}, 'color', ${s.color},
    'keyboardLanguage', ${s.keyboardLanguage}, 'screenSize', ${s.screenSize}, 'priceCents', ${s.priceCents},
    'rentPriceCents', ${s.rentPriceCents}, 'currency', ${s.currency}) order by ${s.priceCents}, ${s.uuid})
  from ${s} where ${s.catalogItemUuid} = ${c.uuid}), '[]'::json)`;

const label = collated(c.label);

export const catalogList = defineList<CatalogListQuery, CatalogItemType, CatalogSortingKey>(CatalogItem, {
  name: 'procurement-catalog',
  columns: {
    uuid: sql`${c.uuid}`,
    scope: sql`${c.scope}`,
    organizationUuid: sql`${c.organizationUuid}`,
    label: sql`${c.label}`,
    deviceType: sql`${c.deviceType}`,
    operatingSystem: sql`${c.operatingSystem}`,
    manufacturer: sql`${c.manufacturer}`,
    modelName: sql`${c.modelName}`,
    imageUrl: sql`${c.imageUrl}`,
    specifications: specificationsJson,
    createdAt: sql`${c.createdAt}`,
    updatedAt: sql`${c.updatedAt}`,
  },
  from: () => sql`${c}`,
  where: (query, organizationUuid) => {
    const text = query.textSearchQuery?.trim().toLowerCase();
    const pattern = text ? `%${escapeLike(text)}%` : null;
    const priced = query.minPriceCents !== undefined || query.maxPriceCents !== undefined;
    const price = priceOf(query);
    return [
      sql`(${c.organizationUuid} is null or ${c.organizationUuid} = ${organizationUuid})`,
      oneOf(sql`${c.deviceType}`, query.deviceTypes),
      oneOf(sql`${c.operatingSystem}`, query.operatingSystems),
      oneOf(sql`${c.scope}`, query.scopes),
      priced
        ? sql`exists (select 1 from ${s} where ${s.catalogItemUuid} = ${c.uuid} and ${price} is not null
            ${query.minPriceCents !== undefined ? sql`and ${price} >= ${query.minPriceCents}` : sql``}
            ${query.maxPriceCents !== undefined ? sql`and ${price} <= ${query.maxPriceCents}` : sql``})`
        : undefined,
      pattern
        ? sql`(lower(concat_ws(' ', ${c.label}, ${c.manufacturer}, ${c.modelName})) like ${pattern}
            or exists (select 1 from ${s} where ${s.catalogItemUuid} = ${c.uuid}
              and lower(concat_ws(' ', ${s.chip}, ${s.memory}, ${s.storage}, ${s.color}, ${s.keyboardLanguage}, ${s.screenSize})) like ${pattern}))`
        : undefined,
    ];
  },
  sorts: {
    label: by([label], true),
    manufacturer: by([collated(c.manufacturer), label], false),
    price: by([lowestPrice({ purchaseType: 'one-time-purchase' }), label], false),
    rentPrice: by([lowestPrice({ purchaseType: 'rent' }), label], false),
  },
  tieBreaker: sql`${c.uuid}`,
  sortOf: (query) => ({ key: query.sortingKey ?? 'label', direction: query.sortingDirection ?? 'asc' }),
  total: () => 'window',
});

const o = orders;
const oi = orderItems;
const sh = shipments;
const recipient = sql`${o.recipientUserUuid}`;
/** The order's total from its items' catalog prices: the monthly rent of a rented order, else one-time. */
export const orderTotal = sql`coalesce((select sum(${oi.quantity} * (case when ${o.purchaseType} = 'rent'
    then coalesce(${s.rentPriceCents}, 0) else ${s.priceCents} end))::integer
  from ${oi} left join ${s} on ${s.uuid} = ${oi.specificationUuid} where ${oi.orderUuid} = ${o.uuid}), 0)`;
const latestShipment = sql`(select ${sh.state} from ${sh} where ${sh.orderUuid} = ${o.uuid}
  order by ${sh.createdAt} desc limit 1)`;

export const orderList = defineList<OrderListQuery, OrderSummaryType, OrderSortingKey>(OrderSummary, {
  name: 'procurement-orders',
  columns: {
    uuid: sql`${o.uuid}`,
    status: sql`${o.status}`,
    purchaseType: sql`${o.purchaseType}`,
    deliveryStatus: sql`${o.deliveryStatus}`,
    recipient: personSql.json(recipient),
    itemCount: sql`coalesce((select sum(${oi.quantity})::integer from ${oi} where ${oi.orderUuid} = ${o.uuid}), 0)`,
    totalCents: orderTotal,
    shipmentState: latestShipment,
    createdAt: sql`${o.createdAt}`,
    updatedAt: sql`${o.updatedAt}`,
  },
  from: () => sql`${o}`,
  where: (query, organizationUuid) => {
    const text = query.textSearchQuery?.trim().toLowerCase();
    const pattern = text ? `%${escapeLike(text)}%` : null;
    return [
      eq(o.organizationUuid, organizationUuid),
      oneOf(sql`${o.status}`, query.statuses),
      oneOf(sql`${o.purchaseType}`, query.purchaseTypes),
      oneOf(sql`${o.recipientUserUuid}`, query.recipientUserUuids),
      pattern
        ? sql`(lower(concat_ws(' ', ${personSql.firstName(recipient)}, ${personSql.lastName(recipient)})) like ${pattern}
            or exists (select 1 from ${oi} where ${oi.orderUuid} = ${o.uuid} and lower(${oi.label}) like ${pattern}))`
        : undefined,
    ];
  },
  sorts: {
    createdAt: by([sql`${o.createdAt}`], true),
    status: by([collated(o.status), sql`${o.createdAt}`], true),
  },
  tieBreaker: sql`${o.uuid}`,
  sortOf: (query) => ({ key: query.sortingKey ?? 'createdAt', direction: query.sortingDirection ?? 'desc' }),
  total: () => 'window',
});
