import { UuidParams } from '@equip/domain/common';
import {
  CreateHardwareRequest,
  DeclineHardwareRequest,
  HardwareRequestListQuery,
  HardwareRequestOutcome,
  HardwareRequestPage,
  MyHardwareRequestsQuery,
  RequestableModels,
  RequestableModelsQuery,
} from '@equip/domain/hardware-requests';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, EVERYONE, requireAuth, requireTenant } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';

const tags = ['procurement'];
const security = [{ bearerAuth: [] }];
// Anyone signed in asks for themselves and withdraws their own; IT owners (and provider admins acting
// for the organisation) review the organisation's requests (decision 037, the domain's rules).
const everyone = { access: { roles: EVERYONE } };
const admins = { access: { roles: ADMINS } };
const flagNote = ' Behind the flag it-2305-hardware-requests (off: a change is 404, a list empty).';

export const hardwareRequestRoutes: ModuleRoutes = (app, { database, hardwareRequests }) => {
  app.post(
    '/api/procurement/hardware-requests',
    {
      config: everyone,
      schema: {
        tags,
        security,
        summary: `Ask IT for a device for yourself: a device type, optionally a catalog model of that type, and a reason (the IT owners are told).${flagNote}`,
        body: CreateHardwareRequest,
        response: { 201: HardwareRequestOutcome },
      },
    },
    async (request, reply) => {
      const created = await request.tenant((tx) =>
        hardwareRequests.create(tx, requireAuth(request), request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/procurement/hardware-requests/mine',
    {
      config: everyone,
      schema: {
        tags,
        security,
        summary: `Your own hardware requests, newest first, with their status and a decline's reason.${flagNote}`,
        querystring: MyHardwareRequestsQuery,
        response: { 200: HardwareRequestPage },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await hardwareRequests.mine(database.reads, requireTenant(request), request.query)),
  );

  app.get(
    '/api/procurement/hardware-requests/models',
    {
      config: everyone,
      schema: {
        tags,
        security,
        summary: `The catalog models a person may name in a request (General and the organisation's own; of one device type when given), by label, without prices.${flagNote}`,
        querystring: RequestableModelsQuery,
        response: { 200: RequestableModels },
      },
    },
    (request) =>
      request.tenant((tx) => hardwareRequests.models(tx, requireAuth(request), request.query.deviceType)),
  );

  app.get(
    '/api/procurement/hardware-requests',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: `The organisation's hardware requests for its IT owners (statuses; newest first; paging, filtered total).${flagNote}`,
        querystring: HardwareRequestListQuery,
        response: { 200: HardwareRequestPage },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await hardwareRequests.list(database.reads, requireTenant(request), request.query)),
  );

  app.post(
    '/api/procurement/hardware-requests/:uuid/approve',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: `Approve a waiting request: it becomes a procurement draft (intent HardwareRequest, for the requester, with the chosen model and their saved address) that the order wizard completes; answers the draft's uuid. The requester is told. A decided request is 409.${flagNote}`,
        params: UuidParams,
        response: { 200: HardwareRequestOutcome },
      },
    },
    (request) =>
      request.tenant((tx) => hardwareRequests.approve(tx, requireAuth(request), request.params.uuid)),
  );

  app.post(
    '/api/procurement/hardware-requests/:uuid/decline',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: `Decline a waiting request with a reason, which the requester is told. A decided request is 409.${flagNote}`,
        params: UuidParams,
        body: DeclineHardwareRequest,
        response: { 200: HardwareRequestOutcome },
      },
    },
    (request) =>
      request.tenant((tx) =>
        hardwareRequests.decline(tx, requireAuth(request), request.params.uuid, request.body),
      ),
  );

  app.post(
    '/api/procurement/hardware-requests/:uuid/withdraw',
    {
      config: everyone,
      schema: {
        tags,
        security,
        summary: `Withdraw your own request while it waits (only its requester; a decided request is 409).${flagNote}`,
        params: UuidParams,
        response: { 200: HardwareRequestOutcome },
      },
    },
    (request) =>
      request.tenant((tx) => hardwareRequests.withdraw(tx, requireAuth(request), request.params.uuid)),
  );
};
