import { UpdateOrganizationSetup } from '@equip/domain/device-registration';
import { OrganizationSetup } from '@equip/domain/identity';
import { ADMINS, requireAuth } from '../../http/access.ts';
import type { ModuleRoutes } from '../../services.ts';
import { organizationSetup, updateOrganizationSetup } from './setup.ts';

const tags = ['organizations'];
const security = [{ bearerAuth: [] }];
const admins = { access: { roles: ADMINS } };

/** The organisation's setup progress: device registration skipped per platform, the test device. */
export const organizationSetupRoutes: ModuleRoutes = (app) => {
  app.get(
    '/api/organization/setup',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "The organisation's setup progress (device registration per platform, test device)",
        response: { 200: OrganizationSetup },
      },
    },
    (request) => request.tenant((tx) => organizationSetup(tx, requireAuth(request))),
  );

  app.patch(
    '/api/organization/setup',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "Skip (or un-skip) a platform's device registration, or record that a test device's registration started",
        body: UpdateOrganizationSetup,
        response: { 200: OrganizationSetup },
      },
    },
    (request) => request.tenant((tx) => updateOrganizationSetup(tx, requireAuth(request), request.body)),
  );
};
