import { NoContent } from '@equip/domain/common';
import { ApiErrorPayload } from '@equip/domain/errors';
import {
  MdmConnection,
  MdmConnectionList,
  MdmConnectionParams,
  SaveMdmConnectionRequest,
} from '@equip/domain/mdm-connections';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth } from '../../http/access.ts';
import type { InTenant } from './service.ts';

const tags = ['devices'];
const security = [{ bearerAuth: [] }];
// The administrators who may send MDM actions: the organisation's IT owners and provider admins for it.
const admins = { access: { roles: ADMINS } };

const inTenant =
  (request: FastifyRequest): InTenant =>
  (work) =>
    request.tenant(work);

/**
 * The organisation's MDM servers (issue 11, decision 015): connect Fleet with its address and an API
 * token (tested before it is saved, stored sealed, never answered), test it again, disconnect.
 */
export const mdmConnectionRoutes: ModuleRoutes = (app, { mdmConnections: connections }) => {
  app.get(
    '/api/mdm-connections',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "The organisation's MDM server connections: address, the token's last four characters (never the token) and the last test",
        response: { 200: MdmConnectionList },
      },
    },
    (request) => request.tenant((tx) => connections.list(tx)),
  );

  app.put(
    '/api/mdm-connections/:provider',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Connect an MDM server (FLEET and MANAGE_ENGINE with an API token, JAMF with an API client ID and secret) or replace its address and credentials. The server is tested first (Fleet: GET /api/v1/fleet/me; Jamf Pro: a token, then its version; ManageEngine: GET /api/v1/mdm/devices); a refused token or a server that cannot be reached is a 422 and nothing is saved',
        params: MdmConnectionParams,
        body: SaveMdmConnectionRequest,
        response: { 200: MdmConnection, 201: MdmConnection, 422: ApiErrorPayload },
      },
    },
    async (request, reply) => {
      const { connection, created } = await connections.save(
        inTenant(request),
        requireAuth(request),
        request.params.provider,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(connection);
    },
  );

  app.post(
    '/api/mdm-connections/:provider/check',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Test the connection again (as the hourly check does); the answer holds when it was tested and why it failed (lastError), if it did. A change from working to failing logs MDM_CONNECTION_FAILED and notifies the IT owners, a change back MDM_CONNECTION_RESTORED',
        params: MdmConnectionParams,
        response: { 200: MdmConnection },
      },
    },
    (request) => connections.check(inTenant(request), requireAuth(request), request.params.provider),
  );

  app.post(
    '/api/mdm-connections/:provider/sync',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "Sync the devices from the MDM server now (as the hourly sync does, decision 025): answers 202 with the connection, its sync asked for (sync.requestedAt); the sync then reads the server's inventory page by page, matches devices by serial number, creates new ones, applies changes (DEVICE_ADDED, DEVICE_UPDATED with before and after) and marks devices no longer listed (mdmMissingSince). Its outcome is the connection's sync (counts, or error)",
        params: MdmConnectionParams,
        response: { 202: MdmConnection },
      },
    },
    async (request, reply) => {
      const connection = await connections.requestSync(
        inTenant(request),
        requireAuth(request),
        request.params.provider,
      );
      return reply.status(202).send(connection);
    },
  );

  app.delete(
    '/api/mdm-connections/:provider',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "Disconnect the MDM server: the provider's devices use the sandbox where the installation has it, else their actions fail",
        params: MdmConnectionParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await request.tenant((tx) => connections.remove(tx, requireAuth(request), request.params.provider));
      return reply.status(204).send(null);
    },
  );
};
