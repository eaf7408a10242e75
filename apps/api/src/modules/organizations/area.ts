import { organizationsArea } from '@equip/domain/areas/organizations';
import { defineApiArea } from '../../define-area.ts';
import { organizationRoutes } from './routes.ts';
import { createOrganizationsService, type OrganizationsService } from './service.ts';
import { organizationSetupRoutes } from './setup-routes.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    organizations: OrganizationsService;
  }
}

/**
 * The organisation's settings.
 * Its routes, its service and its events in words, gathered in `src/areas.ts`.
 */
export const organizationsApiArea = defineApiArea(organizationsArea, {
  routes: [organizationRoutes, organizationSetupRoutes],
  services: ({ database, config }) => ({
    organizations: createOrganizationsService({
      db: database.db,
      outbound: { allowPrivate: config.ssoAllowPrivateIssuers },
    }),
  }),
  eventWords: {
    en: {
      ORGANIZATION_UPDATED: 'Organisation changed',
    },
    de: {
      ORGANIZATION_UPDATED: 'Organisation geändert',
    },
  },
});
