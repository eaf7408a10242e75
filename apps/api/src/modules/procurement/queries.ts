import type {
  CatalogItem,
  CatalogListQuery,
  CatalogPage,
  CatalogSpecificationInput,
  CheckoutRecord,
  CheckoutView,
  OrderDetail,
  OrderListQuery,
  OrderMonthTotals,
  OrderPage,
  ProcurementDraftRecord,
} from '@equip/domain/procurement';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  catalogItemSpecifications,
  catalogItems,
  checkouts,
  orderItems,
  orders,
  procurementDrafts,
  shipments,
} from '../../db/schema/index.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import { type JsonText, readJsonPage } from '../../lists/list-query.ts';
import { catalogList, orderList, orderTotal } from './list.ts';

export const listCatalog = (
  reads: TenantReads,
  organizationUuid: string,
  query: CatalogListQuery,
): Promise<JsonText<CatalogPage>> => readJsonPage(reads, catalogList, organizationUuid, query);

export const listOrders = (
  reads: TenantReads,
  organizationUuid: string,
  query: OrderListQuery,
): Promise<JsonText<OrderPage>> => readJsonPage(reads, orderList, organizationUuid, query);

/** The last twelve months' totals by purchase type (the orders screen's summary). */
export async function orderMonthTotals(tx: Db, organizationUuid: string): Promise<OrderMonthTotals> {
  const { rows } = (await tx.execute(sql`
    select t.month, t.purchase_type, sum(t.total)::integer as total, count(*)::integer as orders
    from (
      select to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM') as month,
        ${orders.purchaseType} as purchase_type, ${orderTotal} as total
      from ${orders}
      where ${orders.organizationUuid} = ${organizationUuid}
        and ${orders.status} not in ('canceled', 'rejected')
        and ${orders.createdAt} >= date_trunc('month', now() at time zone 'UTC') - interval '11 months'
    ) t
    group by t.month, t.purchase_type
    order by t.month desc`)) as unknown as {
    rows: { month: string; purchase_type: string; total: number; orders: number }[];
  };
  const months = new Map<string, OrderMonthTotals['months'][number]>();
  for (const row of rows) {
    const month = months.get(row.month) ?? {
      month: row.month,
      purchaseCents: 0,
      purchaseOrders: 0,
      rentCents: 0,
      rentOrders: 0,
    };
    if (row.purchase_type === 'rent') {
      month.rentCents = Number(row.total);
      month.rentOrders = Number(row.orders);
    } else {
      month.purchaseCents = Number(row.total);
      month.purchaseOrders = Number(row.orders);
    }
    months.set(row.month, month);
  }
  return { months: [...months.values()] };
}

/** One order with its items, address and parcel (the list's own expressions for the summary's fields). */
export async function orderDetailOf(
  tx: Db,
  organizationUuid: string,
  uuid: string,
): Promise<OrderDetail | null> {
  const c = orderList.columns;
  const [row] = await tx
    .select({
      uuid: orders.uuid,
      status: orders.status,
      purchaseType: orders.purchaseType,
      deliveryStatus: orders.deliveryStatus,
      recipient: sql<OrderDetail['recipient']>`${c.recipient}`,
      itemCount: sql<number>`${c.itemCount}`,
      totalCents: sql<number>`${c.totalCents}`,
      shipmentState: sql<OrderDetail['shipmentState']>`${c.shipmentState}`,
      deliveryAddress: orders.deliveryAddress,
      tracking: orders.tracking,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(and(eq(orders.uuid, uuid), eq(orders.organizationUuid, organizationUuid)));
  if (!row) return null;
  const items = await tx
    .select({
      uuid: orderItems.uuid,
      label: orderItems.label,
      quantity: orderItems.quantity,
      specificationUuid: orderItems.specificationUuid,
    })
    .from(orderItems)
    .where(eq(orderItems.orderUuid, uuid))
    .orderBy(orderItems.label, orderItems.uuid);
  const [parcel] = await tx
    .select({ carrier: shipments.carrier, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(eq(shipments.orderUuid, uuid))
    .limit(1);
  return {
    ...row,
    itemCount: Number(row.itemCount),
    totalCents: Number(row.totalCents),
    items,
    carrier: parcel?.carrier ?? null,
    trackingNumber: parcel?.trackingNumber ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One item with its specifications, on any handle (a tenant's sees General and its own). */
export async function catalogItemOf(db: Db, uuid: string): Promise<CatalogItem | null> {
  const [item] = await db.select().from(catalogItems).where(eq(catalogItems.uuid, uuid));
  if (!item) return null;
  const specs = await db
    .select()
    .from(catalogItemSpecifications)
    .where(eq(catalogItemSpecifications.catalogItemUuid, uuid))
    .orderBy(catalogItemSpecifications.priceCents, catalogItemSpecifications.uuid);
  return {
    uuid: item.uuid,
    scope: item.scope,
    organizationUuid: item.organizationUuid,
    label: item.label,
    deviceType: item.deviceType,
    operatingSystem: item.operatingSystem,
    manufacturer: item.manufacturer,
    modelName: item.modelName,
    imageUrl: item.imageUrl,
    specifications: specs.map((s) => ({
      uuid: s.uuid,
      chip: s.chip,
      memory: s.memory,
      storage: s.storage,
      color: s.color,
      keyboardLanguage: s.keyboardLanguage,
      screenSize: s.screenSize,
      priceCents: s.priceCents,
      rentPriceCents: s.rentPriceCents,
      currency: s.currency,
    })),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

export interface CatalogItemValues {
  label: string;
  deviceType: CatalogItem['deviceType'];
  operatingSystem: CatalogItem['operatingSystem'];
  manufacturer: string;
  modelName: string;
  imageUrl: string | null;
}

export async function insertCatalogItem(
  db: Db,
  organizationUuid: string | null,
  values: CatalogItemValues,
  specifications: CatalogSpecificationInput[],
): Promise<string> {
  const [row] = await db
    .insert(catalogItems)
    .values({ ...values, organizationUuid, scope: organizationUuid ? 'Organization' : 'General' })
    .returning({ uuid: catalogItems.uuid });
  const uuid = row!.uuid;
  await replaceSpecifications(db, uuid, organizationUuid, specifications);
  return uuid;
}

export async function updateCatalogItem(
  db: Db,
  uuid: string,
  organizationUuid: string | null,
  values: Partial<CatalogItemValues>,
  specifications: CatalogSpecificationInput[] | undefined,
): Promise<void> {
  await db
    .update(catalogItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(catalogItems.uuid, uuid));
  if (specifications) await replaceSpecifications(db, uuid, organizationUuid, specifications);
}

/** The item's specifications become these (order items keep their label; their link is set null). */
async function replaceSpecifications(
  db: Db,
  itemUuid: string,
  organizationUuid: string | null,
  specifications: CatalogSpecificationInput[],
): Promise<void> {
  await db.delete(catalogItemSpecifications).where(eq(catalogItemSpecifications.catalogItemUuid, itemUuid));
  await db
    .insert(catalogItemSpecifications)
    .values(specifications.map((spec) => ({ ...spec, catalogItemUuid: itemUuid, organizationUuid })));
}

export async function deleteCatalogItem(db: Db, uuid: string): Promise<void> {
  await db.delete(catalogItems).where(eq(catalogItems.uuid, uuid));
}

/** Which of these specifications the tenant may order (General or its own). */
export async function orderableSpecifications(
  tx: Db,
  organizationUuid: string,
  uuids: string[],
): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await tx
    .select({ uuid: catalogItemSpecifications.uuid })
    .from(catalogItemSpecifications)
    .where(
      and(
        inArray(catalogItemSpecifications.uuid, [...new Set(uuids)]),
        or(
          isNull(catalogItemSpecifications.organizationUuid),
          eq(catalogItemSpecifications.organizationUuid, organizationUuid),
        ),
      ),
    );
  return new Set(rows.map((r) => r.uuid));
}

/** Of `uuids`, those that can be rented (they have a monthly rent price). */
export async function rentableSpecifications(tx: Db, uuids: string[]): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await tx
    .select({ uuid: catalogItemSpecifications.uuid })
    .from(catalogItemSpecifications)
    .where(
      and(
        inArray(catalogItemSpecifications.uuid, [...new Set(uuids)]),
        isNotNull(catalogItemSpecifications.rentPriceCents),
      ),
    );
  return new Set(rows.map((r) => r.uuid));
}

const draftColumns = {
  uuid: procurementDrafts.uuid,
  organizationUuid: procurementDrafts.organizationUuid,
  procurementIntent: procurementDrafts.procurementIntent,
  buyerUserUuid: procurementDrafts.buyerUserUuid,
  recipientUserUuid: procurementDrafts.recipientUserUuid,
  purchaseType: procurementDrafts.purchaseType,
  deliveryAddress: procurementDrafts.deliveryAddress,
  items: procurementDrafts.items,
  createdAt: procurementDrafts.createdAt,
};
type DraftRow = Pick<typeof procurementDrafts.$inferSelect, keyof typeof draftColumns>;
const draftRecord = (row: DraftRow): ProcurementDraftRecord => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function insertDraft(
  tx: Db,
  values: Omit<ProcurementDraftRecord, 'uuid' | 'createdAt'>,
): Promise<ProcurementDraftRecord> {
  const [row] = await tx.insert(procurementDrafts).values(values).returning(draftColumns);
  return draftRecord(row!);
}

/** Replaces a draft's content (its intent and organisation stay). */
export async function replaceDraft(
  tx: Db,
  uuid: string,
  values: Omit<ProcurementDraftRecord, 'uuid' | 'createdAt' | 'organizationUuid' | 'procurementIntent'>,
): Promise<ProcurementDraftRecord | null> {
  const [row] = await tx
    .update(procurementDrafts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(procurementDrafts.uuid, uuid))
    .returning(draftColumns);
  return row ? draftRecord(row) : null;
}

export async function draftOf(
  tx: Db,
  organizationUuid: string,
  uuid: string,
): Promise<ProcurementDraftRecord | null> {
  const [row] = await tx
    .select(draftColumns)
    .from(procurementDrafts)
    .where(and(eq(procurementDrafts.uuid, uuid), eq(procurementDrafts.organizationUuid, organizationUuid)));
  return row ? draftRecord(row) : null;
}

const checkoutColumns = {
  uuid: checkouts.uuid,
  organizationUuid: checkouts.organizationUuid,
  draftUuid: checkouts.draftUuid,
  procurementProviderKind: checkouts.providerKind,
  status: checkouts.status,
  revokeReason: checkouts.revokeReason,
  revokedAt: checkouts.revokedAt,
  createdAt: checkouts.createdAt,
};
type CheckoutRow = Pick<
  typeof checkouts.$inferSelect,
  'uuid' | 'organizationUuid' | 'draftUuid' | 'status' | 'revokeReason' | 'revokedAt' | 'createdAt'
> & { procurementProviderKind: string };
const checkoutRecord = (row: CheckoutRow): CheckoutRecord => ({
  ...row,
  procurementProviderKind: row.procurementProviderKind as CheckoutRecord['procurementProviderKind'],
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function insertCheckout(
  tx: Db,
  values: {
    organizationUuid: string;
    draftUuid: string;
    providerKind: CheckoutRecord['procurementProviderKind'];
  },
): Promise<CheckoutRecord> {
  const [row] = await tx.insert(checkouts).values(values).returning(checkoutColumns);
  return checkoutRecord(row!);
}

/** The checkout, locked for a status change. */
export async function checkoutForUpdate(
  tx: Db,
  organizationUuid: string,
  uuid: string,
): Promise<CheckoutRecord | null> {
  const [row] = await tx
    .select(checkoutColumns)
    .from(checkouts)
    .where(and(eq(checkouts.uuid, uuid), eq(checkouts.organizationUuid, organizationUuid)))
    .for('update');
  return row ? checkoutRecord(row) : null;
}

/** The checkout with the order it made (once accepted), as its organisation sees it. */
export async function checkoutViewOf(
  tx: Db,
  organizationUuid: string,
  uuid: string,
): Promise<CheckoutView | null> {
  const [row] = await tx
    .select({ ...checkoutColumns, orderUuid: orders.uuid })
    .from(checkouts)
    .leftJoin(orders, eq(orders.checkoutUuid, checkouts.uuid))
    .where(and(eq(checkouts.uuid, uuid), eq(checkouts.organizationUuid, organizationUuid)))
    .limit(1);
  return row ? { ...checkoutRecord(row), orderUuid: row.orderUuid } : null;
}

/** A checkout with an open one of this draft (created or pending review), if any. */
export async function openCheckoutOfDraft(tx: Db, draftUuid: string): Promise<string | null> {
  const [row] = await tx
    .select({ uuid: checkouts.uuid })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.draftUuid, draftUuid),
        inArray(checkouts.status, ['created', 'pending_review', 'accepted']),
      ),
    );
  return row?.uuid ?? null;
}

export async function revokeCheckout(
  tx: Db,
  uuid: string,
  reason: string,
  revokedByUserUuid: string,
): Promise<CheckoutRecord> {
  const [row] = await tx
    .update(checkouts)
    .set({
      status: 'voided',
      revokeReason: reason,
      revokedAt: sql`now()`,
      revokedByUserUuid,
      updatedAt: sql`now()`,
    })
    .where(eq(checkouts.uuid, uuid))
    .returning(checkoutColumns);
  return checkoutRecord(row!);
}
