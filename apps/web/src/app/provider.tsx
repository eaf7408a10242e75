import type { BootConfig } from '@equip/domain/boot';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { type AppServices, AppServicesProvider } from '@/lib/app-services';
import { BootConfigProvider } from '@/lib/boot-config-context';
import { createFlagSource } from '@/lib/flags';
import { FlagsProvider } from '@/lib/flags-context';
import { i18n } from '@/lib/i18n/i18n';
import { createStore } from '@/lib/store';

export function createAppServices(boot: BootConfig, overrides: Partial<AppServices> = {}): AppServices {
  return {
    boot,
    store: createStore(),
    flags: createFlagSource(boot),
    ...overrides,
  };
}

/**
 * What every page has, the sign-in page included: the language, the boot configuration, the store and
 * the feature flags. Server state, tooltips and toasts come with the app shell (`layout/app-shell.tsx`), which the
 * router loads around every other page.
 */
export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <AppServicesProvider value={services}>
        <BootConfigProvider value={services.boot}>
          <ReduxProvider store={services.store}>
            <FlagsProvider source={services.flags}>{children}</FlagsProvider>
          </ReduxProvider>
        </BootConfigProvider>
      </AppServicesProvider>
    </I18nProvider>
  );
}
