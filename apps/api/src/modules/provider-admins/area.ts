import { providerAdminsArea } from '@equip/domain/areas/provider-admins';
import { defineApiArea } from '../../define-area.ts';
import { providerAdminRoutes } from './routes.ts';
import { createProviderAdminsService, type ProviderAdminsService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    providerAdmins: ProviderAdminsService;
  }
}

/**
 * Provider admins.
 * Its routes, its service and its events in words, gathered in `src/areas.ts`.
 */
export const providerAdminsApiArea = defineApiArea(providerAdminsArea, {
  routes: [providerAdminRoutes],
  services: ({ database, reads, auth }) => ({
    providerAdmins: createProviderAdminsService({ db: database.db, reads, auth }),
  }),
  eventWords: {
    en: {
      PROVIDER_ADMIN_ADDED: 'Provider admin added',
      PROVIDER_ADMIN_DISABLED: 'Provider admin disabled',
    },
    de: {
      PROVIDER_ADMIN_ADDED: 'Provider-Admin hinzugefügt',
      PROVIDER_ADMIN_DISABLED: 'Provider-Admin deaktiviert',
    },
  },
});
