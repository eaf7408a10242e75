import { FileSpreadsheet } from 'lucide-react';
import { paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export function ImportPeripheralsPage() {
  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.devices('assets')}>Assets</BackLink>
      <PageHeader description="Bring peripherals in from a CSV file." />
      <EmptyState
        icon={FileSpreadsheet}
        title="CSV import is coming"
        description="Upload a CSV with name, vendor, model and kind, plus per-item serial numbers, notes and assignees; review each row before importing."
      />
    </div>
  );
}
