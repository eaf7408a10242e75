import { PackageSearch } from 'lucide-react';
import { PlaceholderPage } from '@/ui/placeholder-page';

export function OrdersPage() {
  return (
    <PlaceholderPage
      description="Hardware ordered for your employees."
      icon={PackageSearch}
      emptyTitle="No orders yet"
      emptyDescription="Orders you place for new hardware will be listed here with their devices and delivery tracking."
    />
  );
}
