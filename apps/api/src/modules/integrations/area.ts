import { integrationsArea } from '@equip/domain/areas/integrations';
import { defineApiArea } from '../../define-area.ts';
import { registerIntegrationCheckJobs } from './index.ts';
import { integrationRoutes } from './routes.ts';
import { scimRoutes, scimTokenRoutes } from './scim-routes.ts';
import { createScimService, type ScimService } from './scim-service.ts';
import { createIntegrationsService, type IntegrationsService } from './service.ts';
import { integrationSyncRoutes } from './sync-routes.ts';
import { createIntegrationSyncService, type IntegrationSyncService } from './sync-service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    integrations: IntegrationsService;
    integrationSync: IntegrationSyncService;
    scim: ScimService;
  }
}

/**
 * HR integrations (issue 30, decision 029).
 * Its routes, its services, its hourly re-check and its hourly HR sync (decision 032), gathered in
 * `src/areas.ts`.
 */
export const integrationsApiArea = defineApiArea(integrationsArea, {
  routes: [integrationRoutes, integrationSyncRoutes, scimTokenRoutes, scimRoutes],
  services: ({ hr, jobs, database }) => ({
    integrations: createIntegrationsService({ hr }),
    integrationSync: createIntegrationSyncService({ hr, jobs }),
    // The SCIM server (decision 034): tokens are looked up before the organisation is known.
    scim: createScimService({ db: database.db }),
  }),
  jobs: {
    // A check's failure is its outcome (stored, not thrown): a retry is only for a crashed try.
    policies: {
      'integrations.plan': { retryLimit: 3, retryDelaySeconds: 30, batchSize: 1 },
      'integrations.check': {
        retryLimit: 2,
        retryDelaySeconds: 30,
        expireInSeconds: 180,
        batchSize: 1,
        workers: 2,
      },
      'integrations.sync.plan': { retryLimit: 3, retryDelaySeconds: 30, batchSize: 1 },
      // A sync's failure to read the HR system is its run's outcome; a retry is only for a crashed try
      // (the run, already started, is not run twice).
      'integrations.sync': {
        retryLimit: 2,
        retryDelaySeconds: 60,
        expireInSeconds: 900,
        batchSize: 1,
        workers: 1,
      },
    },
    register: (jobs, { database, hr }) => registerIntegrationCheckJobs(jobs, { db: database.db, hr }),
    // Hourly, off the full hour and the MDM checks' :41: revoked credentials show within the hour.
    // The HR sync hourly at :17 (decision 032): new hires show within the hour.
    schedules: { 'integrations.plan': '47 * * * *', 'integrations.sync.plan': '17 * * * *' },
  },
  eventWords: {
    en: { SCIM_TOKEN_CREATED: 'SCIM token created', SCIM_TOKEN_REVOKED: 'SCIM token revoked' },
    de: { SCIM_TOKEN_CREATED: 'SCIM-Token erstellt', SCIM_TOKEN_REVOKED: 'SCIM-Token widerrufen' },
  },
});
