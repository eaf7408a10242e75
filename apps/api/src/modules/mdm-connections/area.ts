import { mdmConnectionsArea } from '@equip/domain/areas/mdm-connections';
import { defineApiArea } from '../../define-area.ts';
import { registerConnectionCheckJobs } from './index.ts';
import { mdmConnectionRoutes } from './routes.ts';
import { createMdmConnectionsService, type MdmConnectionsService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    mdmConnections: MdmConnectionsService;
  }
}

/**
 * MDM server connections.
 * Its routes, its service and its events in words, gathered in `src/areas.ts`.
 */
export const mdmConnectionsApiArea = defineApiArea(mdmConnectionsArea, {
  routes: [mdmConnectionRoutes],
  services: ({ mdm, config, jobs }) => ({
    mdmConnections: createMdmConnectionsService({
      mdm,
      jobs,
      policy: { allowPrivate: config.mdm.allowPrivateServers },
    }),
  }),
  eventWords: {
    en: {
      MDM_CONNECTION_ADDED: 'MDM server connected',
      MDM_CONNECTION_CHANGED: 'MDM server connection changed',
      MDM_CONNECTION_REMOVED: 'MDM server disconnected',
      MDM_CONNECTION_FAILED: 'MDM server connection failing',
      MDM_CONNECTION_RESTORED: 'MDM server connection working again',
    },
    de: {
      MDM_CONNECTION_ADDED: 'MDM-Server verbunden',
      MDM_CONNECTION_CHANGED: 'MDM-Serververbindung geändert',
      MDM_CONNECTION_REMOVED: 'MDM-Server getrennt',
      MDM_CONNECTION_FAILED: 'MDM-Serververbindung gestört',
      MDM_CONNECTION_RESTORED: 'MDM-Serververbindung funktioniert wieder',
    },
  },
  jobs: {
    // The hourly re-check: a check's failure is its outcome (stored, not thrown), so a retry is only for
    // a crashed try; the next hour checks again anyway.
    policies: {
      'mdm.connections.plan': { retryLimit: 3, retryDelaySeconds: 30, batchSize: 1 },
      'mdm.connections.check': {
        retryLimit: 2,
        retryDelaySeconds: 30,
        expireInSeconds: 120,
        batchSize: 1,
        workers: 2,
      },
    },
    register: (jobs, { database, mdm }) => registerConnectionCheckJobs(jobs, { db: database.db, mdm }),
    // Hourly, off the full hour and the reminders' quarter hours: a server that stopped answering or a
    // revoked token is noticed within the hour, before a lock or wipe needs it, at one request per
    // connection and hour (decision 015).
    schedules: { 'mdm.connections.plan': '41 * * * *' },
  },
});
