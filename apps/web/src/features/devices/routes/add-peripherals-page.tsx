import { Headphones } from 'lucide-react';
import { paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { PlaceholderPage } from '@/ui/placeholder-page';

export function AddPeripheralsPage() {
  return (
    <PlaceholderPage
      back={<BackLink to={paths.dashboard.devices('assets')}>Assets</BackLink>}
      description="Add peripherals by hand."
      icon={Headphones}
      emptyTitle="Manual entry is coming"
      emptyDescription="Pick asset types, set quantities and details, and add them to your inventory in one step."
    />
  );
}
