import { defineApiArea } from '../../define-area.ts';
import { flagRoutes } from './routes.ts';

/**
 * The feature flags (their service is a core one, built first: others read it).
 * Its routes, gathered in `src/areas.ts`.
 */
export const flagsApiArea = defineApiArea(
  { name: 'flags', events: [] },
  {
    routes: [flagRoutes],
  },
);
