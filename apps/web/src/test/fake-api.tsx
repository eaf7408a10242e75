import type { FlagValues } from '@equip/domain/flags';
import type { CurrentUser } from '@equip/domain/identity';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createFlagSource } from '@/lib/flags';
import { FlagsProvider } from '@/lib/flags-context';
import { i18n } from '@/lib/i18n/i18n';
import { currentUserQueryKey } from '@/lib/session';
import { createStore } from '@/lib/store';
import { ToastProvider } from '@/ui/toast';
import { TooltipProvider } from '@/ui/tooltip';

/**
 * A screen of one area under test, with the platform API faked: `installFakeApi` answers `fetch` from a
 * handler and records the requests, `renderWithApp` renders the area's routes with the app's providers.
 * An area's `test/harness.tsx` adds its made-up records (`makeEmployee`, `makeDevice`).
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export type FakeResponse = { status?: number; body?: unknown };
export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse> | undefined;

/** Answers the platform API's requests from `handler` (paths without the `/api` prefix); records them. */
export function installFakeApi(handler: FakeHandler) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    requests.push(request);
    const answer = (await handler(request)) ?? { status: 404, body: { errors: [{ msg: 'Not found' }] } };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requests };
}

export interface RenderWithAppOptions {
  /** The signed-in person as `useCurrentUser` answers it (nobody by default). */
  user?: CurrentUser;
  /** Feature flags by name (`{ 'it-3077-device-history': 'on' }`); none on by default. */
  flags?: FlagValues;
}

/** Renders `routes` at `path` with the app's providers (a fresh store, query client and flags). */
export function renderWithApp(
  routes: { path: string; element: ReactNode }[],
  path: string,
  options: RenderWithAppOptions = {},
) {
  const store = createStore();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
  if (options.user) queryClient.setQueryData(currentUserQueryKey, options.user);
  const flags = createFlagSource({
    flags: options.flags ?? {},
    experiment: { mocked: true, deploymentKey: 'test', proxyUrl: '/experiment' },
  });
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], {
    initialEntries: [path],
  });
  const user = userEvent.setup();
  const result = render(
    <I18nProvider i18n={i18n}>
      <ReduxProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <FlagsProvider source={flags}>
            <TooltipProvider>
              <ToastProvider>
                <RouterProvider router={router} />
              </ToastProvider>
            </TooltipProvider>
          </FlagsProvider>
        </QueryClientProvider>
      </ReduxProvider>
    </I18nProvider>,
  );
  return { ...result, store, queryClient, router, user };
}
