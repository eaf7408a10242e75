import { organizationsArea } from '@equip/domain/areas/organizations';
import { defineApiArea } from '../../define-area.ts';
import { SEALED_SECRET_PURPOSES, sealingKey } from '../../security/sealed-secrets.ts';
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
  services: ({ database, config, keys }) => ({
    organizations: createOrganizationsService({
      db: database.db,
      outbound: { allowPrivate: config.ssoAllowPrivateIssuers },
      ssoKey: sealingKey(keys.jwtSecret, SEALED_SECRET_PURPOSES.ssoClientSecrets),
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
