import { installationArea } from '@equip/domain/areas/installation';
import { defineApiArea } from '../../define-area.ts';
import { installationRoutes } from './routes.ts';
import { createInstallationService, type InstallationService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    installation: InstallationService;
  }
}

/**
 * The installation (its set-up and organisations).
 * Its routes, its service and its events in words, gathered in `src/areas.ts`.
 */
export const installationApiArea = defineApiArea(installationArea, {
  routes: [installationRoutes],
  services: ({ database, reads, auth, config }) => ({
    installation: createInstallationService({ db: database.db, reads, auth, publicUrl: config.publicUrl }),
  }),
  eventWords: {
    en: {
      ORGANIZATION_CREATED: 'Organisation created',
      ORGANIZATION_DEACTIVATED: 'Organisation deactivated',
      ORGANIZATION_REACTIVATED: 'Organisation reactivated',
      SETUP_LINK_ISSUED: 'Set-up link issued',
      INSTALLATION_SET_UP: 'Equip set up',
    },
    de: {
      ORGANIZATION_CREATED: 'Organisation angelegt',
      ORGANIZATION_DEACTIVATED: 'Organisation deaktiviert',
      ORGANIZATION_REACTIVATED: 'Organisation reaktiviert',
      SETUP_LINK_ISSUED: 'Einrichtungslink ausgestellt',
      INSTALLATION_SET_UP: 'Equip eingerichtet',
    },
  },
});
