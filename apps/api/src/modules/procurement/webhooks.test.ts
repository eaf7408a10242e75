import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkouts,
  orders,
  procurementDrafts,
  procurementProviders,
  procurementWebhookMessages,
  shipments,
} from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokensOfRoles } from '../../test/factories.ts';

const VECTORS = JSON.parse(
  readFileSync(
    new URL('../../../../../../shared/vendors/standard-webhooks/test-vectors.json', import.meta.url),
    'utf8',
  ),
) as {
  sign_vectors: {
    secret: string;
    msg_id: string;
    timestamp: number;
    payload: string;
    expected_signature: string;
  }[];
};

/** Inbound procurement webhooks, signed the Standard Webhooks way (issue 31, item 5; decision 031). */
describe('procurement webhooks', () => {
  let t: TestApp;
  let app: App;
  let secret: string;
  let orgUuid: string;
  let adminToken: string;
  let ownerToken: string;
  let orderUuid: string;
  let checkoutUuid: string;
  const orderRef = `topi-order-${randomUUID()}`;
  const checkoutRef = `topi-checkout-${randomUUID()}`;
  const db = () => t.services.database.db;

  const send = (
    body: object,
    options: { id?: string; at?: Date; secret?: string; signature?: string } = {},
  ) => {
    const payload = JSON.stringify(body);
    const id = options.id ?? `msg_${randomUUID()}`;
    const at = options.at ?? new Date();
    const signature = options.signature ?? new Webhook(options.secret ?? secret).sign(id, at, payload);
    return app.inject({
      method: 'POST',
      url: '/api/procurement/webhooks/TopiComspot',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
      payload,
    });
  };
  const order = async () => (await db().select().from(orders).where(eq(orders.uuid, orderUuid)))[0]!;
  const parcel = async () =>
    (await db().select().from(shipments).where(eq(shipments.orderUuid, orderUuid)))[0] ?? null;
  const messages = async () => (await db().select().from(procurementWebhookMessages)).length;
  const advance = {
    type: 'order.updated',
    data: { orderReference: orderRef, status: 'in-progress', shipmentState: 'transit_picked_up' },
  };

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    orgUuid = (await createOrganization(db(), `Webhooks ${randomUUID().slice(0, 6)}`)).uuid;
    const other = (await createOrganization(db(), `Other ${randomUUID().slice(0, 6)}`)).uuid;
    ({ adminToken, ownerToken } = await tokensOfRoles(t.services, orgUuid, other));
    const buyer = await createUser(db(), { organizationUuid: orgUuid });
    const [draft] = await db()
      .insert(procurementDrafts)
      .values({
        organizationUuid: orgUuid,
        procurementIntent: 'HardwareRequest',
        buyerUserUuid: buyer.uuid,
        deliveryAddress: {
          recipient: 'R',
          address: 'A 1',
          city: 'Berlin',
          postalCode: '10119',
          country: 'DE',
        },
        items: [],
      })
      .returning();
    const [checkout] = await db()
      .insert(checkouts)
      .values({
        organizationUuid: orgUuid,
        draftUuid: draft!.uuid,
        status: 'pending_review',
        providerReference: checkoutRef,
      })
      .returning();
    checkoutUuid = checkout!.uuid;
    const [row] = await db()
      .insert(orders)
      .values({ organizationUuid: orgUuid, status: 'confirmed', providerReference: orderRef })
      .returning();
    orderUuid = row!.uuid;
  });
  afterAll(() => t.app.close());

  it('signs as the Standard Webhooks test vectors say', () => {
    for (const v of VECTORS.sign_vectors)
      expect(new Webhook(v.secret).sign(v.msg_id, new Date(v.timestamp * 1000), v.payload)).toBe(
        v.expected_signature,
      );
  });

  it('only a provider admin makes the provider’s secret, kept sealed and shown once', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/procurement/providers/TopiComspot/webhook-secret' }))
        .statusCode,
    ).toBe(401);
    const owner = await app.inject({
      method: 'POST',
      url: '/api/procurement/providers/TopiComspot/webhook-secret',
      headers: bearer(ownerToken),
    });
    expect(owner.statusCode).toBe(403);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/procurement/providers/Nobody/webhook-secret',
      headers: bearer(adminToken),
    });
    expect(bad.statusCode).toBe(400);
    const res = await app.inject({
      method: 'POST',
      url: '/api/procurement/providers/TopiComspot/webhook-secret',
      headers: bearer(adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    secret = res.json().secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const [stored] = await db()
      .select()
      .from(procurementProviders)
      .where(eq(procurementProviders.kind, 'TopiComspot'));
    expect(stored!.webhookSecretEncrypted).not.toContain(secret.slice(6));
  });

  it('refuses a bad signature, changing nothing', async () => {
    const before = await messages();
    const forged = await send(advance, { secret: `whsec_${Buffer.from(randomUUID()).toString('base64')}` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errors[0].msg).toContain('signature does not verify');
    const unsigned = await send(advance, { signature: 'v1,bm90IGEgc2lnbmF0dXJl' });
    expect(unsigned.statusCode).toBe(401);
    expect((await order()).status).toBe('confirmed');
    expect(await messages()).toBe(before);
  });

  it('refuses an old timestamp, changing nothing', async () => {
    const before = await messages();
    const old = await send(advance, { at: new Date(Date.now() - 10 * 60_000) });
    expect(old.statusCode).toBe(401);
    expect(old.json().errors[0].msg).toMatch(/timestamp/i);
    expect((await order()).status).toBe('confirmed');
    expect(await messages()).toBe(before);
  });

  it('a good message advances the order and records its shipment event; its replay is refused', async () => {
    const id = `msg_${randomUUID()}`;
    const good = await send(advance, { id });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ received: true, applied: true });
    expect(await order()).toMatchObject({ status: 'in-progress', deliveryStatus: 'in-progress' });
    expect((await parcel())?.state).toBe('transit_picked_up');
    const before = await messages();
    const replay = await send(
      {
        type: 'order.updated',
        data: { orderReference: orderRef, status: 'delivered', shipmentState: 'delivery_delivered' },
      },
      { id },
    );
    expect(replay.statusCode).toBe(409);
    expect(replay.json().errors[0].msg).toBe('This webhook message was already received');
    expect((await order()).status).toBe('in-progress');
    expect(await messages()).toBe(before);
  });

  it('maps a topi-style status through the status table and refuses an illegal move, changing nothing', async () => {
    const illegal = await send({
      type: 'order.updated',
      data: { orderReference: orderRef, status: 'created' },
    });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().errors[0]).toMatchObject({
      errorType: 'IllegalStatusTransition',
      msg: 'A order status cannot change from in-progress to created: from in-progress it may become delivered, undelivered, canceled, unknown',
    });
    expect((await order()).status).toBe('in-progress');
    const completed = await send({
      type: 'order.updated',
      data: { orderReference: orderRef, topiStatus: 'completed', shipmentState: 'delivery_delivered' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await order()).toMatchObject({ status: 'delivered', deliveryStatus: 'delivered' });
  });

  it('a checkout report by reference: accepted makes the order', async () => {
    const res = await send({
      type: 'checkout.updated',
      data: { checkoutReference: checkoutRef, status: 'accepted' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db().select().from(checkouts).where(eq(checkouts.uuid, checkoutUuid));
    expect(row?.status).toBe('accepted');
    expect(await db().select().from(orders).where(eq(orders.checkoutUuid, checkoutUuid))).toHaveLength(1);
  });

  it('refuses an unknown reference and a payload it does not know', async () => {
    const unknown = await send({
      type: 'order.updated',
      data: { orderReference: 'nobody', status: 'delivered' },
    });
    expect(unknown.statusCode).toBe(404);
    const nonsense = await send({ type: 'order.exploded', data: {} });
    expect(nonsense.statusCode).toBe(400);
  });
});
