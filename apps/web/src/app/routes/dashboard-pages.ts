import type { Role } from '@equip/domain/identity';
import { ROLES } from '@equip/domain/identity-rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';

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
 * `config/paths.ts`. Unknown dashboard paths show the 404 inside the dashboard.
 */
export interface DashboardPage {
  path: string;
  /** The top bar's title (a catalog message: `msg\`Devices\``). */
  title: MessageDescriptor;
  load: () => Promise<ComponentType>;
  /**
   * Who may open the page; anyone else sees the 404. By default the people who run the dashboard
   * (IT owners and provider admins): regular users are kept to the pages that name them and sent to
   * their own page from anywhere else.
   */
  roles?: readonly Role[];
}

const STAFF: readonly Role[] = ['it-owner', 'equip-admin'];
const EVERYONE: readonly Role[] = ROLES;
const PROVIDER_ADMINS: readonly Role[] = ['equip-admin'];

export const DASHBOARD_PAGES: readonly DashboardPage[] = [
  {
    path: 'overview',
    title: msg`Overview`,
    load: () => import('@/features/overview/routes/overview-page').then((m) => m.OverviewPage),
  },
  {
    // The open employee is the optional last segment (lib/record-url.ts).
    path: 'employees/:employeeUuid?',
    title: msg`Employees`,
    load: () => import('@/features/employees/routes/employees-page').then((m) => m.EmployeesPage),
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
  },
  {
    path: 'devices/import-peripherals',
    title: msg`Import assets`,
    load: () =>
      import('@/features/devices/routes/import-peripherals-page').then((m) => m.ImportPeripheralsPage),
  },
  {
    path: 'devices/add-peripherals',
    title: msg`Add assets`,
    load: () => import('@/features/devices/routes/add-peripherals-page').then((m) => m.AddPeripheralsPage),
  },
  {
    path: 'devices/register-devices',
    title: msg`Register devices`,
    load: () => import('@/features/devices/routes/register-devices-page').then((m) => m.RegisterDevicesPage),
  },
  {
    path: 'bundles',
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
    path: 'orders',
    title: msg`Orders`,
    load: () => import('@/features/procurement/routes/orders-page').then((m) => m.OrdersPage),
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
    // The organisation settings' webhooks (issue 10, decision 010): IT owners and provider admins.
    path: 'account/webhooks',
    title: msg`Webhooks`,
    load: () => import('@/features/webhooks/routes/webhooks-page').then((m) => m.WebhooksPage),
  },
  {
    // The organisation settings' MDM servers (issue 11, decision 015): the people who send MDM actions.
    path: 'account/mdm',
    title: msg`MDM servers`,
    load: () => import('@/features/mdm-servers/routes/mdm-servers-page').then((m) => m.MdmServersPage),
  },
  {
    path: 'mail',
    title: msg`Sent mail`,
    roles: PROVIDER_ADMINS,
    load: () => import('@/features/outbox/routes/outbox-page').then((m) => m.OutboxPage),
  },
  {
    path: 'provider-admins',
    title: msg`Provider admins`,
    roles: PROVIDER_ADMINS,
    load: () =>
      import('@/features/provider-admins/routes/provider-admins-page').then((m) => m.ProviderAdminsPage),
  },
  {
    // Not in SPEC §2's table: a deliberate addition (issue 10, docs/decisions/011-notifications.md).
    // The open event is the optional last segment (lib/record-url.ts).
    path: 'audit-log/:eventUuid?',
    title: msg`Audit log`,
    load: () => import('@/features/audit-log/routes/audit-log-page').then((m) => m.AuditLogPage),
  },
  {
    path: 'jobs',
    title: msg`Background jobs`,
    roles: PROVIDER_ADMINS,
    load: () => import('@/features/jobs-admin/routes/jobs-page').then((m) => m.JobsPage),
  },
];

export function canOpenDashboardPage(page: DashboardPage, role: Role | undefined): boolean {
  return role !== undefined && (page.roles ?? STAFF).includes(role);
}

/**
 * Whether someone with `role` may be on `pathname` at all: regular users only on the pages that name
 * them (and below), everyone else anywhere in the dashboard (a page they may not open shows the 404).
 */
export function isDashboardPathAllowed(role: Role, pathname: string): boolean {
  if (role !== 'regular') return true;
  return DASHBOARD_PAGES.some(
    (page) =>
      canOpenDashboardPage(page, role) &&
      matchPath({ path: `/dashboard/${page.path}`, end: false }, pathname) !== null,
  );
}
