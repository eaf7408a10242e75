import { NoContent } from '@equip/domain/common';
import { ApiErrorPayload } from '@equip/domain/errors';
import {
  ConnectIntegrationRequest,
  HrIntegration,
  HrIntegrationList,
  IntegrationParams,
} from '@equip/domain/integrations';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth } from '../../http/access.ts';
import type { InTenant } from './service.ts';

const tags = ['integrations'];
const security = [{ bearerAuth: [] }];
// Those who connect the organisation's outside systems: its IT owners and provider admins for it.
const admins = { access: { roles: ADMINS } };

const inTenant =
  (request: FastifyRequest): InTenant =>
  (work) =>
    request.tenant(work);

/**
 * The organisation's HR integrations (issue 30, decision 029): connect a kind of HR system with its API
 * credentials (tested before they are saved, stored sealed, never answered), test it again, pause and
 * resume it, remove it.
 */
export const integrationRoutes: ModuleRoutes = (app, { integrations }) => {
  app.get(
    '/api/integrations',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "The organisation's HR integrations: status (ACTIVE, INVALID with the reason, INACTIVE when paused), setup status, the secret's last four characters (never the credentials), the last test and sync",
        response: { 200: HrIntegrationList },
      },
    },
    (request) => request.tenant((tx) => integrations.list(tx)),
  );

  app.put(
    '/api/integrations/:provider',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "Connect an HR system (its kind's credentials: personio, hibob and hrworks clientId and clientSecret; bamboohr companyDomain and apiKey; kenjo, heavenhr and factorial apiKey) or replace its credentials. They are tested first against the HR system; a refusal or an HR system that cannot be reached is a 422 with its reason, and nothing is saved",
        params: IntegrationParams,
        body: ConnectIntegrationRequest,
        response: { 200: HrIntegration, 201: HrIntegration, 422: ApiErrorPayload },
      },
    },
    async (request, reply) => {
      const { integration, created } = await integrations.connect(
        inTenant(request),
        requireAuth(request),
        request.params.provider,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(integration);
    },
  );

  app.post(
    '/api/integrations/:provider/check',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Test the integration again (as the hourly check does): ACTIVE when it works, INVALID with the reason (lastError, and the HR system’s own words in lastErrorDetail) when not; a paused integration stays INACTIVE',
        params: IntegrationParams,
        response: { 200: HrIntegration },
      },
    },
    (request) => integrations.check(inTenant(request), request.params.provider),
  );

  app.post(
    '/api/integrations/:provider/pause',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Pause the integration (INACTIVE): it is neither checked nor synced until it is resumed',
        params: IntegrationParams,
        response: { 200: HrIntegration },
      },
    },
    (request) => request.tenant((tx) => integrations.pause(tx, request.params.provider)),
  );

  app.post(
    '/api/integrations/:provider/resume',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Resume a paused integration: it is tested at once and answers ACTIVE or INVALID',
        params: IntegrationParams,
        response: { 200: HrIntegration },
      },
    },
    (request) => integrations.resume(inTenant(request), request.params.provider),
  );

  app.delete(
    '/api/integrations/:provider',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Remove the integration and its stored credentials',
        params: IntegrationParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await request.tenant((tx) => integrations.remove(tx, request.params.provider));
      return reply.status(204).send(null);
    },
  );
};
