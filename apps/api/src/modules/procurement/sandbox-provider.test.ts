import { randomUUID } from 'node:crypto';
import type {
  CatalogItem,
  CheckoutRecord,
  OrderDetail,
  OrderMonthTotals,
  OrderPage,
  ProcurementDraftRecord,
} from '@equip/domain/procurement';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkouts,
  devices,
  eventLog,
  notifications,
  orderItems,
  orders,
  shipments,
} from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { App } from '../../http/types.ts';
import { procurementAdapterOf } from '../../providers/procurement/procurement-adapters.ts';
import type { SandboxProcurementAdapter } from '../../providers/procurement/sandbox.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokensOfRoles } from '../../test/factories.ts';
import { applyCheckoutStatus, applyOrderUpdate } from './orders.ts';

/** The sandbox provider walks checkouts and orders as jobs (issue 31, item 4; decision 031). */
describe('sandbox procurement provider', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let ownerToken: string;
  let otherOwnerToken: string;
  let regularToken: string;
  let recipient: string;
  let owner: string;
  let spec: string;
  let sandbox: SandboxProcurementAdapter;
  const db = () => t.services.database.db;

  const post = async <T>(url: string, payload: object): Promise<T> => {
    const res = await app.inject({ method: 'POST', url, headers: bearer(ownerToken), payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as T;
  };
  const checkoutOfNewDraft = async () => {
    const draft = await post<ProcurementDraftRecord>('/api/procurement/drafts', {
      procurementIntent: 'Onboarding',
      buyerUserUuid: owner,
      recipientUserUuid: recipient,
      deliveryAddress: {
        recipient: 'Rita',
        address: 'Torstraße 49',
        city: 'Berlin',
        postalCode: '10119',
        country: 'DE',
      },
      items: [{ quantity: 2, procurementItemSpecificationUuid: spec }],
    });
    return post<CheckoutRecord>('/api/procurement/checkouts', {
      procurementProviderKind: 'TopiComspot',
      procurementUuid: draft.uuid,
    });
  };
  async function until<T>(
    what: string,
    read: () => Promise<T>,
    done: (value: T) => boolean,
    ms = 30_000,
  ): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const checkoutRow = async (uuid: string) =>
    (await db().select().from(checkouts).where(eq(checkouts.uuid, uuid)))[0]!;
  const orderOfCheckout = async (uuid: string) =>
    (await db().select().from(orders).where(eq(orders.checkoutUuid, uuid)))[0] ?? null;
  const parcelOf = async (orderUuid: string) =>
    (await db().select().from(shipments).where(eq(shipments.orderUuid, orderUuid)))[0] ?? null;
  const finalOrder = (uuid: string) =>
    until(
      'order',
      () => orderOfCheckout(uuid),
      (o) => o !== null && ['delivered', 'rejected', 'canceled', 'undelivered'].includes(o.status),
    );

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    const tag = randomUUID().slice(0, 6);
    orgUuid = (await createOrganization(db(), `Sandbox ${tag}`)).uuid;
    const other = (await createOrganization(db(), `Other ${tag}`)).uuid;
    const tokens = await tokensOfRoles(t.services, orgUuid, other);
    ownerToken = tokens.ownerToken;
    otherOwnerToken = tokens.otherOwnerToken;
    regularToken = tokens.regularToken;
    owner = tokens.owner.uuid;
    recipient = (await createUser(db(), { organizationUuid: orgUuid })).uuid;
    const item = await post<CatalogItem>('/api/procurement/catalog', {
      scope: 'Organization',
      label: `Laptop ${tag}`,
      deviceType: 'COMPUTER',
      operatingSystem: 'MACOS',
      manufacturer: 'Apple',
      modelName: 'MacBook Air',
      specifications: [{ priceCents: 129_900, rentPriceCents: 4_900, chip: 'M4', memory: '16 GB' }],
    });
    spec = item.specifications[0]!.uuid;
    sandbox = procurementAdapterOf(t.services.config.procurement) as SandboxProcurementAdapter;
    expect(sandbox.kind).toBe('sandbox');
  });
  afterAll(() => t.app.close());

  it('accepts the checkout, makes the order and delivers it through every shipment category', async () => {
    sandbox.scriptOutcome({ checkout: 'accepted', order: 'delivered' });
    const checkout = await checkoutOfNewDraft();
    const order = await finalOrder(checkout.uuid);
    expect(order).toMatchObject({
      status: 'delivered',
      deliveryStatus: 'delivered',
      recipientUserUuid: recipient,
    });
    expect(order!.providerReference).toBe(`sandbox-order-${order!.uuid}`);
    // The wizard watches the checkout until it names its order.
    const watched = await app.inject({
      method: 'GET',
      url: `/api/procurement/checkouts/${checkout.uuid}`,
      headers: bearer(ownerToken),
    });
    expect(watched.json()).toMatchObject({ status: 'accepted', orderUuid: order!.uuid });
    expect(await checkoutRow(checkout.uuid)).toMatchObject({
      status: 'accepted',
      providerReference: `sandbox-checkout-${checkout.uuid}`,
    });
    expect(await parcelOf(order!.uuid)).toMatchObject({
      state: 'delivery_delivered',
      carrier: 'Sandbox Parcel',
    });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderUuid, order!.uuid));
    expect(items).toEqual([expect.objectContaining({ quantity: 2, specificationUuid: spec })]);
    expect(items[0]!.label).toContain('M4');
    // Its events: each status change, the parcel leaving once; the IT owners are told it shipped.
    const events = await db()
      .select({ type: eventLog.type, data: eventLog.data })
      .from(eventLog)
      .where(eq(eventLog.subjectUuid, order!.uuid))
      .orderBy(eventLog.createdAt);
    expect(events.filter((e) => e.type === 'ORDER_STATUS_CHANGED').map((e) => e.data)).toEqual([
      { from: 'created', to: 'confirmed' },
      { from: 'confirmed', to: 'in-progress' },
      { from: 'in-progress', to: 'delivered' },
    ]);
    expect(events.filter((e) => e.type === 'ORDER_SHIPPED')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'ORDER_STUCK')).toHaveLength(0);
    const told = await db()
      .select({ kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.organizationUuid, orgUuid), eq(notifications.kind, 'order.shipped')));
    expect(told.length).toBeGreaterThanOrEqual(1);
    // This order's (a retried test's first order is told too).
    expect(told.map((n) => n.params)).toContainEqual(
      expect.objectContaining({ orderUuid: order!.uuid, trackingNumber: expect.any(String) }),
    );
    // The two laptops became devices of the recipient, awaiting registration once delivered (item 6).
    const made = await db().select().from(devices).where(eq(devices.orderItemUuid, items[0]!.uuid));
    expect(made).toHaveLength(2);
    for (const device of made)
      expect(device).toMatchObject({
        organizationUuid: orgUuid,
        status: 'awaiting-registration',
        assignmentType: 'ASSIGNED',
        assignedToUuid: recipient,
        type: 'COMPUTER',
        os: 'MACOS',
        manufacturer: 'Apple',
        model: 'MacBook Air',
      });
    // Each was added as DEVICE_ADDED when the order was made, with no actor (the provider accepted it).
    const added = await db()
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, orgUuid), eq(eventLog.type, 'DEVICE_ADDED')));
    for (const device of made)
      expect(added.find((e) => e.subjectUuid === device.uuid)).toMatchObject({
        actorUuid: null,
        data: { name: device.name, type: 'COMPUTER', os: 'MACOS', status: 'ordered', orderUuid: order!.uuid },
      });
  });

  it('lists the orders with status, recipient, items, total and parcel, and shows one with its items', async () => {
    const get = (url: string, token: string | null = ownerToken) =>
      app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
    const page = (await get('/api/procurement/orders?statuses=delivered')).json() as OrderPage;
    expect(page.total).toBe(1);
    const [summary] = page.items;
    expect(summary).toMatchObject({
      status: 'delivered',
      purchaseType: 'one-time-purchase',
      deliveryStatus: 'delivered',
      recipient: { uuid: recipient },
      itemCount: 2,
      totalCents: 2 * 129_900,
      shipmentState: 'delivery_delivered',
    });
    expect(((await get('/api/procurement/orders?textSearchQuery=M4')).json() as OrderPage).total).toBe(1);
    expect(((await get('/api/procurement/orders?statuses=canceled')).json() as OrderPage).total).toBe(0);
    const detail = (await get(`/api/procurement/orders/${summary!.uuid}`)).json() as OrderDetail;
    expect(detail).toMatchObject({
      uuid: summary!.uuid,
      carrier: 'Sandbox Parcel',
      deliveryAddress: { city: 'Berlin' },
    });
    expect(detail.items).toEqual([expect.objectContaining({ quantity: 2, specificationUuid: spec })]);
    // The timeline: every status it reached and every shipment event, oldest first.
    const statuses = detail.tracking.flatMap((event) => (event.status ? [event.status] : []));
    expect(statuses).toEqual(['created', 'confirmed', 'in-progress', 'delivered']);
    const categories = new Set(
      detail.tracking.flatMap((event) => (event.shipmentState ? [event.shipmentState.split('_')[0]] : [])),
    );
    expect([...categories]).toEqual(expect.arrayContaining(['data', 'transit', 'delivery']));
    expect(detail.tracking.at(-1)).toMatchObject({ status: 'delivered' });
    const times = detail.tracking.map((event) => event.at);
    expect([...times].sort()).toEqual(times);
    expect((await get(`/api/procurement/orders/${summary!.uuid}`, otherOwnerToken)).statusCode).toBe(404);
    expect(((await get('/api/procurement/orders', otherOwnerToken)).json() as OrderPage).total).toBe(0);
    expect((await get('/api/procurement/orders', null)).statusCode).toBe(401);
    expect((await get('/api/procurement/orders', regularToken)).statusCode).toBe(403);
    // The totals per month: this month's delivered order counts as a purchase, at its total.
    const totals = (await get('/api/procurement/orders/totals')).json() as OrderMonthTotals;
    const month = new Date().toISOString().slice(0, 7);
    expect(totals.months[0]).toMatchObject({ month });
    expect(totals.months[0]!.purchaseCents).toBeGreaterThanOrEqual(2 * 129_900);
    expect(totals.months[0]!.purchaseOrders).toBeGreaterThanOrEqual(1);
    expect(
      ((await get('/api/procurement/orders/totals', otherOwnerToken)).json() as OrderMonthTotals).months,
    ).toEqual([]);
    expect((await get('/api/procurement/orders/totals', regularToken)).statusCode).toBe(403);
    expect((await get('/api/procurement/orders/totals', null)).statusCode).toBe(401);
    const bad = await get('/api/procurement/orders?statuses=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ location: 'query' });
  });

  it('cancels an order the provider still allows to cancel, and refuses the others, changing nothing', async () => {
    const cancel = (uuid: string, token = ownerToken) =>
      app.inject({ method: 'POST', url: `/api/procurement/orders/${uuid}/cancel`, headers: bearer(token) });
    const make = async (status: 'confirmed' | 'in-progress', state: 'transit_in_transit' | null) => {
      const [row] = await db().insert(orders).values({ organizationUuid: orgUuid, status }).returning();
      if (state)
        await db().insert(shipments).values({ organizationUuid: orgUuid, orderUuid: row!.uuid, state });
      return row!.uuid;
    };
    const open = await make('confirmed', null);
    // Its devices on order (and one already registered meanwhile, which keeps its status).
    const [item] = await db()
      .insert(orderItems)
      .values({ organizationUuid: orgUuid, orderUuid: open, label: 'MacBook Air', quantity: 2 })
      .returning();
    const onOrder = (status: 'ordered' | 'active') => ({
      organizationUuid: orgUuid,
      name: 'MacBook Air',
      type: 'COMPUTER' as const,
      os: 'MACOS' as const,
      status,
      orderUuid: open,
      orderItemUuid: item!.uuid,
    });
    await db()
      .insert(devices)
      .values([onOrder('ordered'), onOrder('active')]);
    const statusesOfOpen = async () =>
      (await db().select().from(devices).where(eq(devices.orderUuid, open))).map((d) => d.status).sort();
    expect((await cancel(open, otherOwnerToken)).statusCode).toBe(404);
    expect((await cancel(open, regularToken)).statusCode).toBe(403);
    expect(await statusesOfOpen()).toEqual(['active', 'ordered']);
    const canceled = await cancel(open);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ uuid: open, status: 'canceled' });
    expect(await statusesOfOpen()).toEqual(['active', 'inactive']);
    const again = await cancel(open);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({
      errorType: 'IllegalStatusTransition',
      msg: 'The order status is already canceled',
    });

    const shipped = await make('in-progress', 'transit_in_transit');
    const refused = await cancel(shipped);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].msg).toBe(
      'The parcel has left: the provider no longer cancels this order',
    );
    expect((await db().select().from(orders).where(eq(orders.uuid, shipped)))[0]?.status).toBe('in-progress');

    const delivered = (await db().select().from(orders).where(eq(orders.status, 'delivered')).limit(1))[0]!;
    const final = await cancel(delivered.uuid);
    expect(final.statusCode).toBe(409);
    expect(final.json().errors[0].msg).toBe(
      'A order status cannot change from delivered to canceled: delivered is final',
    );
  });

  it('a declined checkout makes no order', async () => {
    sandbox.scriptOutcome({ checkout: 'declined' });
    const checkout = await checkoutOfNewDraft();
    await until(
      'checkout',
      () => checkoutRow(checkout.uuid),
      (c) => c.status === 'declined',
    );
    expect(await orderOfCheckout(checkout.uuid)).toBeNull();
  });

  it('an undelivered parcel ends the order undelivered, after a failed attempt', async () => {
    sandbox.scriptOutcome({ checkout: 'accepted', order: 'undelivered' });
    const checkout = await checkoutOfNewDraft();
    const order = await finalOrder(checkout.uuid);
    expect(order).toMatchObject({ status: 'undelivered', deliveryStatus: 'undelivered' });
    expect((await parcelOf(order!.uuid))?.state).toBe('exception_returned_to_sender');
    // A parcel held up is an event the IT owners are told about.
    const stuck = await db()
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.subjectUuid, order!.uuid), eq(eventLog.type, 'ORDER_STUCK')));
    expect(stuck.length).toBeGreaterThanOrEqual(1);
    expect(stuck.map((e) => (e.data as { shipmentState: string }).shipmentState)).toContain(
      'exception_returned_to_sender',
    );
    // Its devices never arrived: they stay ordered.
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderUuid, order!.uuid));
    const made = await db().select().from(devices).where(eq(devices.orderItemUuid, item!.uuid));
    expect(made.map((device) => device.status)).toEqual(['ordered', 'ordered']);
    // Each names its order, which the device's page shows (not delivered) with a link.
    const detail = await app.inject({
      method: 'GET',
      url: `/api/devices/${made[0]!.uuid}`,
      headers: bearer(ownerToken),
    });
    expect(detail.json()).toMatchObject({ status: 'ordered', orderUuid: order!.uuid });
  });

  it('a rejected order stops before any parcel', async () => {
    sandbox.scriptOutcome({ checkout: 'accepted', order: 'rejected' });
    const checkout = await checkoutOfNewDraft();
    const order = await finalOrder(checkout.uuid);
    expect(order?.status).toBe('rejected');
    expect(await parcelOf(order!.uuid)).toBeNull();
    // Its devices will not come: no longer ordered, inactive (the domain's deviceStatusOfOrder).
    const made = await db().select().from(devices).where(eq(devices.orderUuid, order!.uuid));
    expect(made.map((device) => device.status)).toEqual(['inactive', 'inactive']);
  });

  it('told to fail, it is tried again and gets there', async () => {
    sandbox.scriptOutcome({ checkout: 'accepted', order: 'delivered', failures: 1 });
    const checkout = await checkoutOfNewDraft();
    expect((await finalOrder(checkout.uuid))?.status).toBe('delivered');
  }, 60_000);

  it('refuses an illegal transition with a clear message, logs it and changes nothing', async () => {
    sandbox.scriptOutcome({ checkout: 'expired' });
    const checkout = await checkoutOfNewDraft();
    await until(
      'checkout',
      () => checkoutRow(checkout.uuid),
      (c) => c.status === 'expired',
    );
    const warnings: string[] = [];
    const log = { warn: (_details: object, message: string) => warnings.push(message) };
    const refused = await withTenant(db(), orgUuid, (tx) =>
      applyCheckoutStatus(tx, checkout.uuid, 'accepted', log),
    );
    expect(refused).toEqual({
      applied: false,
      reason: 'A checkout status cannot change from expired to accepted: expired is final',
    });
    expect(warnings).toEqual([
      'procurement: A checkout status cannot change from expired to accepted: expired is final',
    ]);
    expect((await checkoutRow(checkout.uuid)).status).toBe('expired');
    expect(await orderOfCheckout(checkout.uuid)).toBeNull();

    const delivered = (await db().select().from(orders).where(eq(orders.status, 'delivered')).limit(1))[0]!;
    const back = await withTenant(db(), delivered.organizationUuid, (tx) =>
      applyOrderUpdate(tx, delivered.uuid, { status: 'in-progress', shipment: 'transit_in_transit' }, log),
    );
    expect(back.applied).toBe(false);
    expect(warnings.at(-1)).toContain('cannot change from delivery_delivered to transit_in_transit');
    expect((await parcelOf(delivered.uuid))?.state).toBe('delivery_delivered');
  });
});
