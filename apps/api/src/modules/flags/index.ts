// The feature-flags module's public surface.
export { flagRoutes } from './routes.ts';
export { ensureFeatureFlags, readFlagValues } from './service.ts';
