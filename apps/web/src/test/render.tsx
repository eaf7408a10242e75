import { type BootConfig, DEFAULT_BOOT_CONFIG } from '@equip/domain/boot';
import { ACCESS_TOKEN_COOKIE, type CurrentUser, REFRESH_TOKEN_COOKIE } from '@equip/domain/identity';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { AppProvider, createAppServices } from '@/app/provider';
import { routes } from '@/app/router';
import { AppRoutes, toElementRoutes } from '@/app/routing';
import type { AppServices } from '@/lib/app-services';
import { setCookie } from '@/lib/cookies';
import { createQueryClient } from '@/lib/query-client';
import { currentUserQueryKey } from '@/lib/session';
import { testUser } from './fixtures';

export interface RenderRouteOptions {
  boot?: Partial<BootConfig>;
  services?: Partial<AppServices>;
  /**
   * Who is signed in: token cookies are set and `me` is already in the query cache. An IT owner by
   * default; `null` for nobody (no cookies, nothing cached).
   */
  user?: CurrentUser | null;
}

/** App services as tests make them: with the server-state cache from the start, to fill and read. */
export type TestServices = AppServices & { queryClient: QueryClient };

/** Signs a test user in: both token cookies plus the cached current user. */
export function signInForTest(services: TestServices, user: CurrentUser) {
  setCookie(ACCESS_TOKEN_COOKIE, 'test-access-token', 60_000);
  setCookie(REFRESH_TOKEN_COOKIE, 'test-refresh-token', 60_000);
  services.queryClient.setQueryData(currentUserQueryKey, user);
}

const appRoutes = toElementRoutes(routes);

/** Reports each location the router moves to. */
function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/**
 * Renders the real route table at `path` inside the app's providers, the way the app renders it
 * (app/routing.tsx). `router.state.location` is where the router is now.
 */
export function renderRoute(path: string, options: RenderRouteOptions = {}) {
  const services: TestServices = {
    ...createAppServices({ ...DEFAULT_BOOT_CONFIG, ...options.boot }, options.services),
    queryClient: options.services?.queryClient ?? createQueryClient(),
  };
  const user = options.user === undefined ? testUser() : options.user;
  if (user) signInForTest(services, user);
  let location: Location | undefined;
  const router = {
    get state() {
      if (!location) throw new Error('the router has not rendered yet');
      return { location };
    },
  };
  const userEvents = userEvent.setup();
  const result = render(
    <AppProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe onChange={(next) => (location = next)} />
        <AppRoutes routes={appRoutes} />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, router, services, user: userEvents };
}
