import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BOOT_CONFIG } from '@equip/domain/boot-rules';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { Link, MemoryRouter, type RouteObject, useParams, useResolvedPath, useRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PagePrefetchContext } from '@/lib/app-services';
import { i18n } from '@/lib/i18n/i18n';
import { createAppServices } from './provider';
import { matchRoutesOnce } from './route-table';
import { AppRoutes, preloadRoutes, RouteBoundary, toElementRoutes, usePageLoading } from './routing';

function LoadingProbe() {
  return <p>{usePageLoading() ? 'loading a page' : 'idle'}</p>;
}

const inApp = (ui: ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function SlowPage() {
  return <h1>Slow page loaded</h1>;
}

function FirstPage() {
  return <h1>First page</h1>;
}

function SecondPage() {
  return <h1>Second page</h1>;
}

function ToSecondPage() {
  return <Link to="/second">To the second page</Link>;
}

function Home() {
  return (
    <nav>
      <Link to="/slow">Slow page</Link> <Link to="/broken">Broken page</Link>
    </nav>
  );
}

function UseRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function ThingPage() {
  const { name } = useParams();
  return (
    <p>
      {name} at {useResolvedPath('.').pathname}
    </p>
  );
}

describe('the route table as the app renders it', () => {
  it('matches a table once per address, and passes decoded params and encoded paths as useRoutes does', () => {
    const table = [{ path: '/things/:name', element: <ThingPage /> }, { path: '/other' }];
    const first = matchRoutesOnce(table, '/things/a');
    expect(matchRoutesOnce(table, '/things/a')).toBe(first);
    expect(matchRoutesOnce(table, '/other')?.[0]?.route.path).toBe('/other');
    expect(matchRoutesOnce(table, '/things/a')).not.toBe(first);
    expect(matchRoutesOnce(table, '/things/a')?.[0]?.params).toEqual({ name: 'a' });

    // What React Router's own useRoutes renders there, and what AppRoutes renders.
    const reference = inApp(
      <MemoryRouter initialEntries={['/things/a%20b%3F']}>
        <UseRoutes routes={table} />
      </MemoryRouter>,
    );
    const expected = reference.container.textContent;
    reference.unmount();
    expect(expected).toBe('a b? at /things/a b%3F');
    const rendered = inApp(
      <MemoryRouter initialEntries={['/things/a%20b%3F']}>
        <AppRoutes routes={table} />
      </MemoryRouter>,
    );
    expect(rendered.container.textContent).toBe(expected);
  });

  it('loads a lazy page on demand, reporting the load meanwhile', async () => {
    const code = deferred<{ Component: ComponentType }>();
    const routes = toElementRoutes([
      { element: <RouteBoundary />, children: [{ path: '/slow', lazy: () => code.promise }] },
    ]);
    inApp(
      <MemoryRouter initialEntries={['/slow']}>
        <LoadingProbe />
        <AppRoutes routes={routes} />
      </MemoryRouter>,
    );
    expect(screen.getByText('loading a page')).toBeInTheDocument();
    await act(async () => code.resolve({ Component: SlowPage }));
    expect(await screen.findByRole('heading', { name: 'Slow page loaded' })).toBeInTheDocument();
    expect(screen.getByText('idle')).toBeInTheDocument();
  });

  it('shows the page error where a page fails to load, and clears it on the next page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes = toElementRoutes([
      {
        element: <RouteBoundary />,
        children: [
          { path: '/', element: <Home /> },
          { path: '/broken', lazy: () => Promise.reject(new Error('chunk missing')) },
        ],
      },
    ]);
    inApp(
      <MemoryRouter initialEntries={['/broken']}>
        <AppRoutes routes={routes} />
        <Link to="/">Home</Link>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('chunk missing');
    await act(async () => screen.getByRole('link', { name: 'Home' }).click());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Slow page' })).toBeInTheDocument();
  });

  it('refuses data-router fields, which the declarative router would ignore', () => {
    expect(() => toElementRoutes([{ path: '/', loader: () => null }])).toThrow(/elements/);
  });
});

/** React Router APIs that only work under the data router, which the app does not ship. */
const DATA_ROUTER_ONLY =
  /\b(useMatches|useNavigation|useRouteError|useLoaderData|useActionData|useFetcher|useFetchers|useBlocker|useRevalidator|useRouteLoaderData|useSubmit|createBrowserRouter|RouterProvider|ScrollRestoration)\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it('app code uses no API of the data router', () => {
  const src = join(import.meta.dirname, '..');
  const offenders = sourceFiles(src).filter((file) =>
    [...readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router(?:\/dom)?'/g)].some(
      (match) => DATA_ROUTER_ONLY.test(match[1]!),
    ),
  );
  expect(offenders).toEqual([]);
});

describe('preloading the routes of the address the app opens on', () => {
  it('starts every lazy route the address goes through at once, and no other', () => {
    const shell = vi.fn(async () => ({ Component: SlowPage }));
    const layout = vi.fn(async () => ({ Component: SlowPage }));
    const page = vi.fn(async () => ({ Component: SlowPage }));
    const otherPage = vi.fn(async () => ({ Component: SlowPage }));
    const failing = vi.fn(async () => {
      throw new Error('offline');
    });
    const routes = [
      {
        lazy: shell,
        children: [
          {
            path: 'dashboard',
            lazy: layout,
            children: [
              { path: 'employees', lazy: page },
              { path: 'devices', lazy: otherPage },
            ],
          },
        ],
      },
      { path: 'broken', lazy: failing },
    ];
    preloadRoutes(routes, { pathname: '/dashboard/employees', search: '' });
    expect([shell, layout, page].map((load) => load.mock.calls.length)).toEqual([1, 1, 1]);
    expect(otherPage).not.toHaveBeenCalled();
    // A load that fails is the rendered route's to report, not an unhandled rejection here.
    preloadRoutes(routes, { pathname: '/broken', search: '' });
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('renders a page whose code was preloaded at once, and each of two such pages in the same place', async () => {
    const table = [
      {
        element: <RouteBoundary />,
        children: [
          { path: '/first', lazy: async () => ({ Component: FirstPage }) },
          { path: '/second', lazy: async () => ({ Component: SecondPage }) },
        ],
      },
    ];
    await preloadRoutes(table, { pathname: '/first', search: '' });
    await preloadRoutes(table, { pathname: '/second', search: '' });
    const routes = toElementRoutes(table);
    inApp(
      <MemoryRouter initialEntries={['/first']}>
        <ToSecondPage />
        <AppRoutes routes={routes} />
      </MemoryRouter>,
    );
    // No spinner first: the code is there, nothing suspends.
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();
    await act(async () => screen.getByRole('link', { name: 'To the second page' }).click());
    expect(await screen.findByRole('heading', { name: 'Second page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'First page' })).not.toBeInTheDocument();
  });

  it("asks for the opened page's data with the address's query, only when given the app's services", () => {
    const prefetch = vi.fn(async () => {});
    const otherPrefetch = vi.fn(async () => {});
    const routes = [
      {
        path: 'dashboard',
        children: [
          { path: 'employees', element: null, handle: { prefetch } },
          { path: 'devices', element: null, handle: { prefetch: otherPrefetch } },
        ],
      },
    ];
    const services = createAppServices(DEFAULT_BOOT_CONFIG);
    preloadRoutes(routes, { pathname: '/dashboard/employees', search: '' });
    expect(prefetch).not.toHaveBeenCalled();
    preloadRoutes(routes, { pathname: '/dashboard/employees', search: '?view=offboarding&page=2' }, services);
    expect(prefetch).toHaveBeenCalledTimes(1);
    const [context] = prefetch.mock.calls[0] as unknown as [PagePrefetchContext];
    expect(context.services).toBe(services);
    expect(context.pathname).toBe('/dashboard/employees');
    expect(context.search.toString()).toBe('view=offboarding&page=2');
    expect(otherPrefetch).not.toHaveBeenCalled();
  });
});
