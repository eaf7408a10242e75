import { defineApiArea } from '../../define-area.ts';
import { enrollmentRoutes } from './routes.ts';
import { createEnrollmentService, type EnrollmentService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    enrollment: EnrollmentService;
  }
}

/**
 * Enrolment: the codes and the agent's check-ins.
 * Its routes, its service, gathered in `src/areas.ts`.
 */
export const enrollmentApiArea = defineApiArea(
  { name: 'enrollment', events: [] },
  {
    routes: [enrollmentRoutes],
    services: ({ database, auth }) => ({ enrollment: createEnrollmentService({ database, auth }) }),
  },
);
