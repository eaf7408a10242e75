/**
 * Dashboard pages reached through the generic `/dashboard/:page/*` route (SPEC §2). Areas that
 * have no dedicated route register here; anything else is a 404 inside the dashboard.
 */
export const GENERIC_DASHBOARD_PAGES: Record<
  string,
  { title: string; description: string; emptyTitle: string; emptyDescription: string }
> = {
  orders: {
    title: 'Orders',
    description: 'Hardware ordered for your employees.',
    emptyTitle: 'No orders yet',
    emptyDescription:
      'Orders you place for new hardware will be listed here with their devices and delivery tracking.',
  },
};

export function dashboardPageTitle(page: string | undefined): string {
  return (page && GENERIC_DASHBOARD_PAGES[page]?.title) || 'Page not found';
}
