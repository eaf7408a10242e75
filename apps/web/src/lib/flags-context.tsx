import { DEFAULT_BOOT_CONFIG } from '@equip/domain/boot-rules';
import { isFlagOn } from '@equip/domain/feature-flags';
import type { FeatureFlagName } from '@equip/domain/flags';
import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from 'react';
import { createFlagSource, type FlagSource } from './flags';

const FlagsContext = createContext<FlagSource>(createFlagSource(DEFAULT_BOOT_CONFIG));

export function FlagsProvider({ source, children }: { source: FlagSource; children: ReactNode }) {
  return <FlagsContext.Provider value={source}>{children}</FlagsContext.Provider>;
}

/**
 * Whether a feature flag is on (its value equals `on`). The first use starts the experimentation
 * client (loaded on demand), so pages that read no flag never download it.
 */
export function useFeatureFlag(name: FeatureFlagName): boolean {
  return useFlagAllows(name);
}

/**
 * Whether what stands behind `name` may show: always without a flag, else whether the flag is on. Only a
 * flag named starts the experimentation client (the dashboard's page gate asks for every page).
 */
export function useFlagAllows(name: FeatureFlagName | undefined): boolean {
  const source = useContext(FlagsContext);
  useEffect(() => {
    if (name) void source.start();
  }, [source, name]);
  const read = () => (name ? source.value(name) : 'on');
  return isFlagOn(useSyncExternalStore(source.subscribe, read, read));
}
