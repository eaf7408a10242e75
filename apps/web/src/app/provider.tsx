import type { BootConfig } from '@equip/domain/boot';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { BootConfigProvider } from '@/lib/boot-config-context';
import { createFlagSource, type FlagSource } from '@/lib/flags';
import { FlagsProvider } from '@/lib/flags-context';
import { createQueryClient } from '@/lib/query-client';
import { type AppStore, createStore } from '@/lib/store';
import { ToastProvider } from '@/ui/toast';
import { TooltipProvider } from '@/ui/tooltip';

/** The app-wide objects, created once per page (and per test). */
export interface AppServices {
  boot: BootConfig;
  store: AppStore;
  queryClient: QueryClient;
  flags: FlagSource;
}

export function createAppServices(boot: BootConfig, overrides: Partial<AppServices> = {}): AppServices {
  return {
    boot,
    store: createStore(),
    queryClient: createQueryClient(),
    flags: createFlagSource(boot),
    ...overrides,
  };
}

export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <BootConfigProvider value={services.boot}>
      <ReduxProvider store={services.store}>
        <QueryClientProvider client={services.queryClient}>
          <FlagsProvider source={services.flags}>
            <TooltipProvider>
              <ToastProvider>{children}</ToastProvider>
            </TooltipProvider>
          </FlagsProvider>
        </QueryClientProvider>
      </ReduxProvider>
    </BootConfigProvider>
  );
}
