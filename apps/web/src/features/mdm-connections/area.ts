import { mdmConnectionsArea } from '@equip/domain/areas/mdm-connections';
import { mdmProviderName } from '@equip/domain/mdm-connections';
import { msg, t } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import { defineWebArea, type NotificationLink } from '@/lib/define-area';
import { translateKnownMessage } from '@/lib/i18n/known-messages';

const mdmServersLink = (): NotificationLink => ({
  to: paths.dashboard.mdmServers,
  label: t`Open MDM servers`,
});

/** MDM server connections' events and notifications in words (gathered in `src/areas.ts`). */
export const mdmConnectionsWebArea = defineWebArea(mdmConnectionsArea, {
  eventLabels: {
    MDM_CONNECTION_ADDED: msg`MDM server connected`,
    MDM_CONNECTION_CHANGED: msg`MDM server connection changed`,
    MDM_CONNECTION_REMOVED: msg`MDM server disconnected`,
    MDM_CONNECTION_FAILED: msg`MDM server connection failing`,
    MDM_CONNECTION_RESTORED: msg`MDM server connection working again`,
  },
  notificationTexts: {
    'mdm.connection_failed': ({ provider, error }) => {
      const name = mdmProviderName(provider);
      const reason = error ? translateKnownMessage(error) : null;
      return {
        title: t`The ${name} connection is failing`,
        body: reason
          ? t`Equip could not use your ${name} server: ${reason}. Device actions through it fail until it works again.`
          : t`Equip could not use your ${name} server. Device actions through it fail until it works again.`,
        link: mdmServersLink(),
      };
    },
    'mdm.connection_restored': ({ provider }) => {
      const name = mdmProviderName(provider);
      return {
        title: t`The ${name} connection works again`,
        body: t`Equip reached your ${name} server again; device actions go through it.`,
        link: mdmServersLink(),
      };
    },
  },
});
