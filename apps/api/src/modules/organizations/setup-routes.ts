import { UpdateOrganizationSetup } from '@equip/domain/device-registration';
import { OrganizationSetup } from '@equip/domain/identity';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth } from '../../http/access.ts';

const tags = ['organizations'];
const security = [{ bearerAuth: [] }];
const admins = { access: { roles: ADMINS } };

/** The organisation's setup progress: device registration skipped per platform, the test device. */
export const organizationSetupRoutes: ModuleRoutes = (app, { organizations }) => {
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
    (request) => request.tenant((tx) => organizations.setup(tx, requireAuth(request))),
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
    (request) => request.tenant((tx) => organizations.updateSetup(tx, requireAuth(request), request.body)),
  );
};
