// The notifications module's public surface: the panel's routes, and the hook the event log calls.

export { notificationRoutes } from './routes.ts';
export { notifyAbout } from './service.ts';
