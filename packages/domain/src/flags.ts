import { z } from 'zod';

/** Feature flags of SPEC §9. */
export const FEATURE_FLAGS = [
  'it-1117-topicomspot-procurement',
  'it-1583-order-tracking',
  'catalog-announcement',
  'topi-unavailable-announcement',
  'it-2447-show-staged-devices',
  'unverified-google-oauth-scopes',
  'it-2305-hardware-requests',
  'it-1786-peripherals-mvp',
  'it-2597-offboarding-workspace-archive-option',
  'it-2712-organization-setup',
  'it-2871-suggested-bundles',
  'it-3148-device-reset',
  'it-3077-device-history',
] as const;
export const FeatureFlagName = z.enum(FEATURE_FLAGS);
export type FeatureFlagName = z.infer<typeof FeatureFlagName>;
/** Flag values as the server supplies them with the page: name → variant value. */
export const FlagValues = z.record(z.string(), z.string());
export type FlagValues = z.infer<typeof FlagValues>;

/** A flag counts as enabled only when its value equals `on` (SPEC §1). */
export function isFlagOn(value: string | undefined | null): boolean {
  return value === 'on';
}

/** Experimentation client constants (SPEC §9). */
export const EXPERIMENT = {
  fetchTimeoutMs: 10000,
  pollingIntervalMs: 300000,
  minPollingIntervalMs: 60000,
  retries: 8,
  retryStartMs: 500,
  retryFactor: 1.5,
  retryCapMs: 10000,
  exposureQueueSize: 512,
  exposureFlushMs: 1000,
  serverZone: 'eu',
} as const;
