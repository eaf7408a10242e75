import { type BootConfig, DEFAULT_BOOT_CONFIG } from '@equip/domain/boot';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// `react-router/dom` resolves to a second copy of the router under Node; tests use the main entry.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider, type AppServices, createAppServices } from '@/app/provider';
import { routes } from '@/app/router';

export interface RenderRouteOptions {
  boot?: Partial<BootConfig>;
  services?: Partial<AppServices>;
}

/** Renders the real route table at `path` inside the app's providers. */
export function renderRoute(path: string, options: RenderRouteOptions = {}) {
  const services = createAppServices({ ...DEFAULT_BOOT_CONFIG, ...options.boot }, options.services);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <AppProvider services={services}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, services, user };
}
