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
  const source = useContext(FlagsContext);
  useEffect(() => {
    void source.start();
  }, [source]);
  const read = () => source.value(name);
  return isFlagOn(useSyncExternalStore(source.subscribe, read, read));
}
