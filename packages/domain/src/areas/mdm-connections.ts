import { z } from 'zod';
import { defineArea, drafts } from '../define-area.ts';
import { MdmProvider } from '../mdm-providers.ts';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const NOTIFICATIONS = {
  'mdm.connection_failed': z.object({ provider: z.string(), error: z.string().nullable() }),
  'mdm.connection_restored': z.object({ provider: z.string() }),
};
const draft = drafts(NOTIFICATIONS);

/** The organisation's connections to its MDM servers (issue 11, decision 015). */
export const mdmConnectionsArea = defineArea({
  name: 'mdm-connections',
  events: [
    'MDM_CONNECTION_ADDED',
    'MDM_CONNECTION_CHANGED',
    'MDM_CONNECTION_REMOVED',
    'MDM_CONNECTION_FAILED',
    'MDM_CONNECTION_RESTORED',
  ],
  notificationParams: NOTIFICATIONS,
  notificationRules: {
    // The organisation's MDM server stopped answering (or refused the token) at a check, scheduled or
    // asked for: every IT owner is told, once per change (decision 015), and again when it works.
    MDM_CONNECTION_FAILED: (event) => [
      draft('mdm.connection_failed', 'negative', 'it-owners', {
        provider: text(event.data?.provider) ?? '',
        error: text(event.data?.error),
      }),
    ],
    MDM_CONNECTION_RESTORED: (event) => [
      draft('mdm.connection_restored', 'positive', 'it-owners', {
        provider: text(event.data?.provider) ?? '',
      }),
    ],
  },
  jobs: {
    /** Hourly: enqueues `mdm.connections.check` for every stored connection to an MDM server. */
    'mdm.connections.plan': z.object({}),
    /** Tests one organisation's connection to its MDM server again and records the outcome (decision 015). */
    'mdm.connections.check': z.object({ organizationUuid: z.uuid(), provider: MdmProvider }),
  },
});
