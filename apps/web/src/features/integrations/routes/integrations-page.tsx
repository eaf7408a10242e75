import { Blocks } from 'lucide-react';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export function IntegrationsPage() {
  return (
    <div className="space-y-6">
      <PageHeader description="Connections to your HR system." />
      <EmptyState
        icon={Blocks}
        title="No HR system connected"
        description="Connect Personio, HiBob, Kenjo, HeavenHR, HRworks, Factorial or BambooHR to keep employees in sync."
      />
    </div>
  );
}
