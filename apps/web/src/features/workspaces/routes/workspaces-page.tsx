import { Cloud } from 'lucide-react';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export function WorkspacesPage() {
  return (
    <div className="space-y-6">
      <PageHeader description="Google Workspace and Microsoft 365 groups." />
      <EmptyState
        icon={Cloud}
        title="No workspace connected"
        description="Connect Google Workspace or Microsoft 365 to manage groups and give new employees the right access automatically."
      />
    </div>
  );
}
