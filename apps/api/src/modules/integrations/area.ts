import { integrationsArea } from '@equip/domain/areas/integrations';
import { defineApiArea } from '../../define-area.ts';
import { registerIntegrationCheckJobs } from './index.ts';
import { integrationRoutes } from './routes.ts';
import { createIntegrationsService, type IntegrationsService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    integrations: IntegrationsService;
  }
}

/**
 * HR integrations (issue 30, decision 029).
 * Its routes, its service and its hourly re-check, gathered in `src/areas.ts`.
 */
export const integrationsApiArea = defineApiArea(integrationsArea, {
  routes: [integrationRoutes],
  services: ({ hr }) => ({ integrations: createIntegrationsService({ hr }) }),
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
    },
    register: (jobs, { database, hr }) => registerIntegrationCheckJobs(jobs, { db: database.db, hr }),
    // Hourly, off the full hour and the MDM checks' :41: revoked credentials show within the hour.
    schedules: { 'integrations.plan': '47 * * * *' },
  },
});
