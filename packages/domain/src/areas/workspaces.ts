import { z } from 'zod';
import { defineArea } from '../define-area.ts';
import { WorkspaceProvider } from '../integrations.ts';

/**
 * The organisation's workspace suite (issue 30 items 3 and 4, decision 033): Google Workspace or
 * Microsoft 365, its groups and the auto-assignment rules. Re-checked hourly like the MDM connections.
 */
export const workspacesArea = defineArea({
  name: 'workspaces',
  // Logged on a change only (decision 033): connected, disconnected, and a check that finds it failing
  // or working again — not every hourly check.
  events: ['WORKSPACE_CONNECTED', 'WORKSPACE_DISCONNECTED', 'WORKSPACE_FAILED', 'WORKSPACE_RESTORED'],
  jobs: {
    /** Hourly: enqueues `workspaces.check` for every workspace that is not paused. */
    'workspaces.plan': z.object({}),
    /** Tests one organisation's workspace again, records the outcome and reads its groups (decision 033). */
    'workspaces.check': z.object({ organizationUuid: z.uuid(), provider: WorkspaceProvider }),
  },
});
