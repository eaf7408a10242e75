import { defineApiArea } from '../../define-area.ts';
import { jobsAdminRoutes } from './routes.ts';
import { createJobsAdminService, type JobsAdminService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    jobsAdmin: JobsAdminService;
  }
}

/**
 * The background jobs' admin pages.
 * Its routes, its service, gathered in `src/areas.ts`.
 */
export const jobsAdminApiArea = defineApiArea(
  { name: 'jobs-admin', events: [] },
  {
    routes: [jobsAdminRoutes],
    services: ({ jobs, database }) => ({
      jobsAdmin: createJobsAdminService({ jobs, jobStore: database.jobStore }),
    }),
  },
);
