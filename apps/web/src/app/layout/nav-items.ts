import { Blocks, Cloud, Laptop, LayoutDashboard, type LucideIcon, Package, Users } from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Further path prefixes that belong to the area (its action pages). */
  alsoActiveFor?: string[];
}

/** The dashboard areas in the sidebar, in order. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Overview', to: paths.dashboard.overview, icon: LayoutDashboard },
  {
    label: 'Employees',
    to: paths.dashboard.employees(),
    icon: Users,
    alsoActiveFor: [paths.dashboard.addEmployeesManual, paths.dashboard.importEmployees],
  },
  { label: 'Devices', to: paths.dashboard.devices(), icon: Laptop },
  {
    label: 'Bundles',
    to: paths.dashboard.bundles,
    icon: Package,
    alsoActiveFor: ['/dashboard/action/create-bundle', paths.dashboard.editBundle()],
  },
  { label: 'Workspaces', to: paths.dashboard.workspaces, icon: Cloud },
  { label: 'Integrations', to: paths.dashboard.integrations, icon: Blocks },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.alsoActiveFor ?? [])].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
