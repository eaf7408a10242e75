import { workspacesArea } from '@equip/domain/areas/workspaces';
import { msg } from '@lingui/core/macro';
import { defineWebArea } from '@/lib/define-area';

/** The workspace's events in words (gathered in `src/areas.ts`). */
export const workspacesWebArea = defineWebArea(workspacesArea, {
  eventLabels: {
    WORKSPACE_CONNECTED: msg`Workspace connected`,
    WORKSPACE_DISCONNECTED: msg`Workspace disconnected`,
    WORKSPACE_FAILED: msg`Workspace connection failing`,
    WORKSPACE_RESTORED: msg`Workspace connection working again`,
  },
});
