import { mdmConnectionsArea } from '@equip/domain/areas/mdm-connections';
import { defineApiArea } from '../../define-area.ts';
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
  services: ({ mdm, config }) => ({
    mdmConnections: createMdmConnectionsService({
      mdm,
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
});
