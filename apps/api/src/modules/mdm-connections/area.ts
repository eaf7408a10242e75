import { mdmConnectionsArea } from '@equip/domain/areas/mdm-connections';
import { defineApiArea } from '../../define-area.ts';

/** MDM server connections: the area's events in words for the exports (gathered in `src/areas.ts`). */
export const mdmConnectionsApiArea = defineApiArea(mdmConnectionsArea, {
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
