import { z } from 'zod';
import { defineArea, drafts } from '../define-area.ts';
import { WorkspaceProvider } from '../integrations.ts';
import { WORKSPACE_PROVIDER_NAMES } from '../workspaces.ts';

const NOTIFICATIONS = {
  /** The workspace's check started failing (told to the IT owners): the suite's name and the reason. */
  'workspace.failed': z.object({ provider: z.string(), reason: z.string() }),
  /** The workspace works again (told to the IT owners). */
  'workspace.restored': z.object({ provider: z.string() }),
};
const draft = drafts(NOTIFICATIONS);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const providerName = (value: unknown): string => {
  const parsed = WorkspaceProvider.safeParse(value);
  return parsed.success ? WORKSPACE_PROVIDER_NAMES[parsed.data] : (text(value) ?? '');
};

/**
 * The organisation's workspace suite (issue 30 items 3 and 4, decision 033): Google Workspace or
 * Microsoft 365, its groups and the auto-assignment rules. Re-checked hourly like the MDM connections.
 */
export const workspacesArea = defineArea({
  name: 'workspaces',
  // Logged on a change only (decision 033): connected, disconnected, and a check that finds it failing
  // or working again — not every hourly check.
  events: ['WORKSPACE_CONNECTED', 'WORKSPACE_DISCONNECTED', 'WORKSPACE_FAILED', 'WORKSPACE_RESTORED'],
  notificationParams: NOTIFICATIONS,
  notificationRules: {
    WORKSPACE_FAILED: (event) => [
      draft('workspace.failed', 'negative', 'it-owners', {
        provider: providerName(event.data?.provider),
        reason: text(event.data?.error) ?? '',
      }),
    ],
    WORKSPACE_RESTORED: (event) => [
      draft('workspace.restored', 'positive', 'it-owners', { provider: providerName(event.data?.provider) }),
    ],
  },
  jobs: {
    /** Hourly: enqueues `workspaces.check` for every workspace that is not paused. */
    'workspaces.plan': z.object({}),
    /** Tests one organisation's workspace again, records the outcome and reads its groups (decision 033). */
    'workspaces.check': z.object({ organizationUuid: z.uuid(), provider: WorkspaceProvider }),
  },
});
