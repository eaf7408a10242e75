import type { Role } from '@equip/domain/identity';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  Blocks,
  Cloud,
  History,
  Laptop,
  LayoutDashboard,
  type LucideIcon,
  MonitorSmartphone,
  Package,
  Settings,
  ShoppingCart,
  Users,
} from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  /** Read with `i18n._(item.label)`. */
  label: MessageDescriptor;
  to: string;
  icon: LucideIcon;
  /** Further path prefixes that belong to the area (its action pages). */
  alsoActiveFor?: string[];
}

/** The dashboard areas in the sidebar, in order. */
export const NAV_ITEMS: NavItem[] = [
  { label: msg`Overview`, to: paths.dashboard.overview, icon: LayoutDashboard },
  {
    label: msg`Employees`,
    to: paths.dashboard.employees(),
    icon: Users,
    alsoActiveFor: [paths.dashboard.addEmployeesManual, paths.dashboard.importEmployees],
  },
  { label: msg`Devices`, to: paths.dashboard.devices(), icon: Laptop },
  {
    label: msg`Bundles`,
    to: paths.dashboard.bundles,
    icon: Package,
    alsoActiveFor: ['/dashboard/action/create-bundle', paths.dashboard.editBundle()],
  },
  {
    label: msg`Orders`,
    to: paths.dashboard.orders(),
    icon: ShoppingCart,
    alsoActiveFor: [paths.dashboard.catalog, '/dashboard/action/order'],
  },
  { label: msg`Workspaces`, to: paths.dashboard.workspaces, icon: Cloud },
  { label: msg`Integrations`, to: paths.dashboard.integrations, icon: Blocks },
  { label: msg`Audit log`, to: paths.dashboard.auditLog, icon: History },
  // The organisation's settings and, for provider admins, the installation's (app/layout/settings-layout.tsx).
  { label: msg`Settings`, to: paths.dashboard.settings, icon: Settings },
];

/** A regular user's sidebar: only their own page. */
export const REGULAR_USER_NAV_ITEMS: NavItem[] = [
  { label: msg`My equipment`, to: paths.dashboard.me, icon: MonitorSmartphone },
];

/** The sidebar for a role (before the user has loaded: the full list, as for IT owners). */
export function navItemsFor(role: Role | undefined): NavItem[] {
  return role === 'regular' ? REGULAR_USER_NAV_ITEMS : NAV_ITEMS;
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.alsoActiveFor ?? [])].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
