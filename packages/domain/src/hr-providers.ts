/**
 * The HR systems Equip connects to and their product names, kept free of zod: the employees list
 * names a draft's HR system while it loads, and importing `integrations.ts` would build its schemas
 * (bench/lighthouse.mjs). `integrations.ts` builds `HrProvider` on this list and re-exports the names.
 */
export const HR_PROVIDERS = [
  'personio',
  'hibob',
  'kenjo',
  'heavenhr',
  'hrworks',
  'factorial',
  'bamboohr',
] as const;

/** The HR systems' product names (the same in every language). */
export const HR_PROVIDER_NAMES: Record<(typeof HR_PROVIDERS)[number], string> = {
  personio: 'Personio',
  hibob: 'HiBob',
  kenjo: 'Kenjo',
  heavenhr: 'HeavenHR',
  hrworks: 'HRworks',
  factorial: 'Factorial',
  bamboohr: 'BambooHR',
};

/** The product name of an HR system named by its id, if it is one. */
export function hrProviderName(provider: string): string | undefined {
  return Object.hasOwn(HR_PROVIDER_NAMES, provider)
    ? HR_PROVIDER_NAMES[provider as (typeof HR_PROVIDERS)[number]]
    : undefined;
}
