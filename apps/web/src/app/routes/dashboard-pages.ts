import type { FeatureFlagName } from '@equip/domain/flags';
import type { Role } from '@equip/domain/identity';
import { ROLES } from '@equip/domain/identity-rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import type { PagePrefetchContext } from '@/lib/app-services';
import type { CatalogArea } from '@/lib/i18n/i18n';

/**
 * Every page of the dashboard (SPEC §2), in one list: the router builds the `/dashboard/*` routes from
 * it, the top bar shows `title`, and the dashboard's guards read `roles`.
 *
 * Adding an area's page is one entry here:
 *
 *   { path: 'devices', title: msg`Devices`, load: () => import('@/features/devices/routes/devices-page').then((m) => m.DevicesPage) },
 *
 * `path` is the route pattern under `/dashboard/` (params and optional segments as in React Router),
 * `load` imports the page's module on demand (each page ships in its own chunk), and `roles` says who
 * may open it. Its link in the sidebar, if any, goes in `app/layout/nav-items.ts`; its URL in
 * `config/paths.ts`. Unknown dashboard paths show the 404 inside the dashboard. A page of the Settings
 * area says so with `settings` and is listed in that area's own navigation.
 */
export interface DashboardPage {
  path: string;
  /** The top bar's title (a catalog message: `msg\`Devices\``). */
  title: MessageDescriptor;
  load: () => Promise<ComponentType>;
  /**
   * Who may open the page. By default the people who run the dashboard (IT owners and provider
   * admins). Regular users are sent to their own page from any page they may not open, others see the
   * 404 (`isDashboardPathAllowed`, `DashboardPageGate`).
   */
  roles?: readonly Role[];
  /**
   * A page of the Settings area, listed in its navigation under the organisation's settings or the
   * installation's (provider admins'); its path is `settings/<page>`.
   */
  settings?: 'organization' | 'installation';
  /** The feature flag (SPEC §9) the page stands behind: while it is off, the page is a 404. */
  flag?: FeatureFlagName;
  /**
   * What the page asks the API for first, asked for already while its code and the signed-in user
   * load when the page is opened directly (`preloadRoutes`), instead of once it has rendered. Loads
   * from a module of its own, which imports the list's definition and query only (not the page):
   * `() => import('…/api/prefetch-employees').then((m) => m.prefetchEmployeesPage)`.
   */
  prefetch?: () => Promise<(context: PagePrefetchContext) => Promise<void>>;
  /**
   * The catalogs (lib/i18n) of the areas the page's texts are in, beyond the shell's: the page shows as
   * soon as these have come, and the others load after its first paint. Unset: every area's. What the
   * page's code imports is held to it, and what it loads on demand from other areas brings their
   * catalogs (`withCatalogs`): src/first-load.test.ts.
   */
  catalogs?: readonly CatalogArea[];
}

const STAFF: readonly Role[] = ['it-owner', 'equip-admin'];
const EVERYONE: readonly Role[] = ROLES;
const PROVIDER_ADMINS: readonly Role[] = ['equip-admin'];

export const DASHBOARD_PAGES: readonly DashboardPage[] = [
  {
    path: 'overview',
    title: msg`Overview`,
    load: () => import('@/features/overview/routes/overview-page').then((m) => m.OverviewPage),
    catalogs: ['areas'],
  },
  {
    // The open employee is the optional last segment (lib/record-url.ts).
    path: 'employees/:employeeUuid?',
    title: msg`Employees`,
    load: () => import('@/features/employees/routes/employees-page').then((m) => m.EmployeesPage),
    // The list's own texts and its export menu's.
    catalogs: ['employees', 'import'],
    prefetch: () =>
      import('@/features/employees/api/prefetch-employees').then((m) => m.prefetchEmployeesPage),
  },
  {
    path: 'action/add-employees-manual',
    title: msg`Add employees`,
    load: () =>
      import('@/features/employees/routes/add-employees-manual-page').then((m) => m.AddEmployeesManualPage),
  },
  {
    path: 'action/import-employees',
    title: msg`Import employees`,
    load: () =>
      import('@/features/employees/routes/import-employees-page').then((m) => m.ImportEmployeesPage),
  },
  {
    path: 'device-registration',
    title: msg`Device registration`,
    load: () =>
      import('@/features/employees/routes/registration-reminders-page').then(
        (m) => m.RegistrationRemindersPage,
      ),
  },
  {
    // The open device is the optional last segment (lib/record-url.ts).
    path: 'devices/:deviceUuid?',
    title: msg`Devices`,
    load: () => import('@/features/devices/routes/devices-page').then((m) => m.DevicesPage),
    prefetch: () => import('@/features/devices/api/prefetch-devices').then((m) => m.prefetchDevicesPage),
  },
  {
    // The assets tab's records (features/assets/lib/asset-url.ts): an item, a selected definition.
    path: 'devices/assets/:assetUuid?',
    title: msg`Devices`,
    load: () => import('@/features/devices/routes/devices-page').then((m) => m.DevicesPage),
  },
  {
    path: 'devices/asset-definitions/:definitionUuid?',
    title: msg`Devices`,
    load: () => import('@/features/devices/routes/devices-page').then((m) => m.DevicesPage),
  },
  {
    path: 'devices/import-peripherals',
    flag: 'it-1786-peripherals-mvp',
    title: msg`Import assets`,
    load: () =>
      import('@/features/assets/routes/import-peripherals-page').then((m) => m.ImportPeripheralsPage),
  },
  {
    path: 'devices/add-peripherals',
    flag: 'it-1786-peripherals-mvp',
    title: msg`Add assets`,
    load: () => import('@/features/assets/routes/add-peripherals-page').then((m) => m.AddPeripheralsPage),
  },
  {
    path: 'devices/register-devices',
    title: msg`Register devices`,
    load: () => import('@/features/devices/routes/register-devices-page').then((m) => m.RegisterDevicesPage),
  },
  {
    // The open bundle is the optional last segment (lib/record-url.ts).
    path: 'bundles/:bundleUuid?',
    title: msg`Bundles`,
    load: () => import('@/features/bundles/routes/bundles-page').then((m) => m.BundlesPage),
  },
  {
    path: 'action/create-bundle/:step?',
    title: msg`Create bundle`,
    load: () => import('@/features/bundles/routes/create-bundle-page').then((m) => m.CreateBundlePage),
  },
  {
    path: 'action/edit-bundle/:view?',
    title: msg`Edit bundle`,
    load: () => import('@/features/bundles/routes/edit-bundle-page').then((m) => m.EditBundlePage),
  },
  {
    // An addition to SPEC §2 (docs/orders-screen.md): the open order is the optional last segment.
    path: 'orders/:orderUuid?',
    title: msg`Orders`,
    load: () => import('@/features/procurement/routes/orders-page').then((m) => m.OrdersPage),
  },
  {
    path: 'catalog',
    title: msg`Hardware catalog`,
    load: () => import('@/features/procurement/routes/catalog-page').then((m) => m.CatalogPage),
  },
  {
    path: 'action/order/:step?',
    title: msg`Order hardware`,
    load: () => import('@/features/procurement/routes/order-wizard-page').then((m) => m.OrderWizardPage),
  },
  {
    path: 'workspaces',
    title: msg`Workspaces`,
    load: () => import('@/features/workspaces/routes/workspaces-page').then((m) => m.WorkspacesPage),
  },
  {
    path: 'integrations',
    title: msg`Integrations`,
    load: () => import('@/features/integrations/routes/integrations-page').then((m) => m.IntegrationsPage),
  },
  {
    path: 'me',
    title: msg`My equipment`,
    roles: EVERYONE,
    load: () => import('@/features/me/routes/my-page').then((m) => m.MyPage),
  },
  {
    path: 'account',
    title: msg`Account`,
    roles: EVERYONE,
    load: () => import('@/features/account/routes/account-page').then((m) => m.AccountPage),
  },
  {
    // Not in SPEC §2's table: a deliberate addition (issue 10, docs/decisions/011-notifications.md).
    // The open event is the optional last segment (lib/record-url.ts).
    path: 'audit-log/:eventUuid?',
    title: msg`Audit log`,
    load: () => import('@/features/audit-log/routes/audit-log-page').then((m) => m.AuditLogPage),
  },
  // The Settings area, in the order its navigation lists them (app/layout/settings-layout.tsx). A later
  // area's settings (integrations, API tokens) are one entry more here.
  {
    path: 'settings/organization',
    title: msg`Organisation`,
    settings: 'organization',
    load: () =>
      import('@/features/organization-settings/routes/organization-page').then((m) => m.OrganizationPage),
  },
  {
    path: 'settings/single-sign-on',
    title: msg`Single sign-on`,
    settings: 'organization',
    load: () =>
      import('@/features/organization-settings/routes/single-sign-on-page').then((m) => m.SingleSignOnPage),
  },
  {
    // The servers MDM actions go through (issue 11, decision 015).
    path: 'settings/mdm-servers',
    title: msg`MDM servers`,
    settings: 'organization',
    load: () => import('@/features/mdm-connections/routes/mdm-servers-page').then((m) => m.MdmServersPage),
  },
  {
    // Who manages the applications added to bundles (issue 29, decision 028).
    path: 'settings/software',
    title: msg`Software`,
    settings: 'organization',
    load: () =>
      import('@/features/bundles/routes/software-settings-page').then((m) => m.SoftwareSettingsPage),
  },
  {
    // Issue 10, decision 010.
    path: 'settings/webhooks',
    title: msg`Webhooks`,
    settings: 'organization',
    load: () => import('@/features/webhooks/routes/webhooks-page').then((m) => m.WebhooksPage),
  },
  {
    // Issue 26: the installation's organisations (create with a first IT owner, rename, deactivate).
    path: 'settings/organizations',
    title: msg`Organisations`,
    roles: PROVIDER_ADMINS,
    settings: 'installation',
    load: () => import('@/features/organizations/routes/organizations-page').then((m) => m.OrganizationsPage),
  },
  {
    path: 'settings/provider-admins',
    title: msg`Provider admins`,
    roles: PROVIDER_ADMINS,
    settings: 'installation',
    load: () =>
      import('@/features/provider-admins/routes/provider-admins-page').then((m) => m.ProviderAdminsPage),
  },
  {
    path: 'settings/jobs',
    title: msg`Background jobs`,
    roles: PROVIDER_ADMINS,
    settings: 'installation',
    load: () => import('@/features/jobs-admin/routes/jobs-page').then((m) => m.JobsPage),
  },
  {
    path: 'settings/mail',
    title: msg`Sent mail`,
    roles: PROVIDER_ADMINS,
    settings: 'installation',
    load: () => import('@/features/outbox/routes/outbox-page').then((m) => m.OutboxPage),
  },
];

/**
 * Addresses pages had before they moved, under `/dashboard/` (README, mails and notifications named
 * some of them): the router sends them on, query included.
 */
export const MOVED_DASHBOARD_PAGES: Readonly<Record<string, string>> = {
  'account/webhooks': 'settings/webhooks',
  'account/mdm': 'settings/mdm-servers',
  mail: 'settings/mail',
  'provider-admins': 'settings/provider-admins',
  // The address issue 26 names for it.
  organizations: 'settings/organizations',
  jobs: 'settings/jobs',
};

export function canOpenDashboardPage(page: DashboardPage, role: Role | undefined): boolean {
  return role !== undefined && (page.roles ?? STAFF).includes(role);
}

/** The Settings area's pages `role` may open, in order. */
export function settingsPagesFor(role: Role | undefined): DashboardPage[] {
  return DASHBOARD_PAGES.filter((page) => page.settings && canOpenDashboardPage(page, role));
}

/**
 * Whether someone with `role` may be on `pathname` at all (docs/security.md): regular users only on
 * the pages they may open, and sent to their own page from any other address (a staff page, a moved
 * or unknown one: never the 404); everyone else anywhere in the dashboard, where a page they may not
 * open or an unknown one shows the 404.
 */
export function isDashboardPathAllowed(role: Role, pathname: string): boolean {
  if (role !== 'regular') return true;
  return DASHBOARD_PAGES.some(
    (page) =>
      canOpenDashboardPage(page, role) &&
      matchPath({ path: `/dashboard/${page.path}`, end: true }, pathname) !== null,
  );
}
