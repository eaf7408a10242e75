// The organisations module's public surface.

export { organizationName, organizationTimeZones } from './queries.ts';
export { organizationRoutes } from './routes.ts';
export { organizationSetupRoutes } from './setup-routes.ts';
