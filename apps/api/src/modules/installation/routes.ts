import { UuidParams } from '@equip/domain/common';
import { LoggedInResponse } from '@equip/domain/identity';
import {
  AdminOrganization,
  AdminOrganizationListQuery,
  AdminOrganizationPage,
  CreateOrganizationRequest,
  RenameOrganizationRequest,
} from '@equip/domain/organizations';
import { InstallationSetupRequest, SetupLinkRequest, SetupLinkState } from '@equip/domain/setup';
import type { ModuleRoutes } from '../../app-services.ts';
import { requireAuth } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';

const security = [{ bearerAuth: [] }];
const providerAdmins = { access: { roles: ['equip-admin'] as const } };
const pub = { access: 'public' as const };

/**
 * The installation: its set-up with a one-time link (public: the link is the credential), and the
 * organisations provider admins run (list, create with a first IT owner, rename, deactivate, reactivate).
 */
export const installationRoutes: ModuleRoutes = (app, { installation }) => {
  const { setup, organizations } = installation;

  app.post(
    '/api/setup/check',
    {
      config: pub,
      schema: {
        tags: ['setup'],
        summary: 'Whether a set-up link still works (400 when not, 409 when Equip is already set up)',
        body: SetupLinkRequest,
        response: { 200: SetupLinkState },
      },
    },
    (request) => setup.check(request.body.token),
  );

  app.post(
    '/api/setup',
    {
      config: pub,
      schema: {
        tags: ['setup'],
        summary:
          'Set Equip up with the printed link: the first organisation and its IT owner, or the first provider admin acting for it; signs them in',
        body: InstallationSetupRequest,
        response: { 200: LoggedInResponse },
      },
    },
    (request) => setup.complete(request.body, request.ip),
  );

  const tags = ['organizations'];

  app.get(
    '/api/admin/organizations',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary:
          'Provider admins: the organisations with their people and devices (search by name, status, sorting, paging)',
        querystring: AdminOrganizationListQuery,
        response: { 200: AdminOrganizationPage },
      },
    },
    async (request, reply) => sendJsonText(reply, await organizations.page(request.query)),
  );

  app.post(
    '/api/admin/organizations',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Create an organisation with its first IT owner (mailed a set-password link)',
        body: CreateOrganizationRequest,
        response: { 201: AdminOrganization },
      },
    },
    async (request, reply) => {
      const { organization } = await organizations.create(requireAuth(request).userUuid, request.body);
      return reply.status(201).send(organization);
    },
  );

  app.patch(
    '/api/admin/organizations/:uuid',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Rename an organisation',
        params: UuidParams,
        body: RenameOrganizationRequest,
        response: { 200: AdminOrganization },
      },
    },
    (request) => organizations.rename(requireAuth(request).userUuid, request.params.uuid, request.body.name),
  );

  app.post(
    '/api/admin/organizations/:uuid/deactivate',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: "Deactivate an organisation: its people's sessions end and they cannot sign in",
        description: 'Its data, jobs, webhooks and MDM connections stay (decision 019).',
        params: UuidParams,
        response: { 200: AdminOrganization },
      },
    },
    (request) => organizations.deactivate(requireAuth(request).userUuid, request.params.uuid),
  );

  app.post(
    '/api/admin/organizations/:uuid/reactivate',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Reactivate an organisation: its people can sign in again',
        params: UuidParams,
        response: { 200: AdminOrganization },
      },
    },
    (request) => organizations.reactivate(requireAuth(request).userUuid, request.params.uuid),
  );
};
