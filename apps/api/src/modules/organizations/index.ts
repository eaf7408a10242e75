// The organisations module's public surface.

export { organizationName } from './queries.ts';
export { organizationRoutes } from './routes.ts';
