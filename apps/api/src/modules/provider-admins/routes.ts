import { NoContent, UuidParams } from '@equip/domain/common';
import {
  CreateProviderAdminRequest,
  EmailConflictList,
  ProviderAdmin,
  ProviderAdminListQuery,
  ProviderAdminPage,
} from '@equip/domain/provider-admins';
import type { ModuleRoutes } from '../../app-services.ts';
import { requireAuth } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';

const tags = ['provider-admins'];
const security = [{ bearerAuth: [] }];
const providerAdmins = { access: { roles: ['equip-admin'] as const } };

/** Provider admins manage each other; no organisation's it-owner reaches these routes or these people. */
export const providerAdminRoutes: ModuleRoutes = (app, { providerAdmins: service }) => {
  app.get(
    '/api/admin/provider-admins',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary:
          'Provider admins of the installation (search by name or email, status, sorting by name by default, paging)',
        querystring: ProviderAdminListQuery,
        response: { 200: ProviderAdminPage },
      },
    },
    async (request, reply) => sendJsonText(reply, await service.page(request.query)),
  );

  app.get(
    '/api/admin/email-conflicts',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Emails several accounts shared before an email identified one account',
        description:
          'None of these accounts signs in by email, resets a password or enrols a device until all but one have another email (migration 0029).',
        response: { 200: EmailConflictList },
      },
    },
    async () => ({ items: await service.emailConflicts() }),
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
