import { z } from 'zod';
import { FEATURE_FLAGS } from './feature-flags.ts';

export { EXPERIMENT, FEATURE_FLAGS, isFlagOn } from './feature-flags.ts';

/** The name of one of the feature flags of SPEC §9. */
export const FeatureFlagName = z.enum(FEATURE_FLAGS);
export type FeatureFlagName = z.infer<typeof FeatureFlagName>;
/** Flag values as the server supplies them with the page: name → variant value. */
export const FlagValues = z.record(z.string(), z.string());
export type FlagValues = z.infer<typeof FlagValues>;

/** Amplitude Experiment's variant shape, as the browser client expects it from `/sdk/v2/vardata`. */
export const FlagVariants = z.record(z.string(), z.object({ key: z.string(), value: z.string() }));
export type FlagVariants = z.infer<typeof FlagVariants>;
/** The experiment client's flag-configuration answer (local evaluation is not used: always empty). */
export const FlagConfigurations = z.array(z.unknown());
