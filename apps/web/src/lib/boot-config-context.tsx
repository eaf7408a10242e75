import type { BootConfig } from '@equip/domain/boot';
import { DEFAULT_BOOT_CONFIG } from '@equip/domain/boot-rules';
import { createContext, useContext } from 'react';

const BootConfigContext = createContext<BootConfig>(DEFAULT_BOOT_CONFIG);

export const BootConfigProvider = BootConfigContext.Provider;

/** The boot configuration supplied with the page (help-desk link, API bases, flags …). */
export function useBootConfig(): BootConfig {
  return useContext(BootConfigContext);
}
