import type { BootConfig } from '@equip/domain/boot';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { FlagSource } from './flags';
import type { AppStore } from './store';

/** The app-wide objects, created once per page (and per test). */
export interface AppServices {
  boot: BootConfig;
  store: AppStore;
  flags: FlagSource;
  /**
   * The server-state cache (TanStack Query). It comes with the app shell (`app/layout/app-shell.tsx`,
   * a lazily loaded route around every page but the sign-in page), which creates it when none was
   * given: the sign-in page loads no TanStack Query (issue 9).
   */
  queryClient?: QueryClient;
}

/**
 * What a page's prefetch gets when the page is opened directly (`preloadRoutes`,
 * `DashboardPage.prefetch`): the address's path and query and the app's services (its query cache).
 */
export interface PagePrefetchContext {
  pathname: string;
  search: URLSearchParams;
  services: AppServices;
}

const AppServicesContext = createContext<AppServices | null>(null);

export const AppServicesProvider = AppServicesContext.Provider;

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices needs the AppProvider');
  return services;
}
