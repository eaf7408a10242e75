import { Headphones } from 'lucide-react';
import { paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export function AddPeripheralsPage() {
  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.devices('assets')}>Assets</BackLink>
      <PageHeader description="Add peripherals by hand." />
      <EmptyState
        icon={Headphones}
        title="Manual entry is coming"
        description="Pick asset types, set quantities and details, and add them to your inventory in one step."
      />
    </div>
  );
}
