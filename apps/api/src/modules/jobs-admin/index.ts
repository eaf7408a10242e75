// The jobs-admin module's public surface.

export { jobsAdminRoutes } from './routes.ts';
