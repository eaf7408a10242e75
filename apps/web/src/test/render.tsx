import type { BootConfig } from '@equip/domain/boot';
import { DEFAULT_BOOT_CONFIG } from '@equip/domain/boot-rules';
import type { FlagValues } from '@equip/domain/flags';
import type { CurrentUser } from '@equip/domain/identity';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type RouteObject,
  type To,
  useLocation,
  useNavigate,
} from 'react-router';
import { AppShell } from '@/app/layout/app-shell';
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

/** Reports each location the router moves to, and hands over its navigate function. */
function RouterProbe({
  onLocation,
  onNavigate,
}: {
  onLocation: (location: Location) => void;
  onNavigate: (navigate: NavigateFunction) => void;
}) {
  onLocation(useLocation());
  onNavigate(useNavigate());
  return null;
}

/**
 * The one way tests render the app: `table` at `path` inside the app's providers and its router, the
 * way `main.tsx` renders it (app/routing.tsx, a declarative router). `router.state.location` is where
 * the router is now; `router.navigate` moves it as a link would.
 */
function renderTable(table: RouteObject[], path: string, services: TestServices) {
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  const router = {
    get state() {
      if (!location) throw new Error('the router has not rendered yet');
      return { location };
    },
    navigate(to: To | number) {
      if (!navigate) throw new Error('the router has not rendered yet');
      return typeof to === 'number' ? navigate(to) : navigate(to);
    },
  };
  const userEvents = userEvent.setup();
  const result = render(
    <AppProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe onLocation={(next) => (location = next)} onNavigate={(next) => (navigate = next)} />
        <AppRoutes routes={table} />
      </MemoryRouter>
    </AppProvider>,
  );
  return {
    ...result,
    router,
    services,
    store: services.store,
    queryClient: services.queryClient,
    user: userEvents,
  };
}

/** Renders the real route table at `path`: the whole app, signed in as `options.user` (an IT owner). */
export function renderRoute(path: string, options: RenderRouteOptions = {}) {
  const services: TestServices = {
    ...createAppServices({ ...DEFAULT_BOOT_CONFIG, ...options.boot }, options.services),
    queryClient: options.services?.queryClient ?? createQueryClient(),
  };
  const user = options.user === undefined ? testUser() : options.user;
  if (user) signInForTest(services, user);
  return renderTable(appRoutes, path, services);
}

export interface RenderWithAppOptions {
  /** The signed-in person as `useCurrentUser` answers it (nobody by default). */
  user?: CurrentUser;
  /** Feature flags by name (`{ 'it-3077-device-history': 'on' }`); none on by default. */
  flags?: FlagValues;
}

/**
 * Renders a screen's own routes at `path` inside the app shell (server state, tooltips, toasts), as
 * the app renders a page, with a cache that does not retry; any other address shows "elsewhere".
 */
export function renderWithApp(
  routes: { path: string; element: ReactNode }[],
  path: string,
  options: RenderWithAppOptions = {},
) {
  const boot = {
    ...DEFAULT_BOOT_CONFIG,
    flags: options.flags ?? {},
    experiment: { mocked: true, deploymentKey: 'test', proxyUrl: '/experiment' },
  };
  const services: TestServices = {
    ...createAppServices(boot),
    queryClient: new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
    }),
  };
  if (options.user) services.queryClient.setQueryData(currentUserQueryKey, options.user);
  const table = toElementRoutes([
    { element: <AppShell />, children: [...routes, { path: '*', element: <p>elsewhere</p> }] },
  ]);
  return renderTable(table, path, services);
}
