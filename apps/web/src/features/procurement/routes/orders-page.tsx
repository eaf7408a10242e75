import { useLingui } from '@lingui/react/macro';
import { PackageSearch } from 'lucide-react';
import { PlaceholderPage } from '@/ui/placeholder-page';

export function OrdersPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      description={t`Hardware ordered for your employees.`}
      icon={PackageSearch}
      emptyTitle={t`No orders yet`}
      emptyDescription={t`Orders you place for new hardware will be listed here with their devices and delivery tracking.`}
    />
  );
}
