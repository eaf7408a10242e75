/**
 * Feature flags (SPEC §1, §9) as plain values: the names, when a flag counts as on, and the
 * experimentation client's constants. Kept free of zod for the browser's first page (issue 9);
 * `flags.ts` re-exports them next to the schemas.
 */

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
