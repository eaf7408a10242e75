import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  matchRoutes,
  Outlet,
  type RouteMatch,
  type RouteObject,
  renderMatches,
  UNSAFE_NavigationContext,
  useLocation,
} from 'react-router';
import type { AppServices, PagePrefetchContext } from '@/lib/app-services';
import { PageSpinner } from '@/ui/spinner';
import { matchRoutesOnce, RouteTableContext } from './route-table';
import { RouteError } from './routes/route-error';

/**
 * How the route table is rendered (docs/decisions/014-declarative-router.md). The table in
 * `router.tsx` is written as plain route objects; the app renders it with React Router's declarative
 * matching (`AppRoutes`: `useRoutes`' steps) inside a `BrowserRouter`, not with the data router: the
 * data router's code (about 18 kB gzip) was the largest single item on the sign-in page (issue 9).
 * Routes that load on demand become `React.lazy` components; navigations run in a transition, so the
 * current page stays on screen while the next one's code arrives, and `NavigationProgress` shows a bar
 * meanwhile.
 */

type LoadedRoute = { Component?: ComponentType | null; element?: ReactNode };

/** Page code loads in flight: the navigation progress bar shows while there is any. */
const pageLoads = { count: 0, listeners: new Set<() => void>() };

function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  const changed = (by: number) => {
    pageLoads.count += by;
    for (const listener of pageLoads.listeners) listener();
  };
  changed(1);
  return load.finally(() => changed(-1));
}

function subscribeToPageLoads(listener: () => void) {
  pageLoads.listeners.add(listener);
  return () => pageLoads.listeners.delete(listener);
}

/** True while the code of a page being opened is still loading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribeToPageLoads,
    () => pageLoads.count > 0,
    () => false,
  );
}

/** A route's code, asked for once: by `preloadRoutes` as the app starts, or by its lazy element. */
interface RouteLoad {
  promise: Promise<LoadedRoute>;
  /** Set once the code is there: the element then renders the page without suspending. */
  route?: LoadedRoute;
}
const routeLoads = new WeakMap<() => Promise<LoadedRoute>, RouteLoad>();

function loadRoute(load: () => Promise<LoadedRoute>): RouteLoad {
  const known = routeLoads.get(load);
  if (known) return known;
  const entry: RouteLoad = { promise: load() };
  entry.promise.then(
    (route) => {
      entry.route = route;
    },
    () => routeLoads.delete(load), // a failed load is tried again by the next render (RouteError shows)
  );
  routeLoads.set(load, entry);
  return entry;
}

function renderRoute(route: LoadedRoute): ReactNode {
  const Page = route.Component;
  return Page ? <Page /> : (route.element ?? null);
}

/**
 * A route whose component loads on demand: the loader is the table's `lazy` function. When its code is
 * already there (preloaded as the app started), the page renders at once: a lazy component suspends at
 * least once, and React then holds the content back behind the spinner for up to 300 ms.
 */
let routePages = 0;

function lazyElement(load: () => Promise<LoadedRoute>): ReactNode {
  const Loaded = lazy(async () => {
    const entry = loadRoute(load);
    const route = entry.route ?? (await trackPageLoad(entry.promise));
    return { default: () => renderRoute(route) };
  });
  // A key of its own: two routes' pages in the same place are two components, never one updated.
  return <RoutePage key={`route-${++routePages}`} load={load} Loaded={Loaded} />;
}

function RoutePage({ load, Loaded }: { load: () => Promise<LoadedRoute>; Loaded: ComponentType }) {
  // Decided once per mounted page: switching between the two would mount the page anew.
  const [loaded] = useState(() => routeLoads.get(load)?.route);
  return loaded ? renderRoute(loaded) : <Loaded />;
}

/** Asks for a route's first data early (`preloadRoutes`); failures are the page's own query's to show. */
export type RoutePrefetch = (context: PagePrefetchContext) => Promise<void>;

/** A route `handle` that can ask for its page's data before the page renders. */
export interface PrefetchHandle {
  prefetch?: RoutePrefetch | undefined;
}

/**
 * Starts loading the code of every on-demand route the address goes through, all at once: opening
 * `/dashboard/employees` directly would otherwise load the shell, then the dashboard layout, then the
 * page, each only once the one around it has rendered (three round trips; bench/lighthouse.mjs). The
 * module loader keeps each answer, so the lazy elements find the code there when they render; a load
 * that fails here fails again there and shows `RouteError`. With the app's services, a route's
 * `handle.prefetch` asks for its data too, so the first rows are there when the table first renders.
 * Answers once every route's code has arrived or failed.
 */
export function preloadRoutes(
  routes: RouteObject[],
  location: { pathname: string; search: string },
  services?: AppServices,
): Promise<void> {
  const code: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, location.pathname) ?? []) {
    if (typeof route.lazy === 'function')
      code.push(loadRoute(route.lazy as () => Promise<LoadedRoute>).promise);
    const prefetch = (route.handle as PrefetchHandle | undefined)?.prefetch;
    if (prefetch && services) {
      void prefetch({
        pathname: location.pathname,
        search: new URLSearchParams(location.search),
        services,
      }).catch(() => {});
    }
  }
  return Promise.allSettled(code).then(() => {});
}

/** The route table with on-demand routes turned into lazy elements, for `AppRoutes`. */
export function toElementRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { lazy: load, Component: Page, children, ...rest } = route;
    if (load !== undefined && typeof load !== 'function')
      throw new Error('routes load on demand through a `lazy` function only');
    if (route.ErrorBoundary || route.errorElement || route.HydrateFallback || route.loader || route.action)
      throw new Error('route objects use elements (RouteBoundary), not the data router’s fields');
    const element = load
      ? lazyElement(load as () => Promise<LoadedRoute>)
      : (route.element ?? (Page ? <Page /> : undefined));
    const converted = { ...rest, element } as RouteObject;
    if (children) converted.children = toElementRoutes(children);
    return converted;
  });
}

/**
 * Renders the route table in the router around it (BrowserRouter in the app, MemoryRouter in tests):
 * what `useRoutes` does at the top level, with the table matched once per address (`matchRoutesOnce`)
 * instead of on every render. As `useRoutes`, the matched paths are re-encoded the way the router's
 * navigator writes them (`matchRoutes` decodes them), so relative links resolve alike.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const encode = (path: string) =>
    navigator.encodeLocation
      ? navigator.encodeLocation(path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23'))
          .pathname
      : path;
  const matches = matchRoutesOnce(routes, pathname || '/')?.map(
    (match): RouteMatch => ({
      ...match,
      pathname: encode(match.pathname),
      pathnameBase: match.pathnameBase === '/' ? '/' : encode(match.pathnameBase),
    }),
  );
  return (
    <RouteTableContext.Provider value={routes}>{renderMatches(matches ?? null)}</RouteTableContext.Provider>
  );
}

interface ErrorBoundaryProps {
  /** The page's address: an error belongs to the page it happened on and clears when the page changes. */
  pathname: string;
  children: ReactNode;
}

class PageErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown; pathname: string }> {
  override state = { error: undefined as unknown, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: { error: unknown; pathname: string }) {
    return props.pathname === state.pathname ? null : { error: undefined, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/**
 * Where a page's failure stops: the child route renders inside it, and a page that fails to load or
 * render shows `RouteError` in its place. The spinner shows while a page's code loads for the first
 * time under it.
 */
export function RouteBoundary() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary pathname={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
