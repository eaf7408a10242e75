import { ApiErrorPayload } from '@equip/domain/errors';
import {
  HrConflict,
  HrConflictListQuery,
  HrConflictPage,
  HrConflictParams,
  HrSyncPreview,
  HrSyncRun,
  HrSyncRunListQuery,
  HrSyncRunPage,
  IntegrationParams,
  IntegrationSettings,
  IntegrationSettingsRequest,
  ResolveHrConflictRequest,
} from '@equip/domain/integrations';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireTenant } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { providerOf } from './service.ts';

const tags = ['integrations'];
const security = [{ bearerAuth: [] }];
// Those who connect the organisation's outside systems: its IT owners and provider admins for it.
const admins = { access: { roles: ADMINS } };

/**
 * The HR sync of an integration (issue 30, item 2; decision 032): its settings, the first sync's
 * preview, a sync on demand, the sync log and the conflicts to decide.
 */
export const integrationSyncRoutes: ModuleRoutes = (app, { database, integrationSync }) => {
  app.patch(
    '/api/integrations/:provider/settings',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "The integration's HR language (the language its HR system's fields are written in) and field mapping (which HR field each employee field is read from; null leaves the field to Equip)",
        params: IntegrationParams,
        body: IntegrationSettingsRequest,
        response: { 200: IntegrationSettings },
      },
    },
    (request) =>
      request.tenant((tx) => integrationSync.settings(tx, providerOf(request.params.provider), request.body)),
  );

  app.post(
    '/api/integrations/:provider/sync/preview',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'What the first sync will create, update and skip, and its conflicts, read from the HR system now without writing anything; moves the setup from INCOMPLETE to FINAL_SYNC_PENDING. 422 when the HR system cannot be read',
        params: IntegrationParams,
        response: { 200: HrSyncPreview, 409: ApiErrorPayload, 422: ApiErrorPayload },
      },
    },
    (request) =>
      integrationSync.preview(
        (work) => request.tenant(work),
        requireTenant(request),
        providerOf(request.params.provider),
      ),
  );

  app.post(
    '/api/integrations/:provider/sync',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Sync now: queues a run (202) that reads the HR system and applies its new hires, changes and leavers; 409 before the first sync was previewed or while the integration is paused',
        params: IntegrationParams,
        response: { 202: HrSyncRun, 409: ApiErrorPayload },
      },
    },
    async (request, reply) => {
      const run = await request.tenant((tx) =>
        integrationSync.requestSync(tx, requireTenant(request), providerOf(request.params.provider)),
      );
      return reply.status(202).send(run);
    },
  );

  app.get(
    '/api/integrations/sync-runs',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'The sync log: the runs of one integration (provider) or all, newest first, with their counts and what each did',
        querystring: HrSyncRunListQuery,
        response: { 200: HrSyncRunPage },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await integrationSync.runs(database.reads, requireTenant(request), request.query)),
  );

  app.get(
    '/api/integrations/conflicts',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'The conflicts of one integration (provider) or all waiting for a decision (resolved=true: the decided ones too), newest first',
        querystring: HrConflictListQuery,
        response: { 200: HrConflictPage },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await integrationSync.conflicts(database.reads, requireTenant(request), request.query),
      ),
  );

  app.post(
    '/api/integrations/conflicts/:uuid/resolve',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "Decide a conflict: keep the HR system's value (applied to the employee now) or Equip's (not asked again until the HR system changes it)",
        params: HrConflictParams,
        body: ResolveHrConflictRequest,
        response: { 200: HrConflict, 409: ApiErrorPayload },
      },
    },
    (request) =>
      request.tenant((tx) =>
        integrationSync.resolve(tx, requireTenant(request), request.params.uuid, request.body.keep),
      ),
  );
};
