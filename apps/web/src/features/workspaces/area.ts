import { workspacesArea } from '@equip/domain/areas/workspaces';
import { msg, t } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import { defineWebArea } from '@/lib/define-area';

/** The workspace's events in words (gathered in `src/areas.ts`). */
export const workspacesWebArea = defineWebArea(workspacesArea, {
  eventLabels: {
    WORKSPACE_CONNECTED: msg`Workspace connected`,
    WORKSPACE_DISCONNECTED: msg`Workspace disconnected`,
    WORKSPACE_FAILED: msg`Workspace connection failing`,
    WORKSPACE_RESTORED: msg`Workspace connection working again`,
  },
  notificationTexts: {
    'workspace.failed': ({ provider, reason }) => ({
      title: t`Workspace connection failing`,
      body: t`Equip cannot reach ${provider}: ${reason}`,
      link: { to: paths.dashboard.workspaces, label: t`Open the workspace` },
    }),
    'workspace.restored': ({ provider }) => ({
      title: t`Workspace connection working again`,
      body: t`Equip reaches ${provider} again.`,
      link: { to: paths.dashboard.workspaces, label: t`Open the workspace` },
    }),
  },
});
