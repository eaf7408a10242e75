import {
  BulkDeviceActionRequest,
  BulkDeviceActionResult,
  DeviceActionParams,
  DeviceActionRequest,
  DeviceCommand,
  DeviceCommands,
} from '@equip/domain/mdm';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, type AuthContext, requireAuth } from '../../http/access.ts';
import { counter, RateLimiter } from '../../security/rate-limit.ts';
import { DEVICE_ACTION_POLICIES } from './actions-rate-limit.ts';

const tags = ['devices'];
const security = [{ bearerAuth: [] }];
const admins = { access: { roles: ADMINS } };

/**
 * MDM actions (issue 11 item 3): queued as commands and sent by the `mdm.command` job through the
 * device's MDM adapter (decision 012); the answer is 202 with the command, whose progress
 * `GET …/actions` shows until the device reports.
 */
export const deviceActionRoutes: ModuleRoutes = (app, services) => {
  const actions = services.deviceActions;
  const limiter = new RateLimiter(services.database.db);
  /**
   * Runs an action request that names `devices` on the organisation's shares: one request and as many
   * commands (429 past either); a request that fails queued nothing and gives them back.
   */
  const withinShare = <T>(auth: AuthContext, devices: number, work: () => Promise<T>) =>
    limiter.spending(counter(DEVICE_ACTION_POLICIES.requestsPerOrganization, auth.organizationUuid), 1, () =>
      limiter.spending(
        counter(DEVICE_ACTION_POLICIES.commandsPerOrganization, auth.organizationUuid),
        devices,
        work,
      ),
    );

  app.post(
    '/api/devices/:deviceUuid/actions',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Send an MDM action to the device (wipe and reset: the device name typed as confirmation; reset behind it-3148-device-reset)',
        params: DeviceActionParams,
        body: DeviceActionRequest,
        response: { 202: DeviceCommand },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const command = await withinShare(auth, 1, () =>
        actions.request((work) => request.tenant(work), auth, request.params.deviceUuid, request.body),
      );
      services.jobs.kick('mdm.command');
      return reply.status(202).send(command);
    },
  );

  app.post(
    '/api/devices/actions',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Send an MDM action to a selection of devices (up to 500; one command each; devices it does not apply to are skipped)',
        body: BulkDeviceActionRequest,
        response: { 202: BulkDeviceActionResult },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // Counted by what it fans out to: one command for each device it names.
      const result = await withinShare(auth, new Set(request.body.deviceUuids).size, () =>
        actions.requestBulk((work) => request.tenant(work), auth, request.body),
      );
      // No kick here: on PGlite (in-process) waking the workers for up to 500 jobs at once held the
      // event loop and delayed this very answer by seconds; they find the jobs within a polling interval.
      return reply.status(202).send(result);
    },
  );

  app.get(
    '/api/devices/:deviceUuid/actions',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "The device's MDM status and its recent MDM commands with their progress, newest first",
        params: DeviceActionParams,
        response: { 200: DeviceCommands },
      },
    },
    (request) => request.tenant((tx) => actions.list(tx, requireAuth(request), request.params.deviceUuid)),
  );
};
