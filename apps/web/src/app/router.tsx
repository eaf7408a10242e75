import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { PageSpinner } from '@/ui/spinner';
import { CenteredLayout } from './layout/centered-layout';
import type { RouteHandle } from './layout/page-title';
import { dashboardPageTitle } from './routes/dashboard-pages';
import { RouteError } from './routes/route-error';

/** A route whose component is loaded on demand, so each page's code ships in its own chunk. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

function titled(title: RouteHandle['title']): RouteHandle {
  return { title };
}

const dashboardRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.dashboard.overview} replace /> },
  {
    path: 'overview',
    handle: titled('Overview'),
    lazy: lazyPage(
      () => import('@/features/overview/routes/overview-page'),
      (m) => m.OverviewPage,
    ),
  },
  {
    path: 'employees',
    handle: titled('Employees'),
    lazy: lazyPage(
      () => import('@/features/employees/routes/employees-page'),
      (m) => m.EmployeesPage,
    ),
  },
  {
    path: 'devices',
    handle: titled('Devices'),
    lazy: lazyPage(
      () => import('@/features/devices/routes/devices-page'),
      (m) => m.DevicesPage,
    ),
  },
  {
    path: 'devices/import-peripherals',
    handle: titled('Import assets'),
    lazy: lazyPage(
      () => import('@/features/devices/routes/import-peripherals-page'),
      (m) => m.ImportPeripheralsPage,
    ),
  },
  {
    path: 'devices/add-peripherals',
    handle: titled('Add assets'),
    lazy: lazyPage(
      () => import('@/features/devices/routes/add-peripherals-page'),
      (m) => m.AddPeripheralsPage,
    ),
  },
  {
    path: 'devices/register-devices',
    handle: titled('Register devices'),
    lazy: lazyPage(
      () => import('@/features/devices/routes/register-devices-page'),
      (m) => m.RegisterDevicesPage,
    ),
  },
  {
    path: 'bundles',
    handle: titled('Bundles'),
    lazy: lazyPage(
      () => import('@/features/bundles/routes/bundles-page'),
      (m) => m.BundlesPage,
    ),
  },
  {
    path: 'action/create-bundle/:step?',
    handle: titled('Create bundle'),
    lazy: lazyPage(
      () => import('@/features/bundles/routes/create-bundle-page'),
      (m) => m.CreateBundlePage,
    ),
  },
  {
    path: 'action/edit-bundle/:view?',
    handle: titled('Edit bundle'),
    lazy: lazyPage(
      () => import('@/features/bundles/routes/edit-bundle-page'),
      (m) => m.EditBundlePage,
    ),
  },
  {
    path: 'action/add-employees-manual',
    handle: titled('Add employees'),
    lazy: lazyPage(
      () => import('@/features/employees/routes/add-employees-manual-page'),
      (m) => m.AddEmployeesManualPage,
    ),
  },
  {
    path: 'action/import-employees',
    handle: titled('Import employees'),
    lazy: lazyPage(
      () => import('@/features/employees/routes/import-employees-page'),
      (m) => m.ImportEmployeesPage,
    ),
  },
  {
    path: 'workspaces',
    handle: titled('Workspaces'),
    lazy: lazyPage(
      () => import('@/features/workspaces/routes/workspaces-page'),
      (m) => m.WorkspacesPage,
    ),
  },
  {
    path: 'integrations',
    handle: titled('Integrations'),
    lazy: lazyPage(
      () => import('@/features/integrations/routes/integrations-page'),
      (m) => m.IntegrationsPage,
    ),
  },
  {
    path: ':page/*',
    handle: titled((params) => dashboardPageTitle(params.page)),
    lazy: lazyPage(
      () => import('./routes/dashboard-page'),
      (m) => m.DashboardPage,
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
    path: 'login',
    lazy: lazyPage(
      () => import('@/features/auth/routes/login-page'),
      (m) => m.LoginPage,
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

/** Every route of SPEC §2. Dashboard pages render in the app layout; the rest in a centred one. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { index: true, element: <Navigate to={paths.dashboard.overview} replace /> },
      {
        path: 'dashboard',
        // The shell behind the sign-in guard (a token cookie, then `me`; SPEC §2, §4).
        lazy: lazyPage(
          () => import('./layout/authenticated-layout'),
          (m) => m.AuthenticatedLayout,
        ),
        children: [{ ErrorBoundary: RouteError, children: dashboardRoutes }],
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
];
