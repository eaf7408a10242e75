import { Blocks } from 'lucide-react';
import { PlaceholderPage } from '@/ui/placeholder-page';

export function IntegrationsPage() {
  return (
    <PlaceholderPage
      description="Connections to your HR system."
      icon={Blocks}
      emptyTitle="No HR system connected"
      emptyDescription="Connect Personio, HiBob, Kenjo, HeavenHR, HRworks, Factorial or BambooHR to keep employees in sync."
    />
  );
}
