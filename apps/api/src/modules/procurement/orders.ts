import type { OrderStatus, OrderTrackingEvent, ShipmentState } from '@equip/domain/procurement';
import { shipmentCategory } from '@equip/domain/procurement';
import { isFinalStatus, transition } from '@equip/domain/procurement-status';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppJobs } from '../../background/app-job-types.ts';
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
import { withTenant } from '../../db/tenancy.ts';
import type {
  CheckoutStatus,
  OrderUpdate,
  ProcurementAdapter,
  ProviderCheckout,
  ProviderOrder,
} from '../../providers/procurement/adapter.ts';
import { type EventInput, logEvent } from '../audit-log/index.ts';
import { addOrderedDevices, settleOrderedDevices } from '../devices/index.ts';
import { personRef } from '../people/index.ts';

/**
 * Checkouts and orders moving at the provider (decision 031): one step per job. Each step asks the
 * adapter, checks the move against the domain's status table and writes it; a move the table refuses
 * is logged and changes nothing. The inbound webhook applies a real provider's reports with the same
 * functions (`applyCheckoutStatus`, `applyOrderUpdate`).
 */

export interface StepLog {
  warn(details: object, message: string): void;
}

export type Applied = { applied: true } | { applied: false; reason: string };

async function checkoutOf(tx: Db, uuid: string, lock = false): Promise<ProviderCheckout | null> {
  const query = tx
    .select({
      uuid: checkouts.uuid,
      organizationUuid: checkouts.organizationUuid,
      providerReference: checkouts.providerReference,
      status: checkouts.status,
    })
    .from(checkouts)
    .where(eq(checkouts.uuid, uuid));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function orderOf(
  tx: Db,
  uuid: string,
  lock = false,
): Promise<(ProviderOrder & { organizationUuid: string }) | null> {
  const query = tx
    .select({
      uuid: orders.uuid,
      organizationUuid: orders.organizationUuid,
      providerReference: orders.providerReference,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.uuid, uuid));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const [parcel] = await tx
    .select({ state: shipments.state })
    .from(shipments)
    .where(eq(shipments.orderUuid, uuid))
    .orderBy(desc(shipments.createdAt))
    .limit(1);
  return { ...row, shipment: parcel?.state ?? null };
}

/** The order an accepted checkout makes: its draft's recipient, address and items (labelled from the catalog). */
async function createOrderOf(tx: Db, checkoutUuid: string): Promise<string> {
  const [draft] = await tx
    .select({
      organizationUuid: procurementDrafts.organizationUuid,
      buyerUserUuid: procurementDrafts.buyerUserUuid,
      recipientUserUuid: procurementDrafts.recipientUserUuid,
      purchaseType: procurementDrafts.purchaseType,
      deliveryAddress: procurementDrafts.deliveryAddress,
      items: procurementDrafts.items,
    })
    .from(checkouts)
    .innerJoin(procurementDrafts, eq(procurementDrafts.uuid, checkouts.draftUuid))
    .where(eq(checkouts.uuid, checkoutUuid));
  if (!draft) throw new Error(`checkout ${checkoutUuid} has no draft`);
  const specUuids = draft.items.map((item) => item.procurementItemSpecificationUuid);
  const offered = new Map(
    (
      await tx
        .select({
          uuid: catalogItemSpecifications.uuid,
          label: sql<string>`concat_ws(', ', ${catalogItems.label}, ${catalogItemSpecifications.chip}, ${catalogItemSpecifications.memory}, ${catalogItemSpecifications.storage}, ${catalogItemSpecifications.color})`,
          model: catalogItems.label,
          modelName: catalogItems.modelName,
          manufacturer: catalogItems.manufacturer,
          type: catalogItems.deviceType,
          os: catalogItems.operatingSystem,
        })
        .from(catalogItemSpecifications)
        .innerJoin(catalogItems, eq(catalogItems.uuid, catalogItemSpecifications.catalogItemUuid))
        .where(
          inArray(
            catalogItemSpecifications.uuid,
            specUuids.length ? specUuids : ['00000000-0000-4000-8000-000000000000'],
          ),
        )
    ).map((row) => [row.uuid, row]),
  );
  const [order] = await tx
    .insert(orders)
    .values({
      organizationUuid: draft.organizationUuid,
      checkoutUuid,
      status: 'created',
      buyerUserUuid: draft.buyerUserUuid,
      recipientUserUuid: draft.recipientUserUuid,
      purchaseType: draft.purchaseType,
      deliveryAddress: draft.deliveryAddress,
      tracking: [{ at: new Date().toISOString(), status: 'created', shipmentState: null }],
    })
    .returning({ uuid: orders.uuid });
  if (draft.items.length > 0) {
    const items = await tx
      .insert(orderItems)
      .values(
        draft.items.map((item) => ({
          organizationUuid: draft.organizationUuid,
          orderUuid: order!.uuid,
          specificationUuid: offered.has(item.procurementItemSpecificationUuid)
            ? item.procurementItemSpecificationUuid
            : null,
          label:
            offered.get(item.procurementItemSpecificationUuid)?.label ?? 'Catalog item no longer offered',
          quantity: item.quantity,
        })),
      )
      .returning({
        uuid: orderItems.uuid,
        specificationUuid: orderItems.specificationUuid,
        quantity: orderItems.quantity,
      });
    // The hardware becomes devices now, `ordered` until delivered (issue 31, item 6).
    await addOrderedDevices(tx, {
      organizationUuid: draft.organizationUuid,
      orderUuid: order!.uuid,
      recipientUserUuid: draft.recipientUserUuid,
      lines: items.flatMap((item) => {
        const spec = item.specificationUuid ? offered.get(item.specificationUuid) : undefined;
        return spec
          ? [
              {
                orderItemUuid: item.uuid,
                label: spec.model,
                manufacturer: spec.manufacturer,
                model: spec.modelName,
                type: spec.type,
                os: spec.os,
                quantity: item.quantity,
              },
            ]
          : [];
      }),
    });
  }
  return order!.uuid;
}

/**
 * Moves a checkout to `to` when the status table allows it (in the caller's tenant transaction):
 * accepted makes its order. Answers what happened; a refused move is logged and writes nothing.
 */
export async function applyCheckoutStatus(
  tx: Db,
  checkoutUuid: string,
  to: CheckoutStatus,
  log: StepLog,
): Promise<Applied & { orderUuid?: string }> {
  const checkout = await checkoutOf(tx, checkoutUuid, true);
  if (!checkout) return { applied: false, reason: 'Checkout not found' };
  const result = transition('checkout', checkout.status, to);
  if (!result.ok) {
    if (result.reason !== 'Unchanged')
      log.warn({ checkout: checkoutUuid, ...result }, `procurement: ${result.message}`);
    return { applied: false, reason: result.message };
  }
  await tx
    .update(checkouts)
    .set({ status: to, updatedAt: new Date() })
    .where(eq(checkouts.uuid, checkoutUuid));
  if (to !== 'accepted') return { applied: true };
  return { applied: true, orderUuid: await createOrderOf(tx, checkoutUuid) };
}

/**
 * Applies one change of an order at the provider: its shipment event (a new parcel state) and its
 * status, each only where the status table allows it; the delivery status follows. Nothing is written
 * when either move is refused (logged).
 */
export async function applyOrderUpdate(
  tx: Db,
  orderUuid: string,
  update: OrderUpdate,
  log: StepLog,
): Promise<Applied> {
  const order = await orderOf(tx, orderUuid, true);
  if (!order) return { applied: false, reason: 'Order not found' };
  const refuse = (result: ReturnType<typeof transition>): Applied => {
    if (result.ok) return { applied: true };
    if (result.reason !== 'Unchanged')
      log.warn({ order: orderUuid, ...result }, `procurement: ${result.message}`);
    return { applied: false, reason: result.message };
  };
  if (update.shipment && order.shipment) {
    const moved = transition('shipment', order.shipment, update.shipment);
    if (!moved.ok) return refuse(moved);
  }
  const statusChanges = update.status !== undefined && update.status !== order.status;
  if (statusChanges) {
    const moved = transition('order', order.status, update.status!);
    if (!moved.ok) return refuse(moved);
  }
  if (!statusChanges && (!update.shipment || update.shipment === order.shipment))
    return { applied: false, reason: 'Nothing changed' };
  const shipmentChanges = update.shipment !== undefined && update.shipment !== order.shipment;
  if (update.shipment) await recordShipment(tx, order, update.shipment);
  const event: OrderTrackingEvent = {
    at: new Date().toISOString(),
    status: statusChanges ? update.status! : null,
    shipmentState: shipmentChanges ? update.shipment! : null,
  };
  await tx
    .update(orders)
    .set({
      ...(statusChanges
        ? { status: update.status!, deliveryStatus: deliveryStatusOf(update.status!, order.status) }
        : {}),
      tracking: sql`${orders.tracking} || ${JSON.stringify([event])}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(orders.uuid, orderUuid));
  await logOrderEvents(tx, order, {
    status: statusChanges ? update.status! : null,
    shipment: shipmentChanges ? update.shipment! : null,
  });
  // Its devices arrive, or will not (rejected, canceled): issue 31, item 6.
  if (statusChanges) {
    const items = await tx
      .select({ uuid: orderItems.uuid })
      .from(orderItems)
      .where(eq(orderItems.orderUuid, orderUuid));
    await settleOrderedDevices(
      tx,
      items.map((item) => item.uuid),
      update.status!,
    );
  }
  return { applied: true };
}

/**
 * An applied change as events (issue 31, item 6): every status change (ORDER_STATUS_CHANGED); the
 * parcel's first state past its order data (ORDER_SHIPPED); a parcel entering an exception state
 * (ORDER_STUCK). The provider is the actor, so none is named. The events' hooks write the webhooks and
 * the IT owners' notifications in the same transaction.
 */
async function logOrderEvents(
  tx: Db,
  order: ProviderOrder & { organizationUuid: string },
  change: { status: OrderStatus | null; shipment: ShipmentState | null },
): Promise<void> {
  const [row] = await tx
    .select({ recipientUserUuid: orders.recipientUserUuid })
    .from(orders)
    .where(eq(orders.uuid, order.uuid));
  const recipient = row?.recipientUserUuid ? await personRef(tx, row.recipientUserUuid) : null;
  const recipientName = recipient ? `${recipient.firstName} ${recipient.lastName}`.trim() : null;
  const base = { organizationUuid: order.organizationUuid, actorUuid: null, subjectUuid: order.uuid };
  const events: EventInput[] = [];
  if (change.status)
    events.push({ ...base, type: 'ORDER_STATUS_CHANGED', data: { from: order.status, to: change.status } });
  if (change.shipment) {
    const category = shipmentCategory(change.shipment);
    const before = order.shipment ? shipmentCategory(order.shipment) : null;
    if (category !== 'data' && category !== 'exception' && (before === null || before === 'data')) {
      const [parcel] = await tx
        .select({ trackingNumber: shipments.trackingNumber })
        .from(shipments)
        .where(eq(shipments.orderUuid, order.uuid))
        .limit(1);
      events.push({
        ...base,
        type: 'ORDER_SHIPPED',
        data: {
          recipientName,
          trackingNumber: parcel?.trackingNumber ?? null,
          shipmentState: change.shipment,
        },
      });
    }
    if (category === 'exception')
      events.push({ ...base, type: 'ORDER_STUCK', data: { recipientName, shipmentState: change.shipment } });
  }
  await logEvent(tx, events);
}

function deliveryStatusOf(status: OrderStatus, _from: OrderStatus) {
  if (status === 'in-progress' || status === 'delivered' || status === 'undelivered') return status;
  return null;
}

async function recordShipment(
  tx: Db,
  order: ProviderOrder & { organizationUuid: string },
  state: ShipmentState,
) {
  const [parcel] = await tx
    .select({ uuid: shipments.uuid })
    .from(shipments)
    .where(eq(shipments.orderUuid, order.uuid))
    .limit(1);
  if (parcel)
    await tx
      .update(shipments)
      .set({ state, stateChangedAt: new Date() })
      .where(eq(shipments.uuid, parcel.uuid));
  else
    await tx.insert(shipments).values({
      organizationUuid: order.organizationUuid,
      orderUuid: order.uuid,
      carrier: 'Sandbox Parcel',
      trackingNumber: `SBX-${order.uuid.slice(0, 8).toUpperCase()}`,
      state,
      stateChangedAt: new Date(),
    });
}

/** The jobs that walk checkouts and orders at the provider, one step each. */
export function registerProcurementJobs(
  jobs: AppJobs,
  deps: { db: Db; adapter: ProcurementAdapter | null; log: StepLog },
): void {
  const { db, adapter, log } = deps;
  const later = () =>
    adapter && adapter.stepDelayMs > 0 ? new Date(Date.now() + adapter.stepDelayMs) : undefined;
  const next = (
    name: 'procurement.checkout' | 'procurement.order',
    organizationUuid: string,
    uuid: string,
    step: string,
    tx?: Db,
  ) => {
    const startAfter = later();
    const payload =
      name === 'procurement.checkout'
        ? { organizationUuid, checkoutUuid: uuid }
        : { organizationUuid, orderUuid: uuid };
    return jobs.send(name, payload as never, {
      key: `${uuid}:${step}`,
      ...(tx ? { db: tx } : {}),
      ...(startAfter ? { startAfter } : {}),
    });
  };

  jobs.handle('procurement.checkout', async ({ organizationUuid, checkoutUuid }) => {
    if (!adapter) return;
    const tenant = <T>(work: (tx: Db) => Promise<T>) => withTenant(db, organizationUuid, work);
    const checkout = await tenant((tx) => checkoutOf(tx, checkoutUuid));
    if (!checkout || isFinalStatus('checkout', checkout.status)) return;
    if (!checkout.providerReference) {
      const { providerReference } = await adapter.submitCheckout(checkout);
      await tenant(async (tx) => {
        await tx.update(checkouts).set({ providerReference }).where(eq(checkouts.uuid, checkoutUuid));
        await next('procurement.checkout', organizationUuid, checkoutUuid, 'submitted', tx);
      });
      return;
    }
    const to = await adapter.checkoutUpdate(checkout);
    if (!to) return;
    await tenant(async (tx) => {
      const applied = await applyCheckoutStatus(tx, checkoutUuid, to, log);
      if (!applied.applied) return;
      if (applied.orderUuid)
        await next('procurement.order', organizationUuid, applied.orderUuid, 'created', tx);
      else if (!isFinalStatus('checkout', to))
        await next('procurement.checkout', organizationUuid, checkoutUuid, to, tx);
    });
  });

  jobs.handle('procurement.order', async ({ organizationUuid, orderUuid }) => {
    if (!adapter) return;
    const tenant = <T>(work: (tx: Db) => Promise<T>) => withTenant(db, organizationUuid, work);
    const order = await tenant((tx) => orderOf(tx, orderUuid));
    if (!order || isFinalStatus('order', order.status)) return;
    if (!order.providerReference) {
      const [checkout] = await tenant((tx) =>
        tx
          .select({ uuid: checkouts.uuid })
          .from(orders)
          .innerJoin(checkouts, eq(checkouts.uuid, orders.checkoutUuid))
          .where(and(eq(orders.uuid, orderUuid))),
      );
      const provider = checkout ? await tenant((tx) => checkoutOf(tx, checkout.uuid)) : null;
      if (!provider) return;
      const { providerReference } = await adapter.placeOrder(provider, orderUuid);
      await tenant(async (tx) => {
        await tx.update(orders).set({ providerReference }).where(eq(orders.uuid, orderUuid));
        await next('procurement.order', organizationUuid, orderUuid, 'placed', tx);
      });
      return;
    }
    const update = await adapter.orderUpdate(order);
    if (!update) return;
    await tenant(async (tx) => {
      const applied = await applyOrderUpdate(tx, orderUuid, update, log);
      const after = await orderOf(tx, orderUuid);
      if (applied.applied && after && !isFinalStatus('order', after.status))
        await next(
          'procurement.order',
          organizationUuid,
          orderUuid,
          `${after.status}:${after.shipment ?? ''}`,
          tx,
        );
    });
  });
}
