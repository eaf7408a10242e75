import { Readable } from 'node:stream';
import { NoContent, UuidParams } from '@equip/domain/common';
import {
  CatalogItem,
  CatalogListQuery,
  CatalogPage,
  Checkout,
  CheckoutRecord,
  CheckoutView,
  CreateCatalogItemRequest,
  OrderDetail,
  OrderListQuery,
  OrderMonthTotals,
  OrderPage,
  ProcurementDraftRecord,
  ProcurementDraftRequest,
  ProcurementProviderParams,
  ProcurementWebhookReceipt,
  ProcurementWebhookSecret,
  RevokeCheckout,
  UpdateCatalogItemRequest,
} from '@equip/domain/procurement';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth, requireTenant } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';

const tags = ['procurement'];
const security = [{ bearerAuth: [] }];
// Ordering hardware and curating the catalog is for IT owners and provider admins acting for the
// organisation (General items: provider admins only, decided per item by the domain's rule).
const admins = { access: { roles: ADMINS } };
const providerAdmins = { access: { roles: ['equip-admin'] as const } };
/** A webhook is verified over its body as sent: the route keeps the bytes before they are parsed. */
const rawBodies = new WeakMap<FastifyRequest, string>();
const MAX_WEBHOOK_BYTES = 256 * 1024;

export const procurementRoutes: ModuleRoutes = (app, { database, procurement }) => {
  app.get(
    '/api/procurement/catalog',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "The hardware catalog: General items and the organisation's own, with their specifications (text search, device types, operating systems, scopes, price range, sorting, paging, filtered total)",
        querystring: CatalogListQuery,
        response: { 200: CatalogPage },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await procurement.listCatalog(database.reads, requireTenant(request), request.query),
      ),
  );

  app.get(
    '/api/procurement/catalog/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'One catalog item',
        params: UuidParams,
        response: { 200: CatalogItem },
      },
    },
    (request) =>
      procurement.catalogItem((work) => request.tenant(work), requireTenant(request), request.params.uuid),
  );

  app.post(
    '/api/procurement/catalog',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Add a catalog item: Organization scope for the organisation acted for, General scope by provider admins only',
        body: CreateCatalogItemRequest,
        response: { 201: CatalogItem },
      },
    },
    async (request, reply) => {
      const created = await procurement.createCatalogItem(
        (work) => request.tenant(work),
        requireAuth(request),
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/procurement/catalog/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Change a catalog item (specifications, when given, replace all of them)',
        params: UuidParams,
        body: UpdateCatalogItemRequest,
        response: { 200: CatalogItem },
      },
    },
    (request) =>
      procurement.updateCatalogItem(
        (work) => request.tenant(work),
        requireTenant(request),
        request.params.uuid,
        request.body,
      ),
  );

  app.delete(
    '/api/procurement/catalog/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Remove a catalog item',
        params: UuidParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await procurement.deleteCatalogItem(
        (work) => request.tenant(work),
        requireTenant(request),
        request.params.uuid,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/procurement/drafts',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Make a procurement draft (intent, buyer, optional recipient, delivery address checked per country, items); a provider admin names the organisation acted for',
        body: ProcurementDraftRequest,
        response: { 201: ProcurementDraftRecord },
      },
    },
    async (request, reply) => {
      const draft = await request.tenant((tx) =>
        procurement.createDraft(tx, requireAuth(request), request.body),
      );
      return reply.status(201).send(draft);
    },
  );

  app.get(
    '/api/procurement/drafts/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'One procurement draft',
        params: UuidParams,
        response: { 200: ProcurementDraftRecord },
      },
    },
    (request) => request.tenant((tx) => procurement.draft(tx, requireAuth(request), request.params.uuid)),
  );

  app.put(
    '/api/procurement/drafts/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "Replace a draft's content with the order wizard's (a hardware request's approval made it first): the same checks as a new draft; refused (409) once it has an open or accepted checkout",
        params: UuidParams,
        body: ProcurementDraftRequest,
        response: { 200: ProcurementDraftRecord },
      },
    },
    (request) =>
      request.tenant((tx) =>
        procurement.replaceDraft(tx, requireAuth(request), request.params.uuid, request.body),
      ),
  );

  app.post(
    '/api/procurement/checkouts',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Send a draft to a procurement provider: a checkout in created (one open checkout per draft)',
        body: Checkout,
        response: { 201: CheckoutRecord },
      },
    },
    async (request, reply) => {
      const checkout = await request.tenant((tx) =>
        procurement.createCheckout(tx, requireAuth(request), request.body),
      );
      return reply.status(201).send(checkout);
    },
  );

  app.get(
    '/api/procurement/checkouts/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'One checkout with its status at the provider and, once accepted, the order it made (the order wizard watches it after finishing)',
        params: UuidParams,
        response: { 200: CheckoutView },
      },
    },
    (request) => request.tenant((tx) => procurement.checkout(tx, requireAuth(request), request.params.uuid)),
  );

  app.post(
    '/api/procurement/checkouts/:uuid/revoke',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Revoke (void) an open checkout, with a reason; refused once the provider decided it',
        params: UuidParams,
        body: RevokeCheckout,
        response: { 200: CheckoutRecord },
      },
    },
    (request) =>
      request.tenant((tx) =>
        procurement.revokeCheckout(tx, requireAuth(request), request.params.uuid, request.body, (message) =>
          request.log.warn({ checkout: request.params.uuid }, `procurement: ${message}`),
        ),
      ),
  );

  app.get(
    '/api/procurement/orders',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'The organisation’s orders with status, recipient, items, total and purchase type (search by recipient or item; statuses, purchase types, recipients; sorting, paging, filtered total)',
        querystring: OrderListQuery,
        response: { 200: OrderPage },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await procurement.listOrders(database.reads, requireTenant(request), request.query),
      ),
  );

  app.get(
    '/api/procurement/orders/totals',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "The organisation's orders per month (UTC) of the last twelve: the one-time total of bought orders and the monthly rent of rented ones, with their counts (cancelled and rejected orders left out)",
        response: { 200: OrderMonthTotals },
      },
    },
    (request) => request.tenant((tx) => procurement.orderMonthTotals(tx, requireAuth(request))),
  );

  app.get(
    '/api/procurement/orders/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'One order with its items, delivery address and parcel',
        params: UuidParams,
        response: { 200: OrderDetail },
      },
    },
    (request) => request.tenant((tx) => procurement.order(tx, requireAuth(request), request.params.uuid)),
  );

  app.post(
    '/api/procurement/orders/:uuid/cancel',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Cancel an order where the provider still allows it (before its parcel leaves); a final order or a shipped one is refused (409 IllegalStatusTransition)',
        params: UuidParams,
        response: { 200: OrderDetail },
      },
    },
    (request) =>
      procurement.cancelOrder((work) => request.tenant(work), requireTenant(request), request.params.uuid, {
        warn: (details, message) => request.log.warn(details, message),
      }),
  );

  app.post(
    '/api/procurement/providers/:provider/webhook-secret',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary:
          "Make the provider's webhook secret (Standard Webhooks, whsec_…), shown once; the provider signs its webhooks with it and the previous one stops working",
        params: ProcurementProviderParams,
        response: { 200: ProcurementWebhookSecret },
      },
    },
    async (request) => {
      requireAuth(request);
      const secret = await procurement.rotateWebhookSecret(request.params.provider);
      return { provider: request.params.provider, secret };
    },
  );

  app.post(
    '/api/procurement/webhooks/:provider',
    {
      // No caller: the provider's Standard Webhooks signature is the authority.
      config: { access: 'public' as const },
      bodyLimit: MAX_WEBHOOK_BYTES,
      schema: {
        tags,
        summary:
          "A procurement provider's status and shipment reports, signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature); a bad signature or an old timestamp is 401, a replayed id 409, an illegal transition 409, and none changes anything",
        params: ProcurementProviderParams,
        response: { 200: ProcurementWebhookReceipt },
      },
      preParsing: async (request, _reply, payload) => {
        const chunks: Buffer[] = [];
        for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        const raw = Buffer.concat(chunks);
        rawBodies.set(request, raw.toString('utf8'));
        return Readable.from([raw]);
      },
    },
    (request) =>
      procurement.receiveWebhook(request.params.provider, rawBodies.get(request) ?? '', request.headers, {
        warn: (details, message) => request.log.warn(details, message),
      }),
  );
};
