import { type DefaultOptions, onlineManager, QueryClient } from '@tanstack/react-query';
import type { AppServices } from './app-services';
import { connectivity } from './connectivity';

/** SPEC §9: data stays fresh for 120000 ms; queries retry once; mutations never retry. */
export const QUERY_STALE_TIME_MS = 120_000;
export const QUERY_RETRY = 1;
export const MUTATION_RETRY = false;

export const queryDefaults = {
  queries: { staleTime: QUERY_STALE_TIME_MS, retry: QUERY_RETRY, refetchOnWindowFocus: false },
  // An action tried while Equip cannot be reached fails at once with a message, not later unseen.
  mutations: { retry: MUTATION_RETRY, networkMode: 'always' },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  followConnectivity();
  return new QueryClient({ defaultOptions: queryDefaults });
}

/**
 * The app's one server-state cache, created on first use: by the app shell, or earlier by a page's
 * prefetch when the page is opened directly (`DashboardPage.prefetch`).
 */
export function servicesQueryClient(services: AppServices): QueryClient {
  services.queryClient ??= createQueryClient();
  return services.queryClient;
}

/**
 * Queries run while the browser is online AND the API answers (lib/connectivity.ts): otherwise they
 * pause, keep what they showed, and resume by themselves when both are back.
 */
function followConnectivity() {
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine && connectivity.isReachable());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    const unsubscribe = connectivity.subscribe(update);
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      unsubscribe();
    };
  });
}
