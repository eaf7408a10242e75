import { PackageSearch } from 'lucide-react';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { useCurrentUser } from '@/lib/session';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { PageSpinner } from '@/ui/spinner';
import { canOpenDashboardPage, GENERIC_DASHBOARD_PAGES } from './dashboard-pages';
import { NotFoundContent } from './not-found';

export function DashboardPage() {
  const { page } = useParams();
  const user = useCurrentUser();
  const entry = page ? GENERIC_DASHBOARD_PAGES[page] : undefined;
  if (!entry || !canOpenDashboardPage(entry, user?.role)) return <NotFoundContent headingLevel={2} />;
  if ('Component' in entry) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <entry.Component />
      </Suspense>
    );
  }
  return (
    <div className="space-y-6">
      <PageHeader description={entry.description} />
      <EmptyState icon={PackageSearch} title={entry.emptyTitle} description={entry.emptyDescription} />
    </div>
  );
}
