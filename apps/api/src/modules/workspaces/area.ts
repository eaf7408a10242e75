import { workspacesArea } from '@equip/domain/areas/workspaces';
import { defineApiArea } from '../../define-area.ts';
import { registerWorkspaceCheckJobs } from './index.ts';
import { workspaceRoutes } from './routes.ts';
import { createWorkspacesService, type WorkspacesService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    workspaces: WorkspacesService;
  }
}

/**
 * The organisation's workspace (issue 30 items 3 and 4, decision 033): its routes, its service and its
 * hourly re-check, gathered in `src/areas.ts`.
 */
export const workspacesApiArea = defineApiArea(workspacesArea, {
  routes: [workspaceRoutes],
  services: ({ workspace, flags }) => ({ workspaces: createWorkspacesService({ workspace, flags }) }),
  eventWords: {
    en: {
      WORKSPACE_CONNECTED: 'Workspace connected',
      WORKSPACE_DISCONNECTED: 'Workspace disconnected',
      WORKSPACE_FAILED: 'Workspace connection failing',
      WORKSPACE_RESTORED: 'Workspace connection working again',
    },
    de: {
      WORKSPACE_CONNECTED: 'Workspace verbunden',
      WORKSPACE_DISCONNECTED: 'Workspace getrennt',
      WORKSPACE_FAILED: 'Workspace-Verbindung gestört',
      WORKSPACE_RESTORED: 'Workspace-Verbindung funktioniert wieder',
    },
  },
  jobs: {
    // A check's failure is its outcome (stored, not thrown): a retry is only for a crashed try.
    policies: {
      'workspaces.plan': { retryLimit: 3, retryDelaySeconds: 30, batchSize: 1 },
      'workspaces.check': {
        retryLimit: 2,
        retryDelaySeconds: 30,
        expireInSeconds: 300,
        batchSize: 1,
        workers: 2,
      },
    },
    register: (jobs, { database, workspace }) =>
      registerWorkspaceCheckJobs(jobs, { db: database.db, workspace }),
    // Hourly, off the MDM checks' :41 and the HR checks' :47: a revoked grant shows within the hour.
    schedules: { 'workspaces.plan': '53 * * * *' },
  },
});
