import { NoContent, UuidParams } from '@equip/domain/common';
import { CreateProviderAdminRequest, ProviderAdmin, ProviderAdminList } from '@equip/domain/provider-admins';
import { requireAuth } from '../../http/access.ts';
import type { ModuleRoutes } from '../../services.ts';
import { ProviderAdminsService } from './service.ts';

const tags = ['provider-admins'];
const security = [{ bearerAuth: [] }];
const providerAdmins = { access: { roles: ['equip-admin'] as const } };

/** Provider admins manage each other; no organisation's it-owner reaches these routes or these people. */
export const providerAdminRoutes: ModuleRoutes = (app, { database, auth }) => {
  const service = new ProviderAdminsService(database.db, auth);

  app.get(
    '/api/admin/provider-admins',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Provider admins of the installation',
        response: { 200: ProviderAdminList },
      },
    },
    async () => ({ items: await service.list() }),
  );

  app.post(
    '/api/admin/provider-admins',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Add a provider admin (mails a set-password link)',
        body: CreateProviderAdminRequest,
        response: { 201: ProviderAdmin },
      },
    },
    async (request, reply) => {
      const { admin } = await service.create(requireAuth(request).userUuid, request.body);
      return reply.status(201).send(admin);
    },
  );

  app.delete(
    '/api/admin/provider-admins/:uuid',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Disable a provider admin (not yourself, not the last one); their sessions end',
        params: UuidParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await service.disable(requireAuth(request).userUuid, request.params.uuid);
      return reply.status(204).send(null);
    },
  );
};
