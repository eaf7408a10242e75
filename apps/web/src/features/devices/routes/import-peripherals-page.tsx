import { FileSpreadsheet } from 'lucide-react';
import { paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { PlaceholderPage } from '@/ui/placeholder-page';

export function ImportPeripheralsPage() {
  return (
    <PlaceholderPage
      back={<BackLink to={paths.dashboard.devices('assets')}>Assets</BackLink>}
      description="Bring peripherals in from a CSV file."
      icon={FileSpreadsheet}
      emptyTitle="CSV import is coming"
      emptyDescription="Upload a CSV with name, vendor, model and kind, plus per-item serial numbers, notes and assignees; review each row before importing."
    />
  );
}
