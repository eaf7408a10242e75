// The feature-flags module's public surface.
export { ensureFeatureFlags, flagIsOn, readFlagValues } from './service.ts';
