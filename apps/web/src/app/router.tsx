import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/routes/login-page';
import { peekStartedCurrentUserRequest } from '@/lib/current-user';
import { type CatalogAreas, withCatalogs } from '@/lib/i18n/i18n';
import { CenteredLayout } from './layout/centered-layout';
import type { RouteHandle } from './layout/page-title';
import {
  canOpenDashboardPage,
  DASHBOARD_PAGES,
  type DashboardPage,
  MOVED_DASHBOARD_PAGES,
} from './routes/dashboard-pages';
import { type PrefetchHandle, RouteBoundary, type RoutePrefetch } from './routing';

/**
 * A route whose component is loaded on demand, so each page's code ships in its own chunk, with the
 * catalogs of the areas its texts are in (every area's unless it says which: lib/i18n).
 */
function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  catalogs: CatalogAreas = 'all',
) {
  const loadWithTexts = withCatalogs(load, catalogs);
  return async () => ({ Component: pick(await loadWithTexts()) });
}

function titled(title: MessageDescriptor): RouteHandle {
  return { title };
}

/**
 * A page's prefetch, for someone who may open it: the role comes from the signed-in user asked for
 * as the app started (no prefetch without one: a regular user on a staff page would see a 403).
 */
function prefetchFor(page: DashboardPage): RoutePrefetch | undefined {
  const { prefetch } = page;
  if (!prefetch) return undefined;
  return async (context) => {
    const user = peekStartedCurrentUserRequest();
    if (!user) return;
    const [{ role }, run] = await Promise.all([user, prefetch()]);
    if (canOpenDashboardPage(page, role)) await run(context);
  };
}

/**
 * A dashboard page's route: its module and the role gate load on demand, in the page's chunk; a page of
 * the Settings area is shown inside that area's navigation.
 */
function dashboardRoute(page: DashboardPage): RouteObject {
  return {
    path: page.path,
    handle: { ...titled(page.title), prefetch: prefetchFor(page) } satisfies RouteHandle & PrefetchHandle,
    lazy: async () => {
      const loadModules = () =>
        Promise.all([
          page.load(),
          import('./routes/dashboard-page'),
          page.settings ? import('./layout/settings-layout') : undefined,
        ]);
      const [Page, { DashboardPageGate }, settings] = await withCatalogs(
        loadModules,
        page.catalogs ?? 'all',
      )();
      const content = settings ? (
        <settings.SettingsLayout>
          <Page />
        </settings.SettingsLayout>
      ) : (
        <Page />
      );
      return { element: <DashboardPageGate page={page}>{content}</DashboardPageGate> };
    },
  };
}

/** A page that moved: on to its new address, with the query (a filter, an open record) and hash. */
function Moved({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

const dashboardRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.dashboard.overview} replace /> },
  ...DASHBOARD_PAGES.map(dashboardRoute),
  {
    path: 'settings',
    lazy: lazyPage(
      () => import('./routes/dashboard-page'),
      (m) => m.SettingsHome,
    ),
  },
  ...Object.entries(MOVED_DASHBOARD_PAGES).map(([from, to]) => ({
    path: from,
    element: <Moved to={paths.dashboard.page(to)} />,
  })),
  {
    path: '*',
    handle: titled(msg`Page not found`),
    lazy: lazyPage(
      () => import('./routes/dashboard-page'),
      (m) => m.DashboardNotFound,
    ),
  },
];

const authRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('@/features/auth/routes/auth-type-page'),
      (m) => m.AuthTypePage,
    ),
  },
  {
    path: 'reset-password',
    lazy: lazyPage(
      () => import('@/features/auth/routes/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: 'verify/:code',
    lazy: lazyPage(
      () => import('@/features/auth/routes/verify-page'),
      (m) => m.VerifyPage,
    ),
  },
  {
    path: 'email-verification',
    lazy: lazyPage(
      () => import('@/features/auth/routes/email-verification-page'),
      (m) => m.EmailVerificationPage,
    ),
  },
  {
    path: ':type',
    lazy: lazyPage(
      () => import('@/features/auth/routes/auth-type-page'),
      (m) => m.AuthTypePage,
    ),
  },
];

/**
 * Every route of SPEC §2. Dashboard pages render in the app layout and are registered in
 * `routes/dashboard-pages.ts` (one entry per page); the rest render in a centred layout. Every page
 * but the sign-in page sits in the app shell (`layout/app-shell.tsx`: server state, tooltips, toasts),
 * which loads with the first of them: the sign-in page needs only what the app's entry holds (issue 9).
 * The table is plain route objects (elements and `lazy` functions, no data-router fields): `routing.tsx`
 * renders it.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RouteBoundary />,
    children: [
      {
        path: 'auth/login',
        Component: CenteredLayout,
        children: [{ index: true, Component: LoginPage }],
      },
      {
        // The shell comes with its own texts; each page below with its own (lib/i18n).
        lazy: lazyPage(
          () => import('./layout/app-shell'),
          (m) => m.AppShell,
          ['shell'],
        ),
        children: [
          { index: true, element: <Navigate to={paths.dashboard.overview} replace /> },
          {
            path: 'dashboard',
            // The shell behind the sign-in guard (a token cookie, then `me`; SPEC §2, §4).
            lazy: lazyPage(
              () => import('./layout/authenticated-layout'),
              (m) => m.AuthenticatedLayout,
              ['shell'],
            ),
            children: [{ element: <RouteBoundary />, children: dashboardRoutes }],
          },
          {
            path: 'onboarding/:page/*',
            element: <CenteredLayout wide />,
            children: [
              {
                index: true,
                lazy: lazyPage(
                  () => import('@/features/onboarding/routes/onboarding-page'),
                  (m) => m.OnboardingPage,
                ),
              },
            ],
          },
          {
            Component: CenteredLayout,
            children: [
              { path: 'auth', children: authRoutes },
              {
                path: 'companion',
                lazy: lazyPage(
                  () => import('@/features/companion/routes/companion-page'),
                  (m) => m.CompanionPage,
                ),
              },
              {
                path: 'start',
                lazy: lazyPage(
                  () => import('@/features/enrollment/routes/start-page'),
                  (m) => m.StartPage,
                ),
              },
              {
                // The first set-up of an installation without the demo, from the link `npm start` prints.
                path: 'setup',
                lazy: lazyPage(
                  () => import('@/features/auth/routes/setup-page'),
                  (m) => m.SetupPage,
                ),
              },
              {
                path: 'logout',
                lazy: lazyPage(
                  () => import('@/features/auth/routes/logout-page'),
                  (m) => m.LogoutPage,
                ),
              },
            ],
          },
          {
            path: '*',
            lazy: lazyPage(
              () => import('./routes/not-found'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];
