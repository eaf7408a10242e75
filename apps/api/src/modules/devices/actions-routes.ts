import { isFlagOn } from '@equip/domain/flags';
import {
  BulkDeviceActionRequest,
  BulkDeviceActionResult,
  DEVICE_RESET_FLAG,
  DeviceActionParams,
  DeviceActionRequest,
  DeviceCommand,
  DeviceCommands,
} from '@equip/domain/mdm';
import { ADMINS, requireAuth } from '../../http/access.ts';
import type { AppServices, ModuleRoutes } from '../../services.ts';
import { type ActionContext, deviceActionsService as actions } from './actions.ts';

const tags = ['devices'];
const security = [{ bearerAuth: [] }];
const admins = { access: { roles: ADMINS } };

const actionContext = async (services: AppServices): Promise<ActionContext> => ({
  jobs: services.jobs,
  resetEnabled: isFlagOn((await services.readFlags())[DEVICE_RESET_FLAG]),
});

/**
 * MDM actions (issue 11 item 3): queued as commands and sent by the `mdm.command` job through the
 * device's MDM adapter (decision 012); the answer is 202 with the command, whose progress
 * `GET …/actions` shows until the device reports.
 */
export const deviceActionRoutes: ModuleRoutes = (app, services) => {
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
      const context = await actionContext(services);
      const command = await request.tenant((tx) =>
        actions.request(tx, requireAuth(request), request.params.deviceUuid, request.body, context),
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
      const context = await actionContext(services);
      const result = await request.tenant((tx) =>
        actions.requestBulk(tx, requireAuth(request), request.body, context),
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
