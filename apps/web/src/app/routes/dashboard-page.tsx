import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useFlagAllows } from '@/lib/flags-context';
import { useCurrentUser } from '@/lib/session';
import { canOpenDashboardPage, type DashboardPage, settingsPagesFor } from './dashboard-pages';
import { NotFoundContent } from './not-found';

/** The 404 inside the dashboard: an unknown page, or one the person may not open. */
export function DashboardNotFound() {
  return <NotFoundContent headingLevel={2} />;
}

/**
 * Shows a dashboard page to the roles it names (`DashboardPage.roles`), while its feature flag is on
 * (`DashboardPage.flag`). Anyone else is answered by the one rule of docs/security.md: a regular user
 * goes to their own page, others see the 404; a page whose flag is off is not there for anyone.
 */
export function DashboardPageGate({ page, children }: { page: DashboardPage; children: ReactNode }) {
  const role = useCurrentUser()?.role;
  const flagOn = useFlagAllows(page.flag);
  if (canOpenDashboardPage(page, role) && flagOn) return children;
  if (!flagOn && role !== 'regular') return <DashboardNotFound />;
  return role === 'regular' ? <Navigate to={paths.dashboard.me} replace /> : <DashboardNotFound />;
}

/** `/dashboard/settings`: the first page of the Settings area the person may open. */
export function SettingsHome() {
  const [first] = settingsPagesFor(useCurrentUser()?.role);
  return first ? <Navigate to={paths.dashboard.page(first.path)} replace /> : <DashboardNotFound />;
}
