import { UuidParams } from '@equip/domain/common';
import {
  type SoftwareAction,
  SoftwareCommand,
  SoftwareCommandRequest,
  SoftwareCommands,
} from '@equip/domain/software-installs';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth } from '../../http/access.ts';

const tags = ['devices'];
const security = [{ bearerAuth: [] }];
const admins = { access: { roles: ADMINS } };

/**
 * Installing and uninstalling a catalog application through the device's MDM (issue 27, item 5; decision
 * 030): 202 with the queued command, which `GET …/software/commands` follows until the MDM reports and
 * the next inventory confirms it.
 */
export const softwareInstallRoutes: ModuleRoutes = (app, services) => {
  const installs = services.softwareInstalls;

  const route = (verb: 'install' | 'uninstall', action: SoftwareAction, summary: string) =>
    app.post(
      `/api/devices/:uuid/software/${verb}`,
      {
        config: admins,
        schema: {
          tags,
          security,
          summary,
          params: UuidParams,
          body: SoftwareCommandRequest,
          response: { 202: SoftwareCommand },
        },
      },
      async (request, reply) => {
        const command = await installs.request(
          (work) => request.tenant(work),
          requireAuth(request),
          request.params.uuid,
          action,
          request.body,
        );
        services.jobs.kick('mdm.command');
        return reply.status(202).send(command);
      },
    );
  route('install', 'install_software', 'Install a catalog application on the device through its MDM');
  route('uninstall', 'uninstall_software', 'Uninstall a catalog application from the device through its MDM');

  app.get(
    '/api/devices/:uuid/software/commands',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "The device's recent installs and uninstalls with their state, newest first",
        params: UuidParams,
        response: { 200: SoftwareCommands },
      },
    },
    (request) => request.tenant((tx) => installs.list(tx, request.params.uuid)),
  );
};
