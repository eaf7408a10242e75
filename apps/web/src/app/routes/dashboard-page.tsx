import type { ReactNode } from 'react';
import { useCurrentUser } from '@/lib/session';
import { canOpenDashboardPage, type DashboardPage } from './dashboard-pages';
import { NotFoundContent } from './not-found';

/** The 404 inside the dashboard: an unknown page, or one the person may not open. */
export function DashboardNotFound() {
  return <NotFoundContent headingLevel={2} />;
}

/** Shows a dashboard page to the roles it names (`DashboardPage.roles`), the 404 to anyone else. */
export function DashboardPageGate({ page, children }: { page: DashboardPage; children: ReactNode }) {
  const user = useCurrentUser();
  return canOpenDashboardPage(page, user?.role) ? children : <DashboardNotFound />;
}
