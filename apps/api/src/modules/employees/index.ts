// The employees module's public surface.
export { employeeRoutes } from './routes.ts';
