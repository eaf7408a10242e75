import { PackageSearch } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { GENERIC_DASHBOARD_PAGES } from './dashboard-pages';
import { NotFoundContent } from './not-found';

export function DashboardPage() {
  const { page } = useParams();
  const entry = page ? GENERIC_DASHBOARD_PAGES[page] : undefined;
  if (!entry) return <NotFoundContent headingLevel={2} />;
  return (
    <div className="space-y-6">
      <PageHeader description={entry.description} />
      <EmptyState icon={PackageSearch} title={entry.emptyTitle} description={entry.emptyDescription} />
    </div>
  );
}
