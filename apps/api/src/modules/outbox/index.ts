// The outbox module's public surface.
export { outboxRoutes } from './routes.ts';
