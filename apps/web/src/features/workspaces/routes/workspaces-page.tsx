import { Cloud } from 'lucide-react';
import { PlaceholderPage } from '@/ui/placeholder-page';

export function WorkspacesPage() {
  return (
    <PlaceholderPage
      description="Google Workspace and Microsoft 365 groups."
      icon={Cloud}
      emptyTitle="No workspace connected"
      emptyDescription="Connect Google Workspace or Microsoft 365 to manage groups and give new employees the right access automatically."
    />
  );
}
