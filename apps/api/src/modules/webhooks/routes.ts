import { NoContent, UuidParams } from '@equip/domain/common';
import {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookDeliveryPage,
  WebhookDeliveryParams,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '@equip/domain/webhooks';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth, requireTenant } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { counter, RateLimiter } from '../../security/rate-limit.ts';
import { WEBHOOK_POLICIES } from './rate-limit.ts';

const tags = ['webhooks'];
const security = [{ bearerAuth: [] }];
// The organisation's IT owners, and provider admins acting for it (like the organisation's settings).
const admins = { access: { roles: ADMINS } };

/** Outbound webhooks: the organisation's endpoints and their deliveries (decision 010). */
export const webhookRoutes: ModuleRoutes = (app, { database, webhooks }) => {
  const limiter = new RateLimiter(database.db);
  /** A send on request (a test or a redelivery) takes one of the organisation's sends (429 past them). */
  const sendOnRequest = <T>(organizationUuid: string, send: () => Promise<T>) =>
    limiter.spending(counter(WEBHOOK_POLICIES.sendsPerOrganization, organizationUuid), 1, send);

  app.get(
    '/api/webhooks',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "The organisation's webhook endpoints (never their secrets)",
        response: { 200: WebhookEndpointList },
      },
    },
    (request) => request.tenant((tx) => webhooks.list(tx, requireAuth(request))),
  );

  app.post(
    '/api/webhooks',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Register an endpoint (https, a public address) for some event types; the answer holds its signing secret, shown this once',
        body: CreateWebhookEndpointRequest,
        response: { 201: WebhookEndpointWithSecret },
      },
    },
    async (request, reply) => {
      await webhooks.assertUsableUrl(request.body.url);
      const created = await request.tenant((tx) => webhooks.create(tx, requireAuth(request), request.body));
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/webhooks/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Change an endpoint: its URL, description, event types, or enable or disable it',
        params: UuidParams,
        body: UpdateWebhookEndpointRequest,
        response: { 200: WebhookEndpoint },
      },
    },
    async (request) => {
      // Another organisation's endpoint is a 404 before its URL is looked at (that resolves names).
      if (request.body.url !== undefined) {
        await request.tenant((tx) => webhooks.assertEndpoint(tx, request.params.uuid));
        await webhooks.assertUsableUrl(request.body.url);
      }
      return request.tenant((tx) =>
        webhooks.update(tx, requireAuth(request), request.params.uuid, request.body),
      );
    },
  );

  app.delete(
    '/api/webhooks/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Delete an endpoint and its deliveries',
        params: UuidParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await request.tenant((tx) => webhooks.remove(tx, requireAuth(request), request.params.uuid));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/webhooks/:uuid/secret',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Rotate the signing secret: the old one stops at once; the answer holds the new one, shown this once',
        params: UuidParams,
        response: { 200: WebhookEndpointWithSecret },
      },
    },
    (request) => request.tenant((tx) => webhooks.rotateSecret(tx, requireAuth(request), request.params.uuid)),
  );

  app.get(
    '/api/webhooks/:uuid/deliveries',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "An endpoint's deliveries, newest first (status, attempts, last status code and duration)",
        params: UuidParams,
        querystring: WebhookDeliveryListQuery,
        response: { 200: WebhookDeliveryPage },
      },
    },
    async (request, reply) => {
      await request.tenant((tx) => webhooks.assertEndpoint(tx, request.params.uuid));
      return sendJsonText(
        reply,
        await webhooks.deliveries(database.reads, requireTenant(request), request.params.uuid, request.query),
      );
    },
  );

  app.post(
    '/api/webhooks/:uuid/deliveries/:deliveryUuid/redeliver',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Deliver again now (same webhook-id), with a new series of retries',
        params: WebhookDeliveryParams,
        response: { 202: WebhookDelivery },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const delivery = await sendOnRequest(auth.organizationUuid, () =>
        request.tenant((tx) =>
          webhooks.redeliver(tx, auth, request.params.uuid, request.params.deliveryUuid),
        ),
      );
      return reply.status(202).send(delivery);
    },
  );

  app.post(
    '/api/webhooks/:uuid/test',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Send a `webhook.test` event to this endpoint',
        params: UuidParams,
        response: { 202: WebhookDelivery },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const delivery = await sendOnRequest(auth.organizationUuid, () =>
        request.tenant((tx) => webhooks.sendTest(tx, auth, request.params.uuid)),
      );
      return reply.status(202).send(delivery);
    },
  );
};
