import { defineApiArea } from '../../define-area.ts';
import { healthRoutes } from './routes.ts';
import { createHealthService, type HealthService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    health: HealthService;
  }
}

/**
 * Liveness and readiness.
 * Its routes, its service, gathered in `src/areas.ts`.
 */
export const healthApiArea = defineApiArea(
  { name: 'health', events: [] },
  {
    routes: [healthRoutes],
    services: ({ database, config }) => ({ health: createHealthService({ database, config }) }),
  },
);
