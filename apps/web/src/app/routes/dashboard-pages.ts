import type { Role } from '@equip/domain/identity';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Dashboard pages reached through the generic `/dashboard/:page/*` route (SPEC §2). Areas that
 * have no dedicated route register here; anything else is a 404 inside the dashboard. An entry is
 * either a placeholder (empty state) or a lazily loaded page component; `roles` limits who may open it.
 */
interface GenericPageBase {
  title: string;
  /** Only these roles may open the page; everyone else sees the 404. */
  roles?: readonly Role[];
}

export interface PlaceholderDashboardPage extends GenericPageBase {
  description: string;
  emptyTitle: string;
  emptyDescription: string;
}

export interface ComponentDashboardPage extends GenericPageBase {
  Component: LazyExoticComponent<ComponentType>;
}

export type GenericDashboardPage = PlaceholderDashboardPage | ComponentDashboardPage;

export const GENERIC_DASHBOARD_PAGES: Record<string, GenericDashboardPage> = {
  orders: {
    title: 'Orders',
    description: 'Hardware ordered for your employees.',
    emptyTitle: 'No orders yet',
    emptyDescription:
      'Orders you place for new hardware will be listed here with their devices and delivery tracking.',
  },
  me: {
    title: 'My equipment',
    Component: lazy(() => import('@/features/me/routes/my-page').then((m) => ({ default: m.MyPage }))),
  },
  account: {
    title: 'Account',
    Component: lazy(() =>
      import('@/features/account/routes/account-page').then((m) => ({ default: m.AccountPage })),
    ),
  },
  'device-registration': {
    title: 'Device registration',
    roles: ['it-owner', 'equip-admin'],
    Component: lazy(() =>
      import('@/features/employees/routes/registration-reminders-page').then((m) => ({
        default: m.RegistrationRemindersPage,
      })),
    ),
  },
  mail: {
    title: 'Sent mail',
    roles: ['equip-admin'],
    Component: lazy(() =>
      import('@/features/outbox/routes/outbox-page').then((m) => ({ default: m.OutboxPage })),
    ),
  },
};

export function dashboardPageTitle(page: string | undefined): string {
  return (page && GENERIC_DASHBOARD_PAGES[page]?.title) || 'Page not found';
}

export function canOpenDashboardPage(page: GenericDashboardPage, role: Role | undefined): boolean {
  return !page.roles || (role !== undefined && page.roles.includes(role));
}
