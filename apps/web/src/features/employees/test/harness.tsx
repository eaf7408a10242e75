import type { Employee } from '@equip/domain/employees';
import type { CurrentUser } from '@equip/domain/identity';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { currentUserQueryKey } from '@/lib/session';
import { createStore } from '@/lib/store';
import { ToastProvider } from '@/ui/toast';
import { TooltipProvider } from '@/ui/tooltip';

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

/**
 * Renders `routes` at `path` with the app's providers (a fresh store and query client); `user` is the
 * signed-in person as `useCurrentUser` answers it (nobody by default).
 */
export function renderWithApp(
  routes: { path: string; element: ReactNode }[],
  path: string,
  options: { user?: CurrentUser } = {},
) {
  const store = createStore();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
  if (options.user) queryClient.setQueryData(currentUserQueryKey, options.user);
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], {
    initialEntries: [path],
  });
  const user = userEvent.setup();
  const result = render(
    <I18nProvider i18n={i18n}>
      <ReduxProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <TooltipProvider>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </TooltipProvider>
        </QueryClientProvider>
      </ReduxProvider>
    </I18nProvider>,
  );
  return { ...result, store, queryClient, router, user };
}

let counter = 0;
/** A made-up employee; `overrides` win. */
export function makeEmployee(overrides: Partial<Employee> = {}): Employee {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    uuid: `00000000-0000-4000-8000-${n}`,
    organizationUuid: '00000000-0000-4000-8000-999999999999',
    firstName: `First${counter}`,
    lastName: `Last${counter}`,
    email: `person${counter}@acme.example`,
    phone: null,
    department: 'Engineering',
    position: null,
    startDate: '2024-01-15',
    lastDate: null,
    employeeStatus: 'ACTIVE',
    userType: 'regularUser',
    role: 'regular',
    source: 'equip',
    devicesAssigned: 1,
    assignedBundle: null,
    license: null,
    invitedAt: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
