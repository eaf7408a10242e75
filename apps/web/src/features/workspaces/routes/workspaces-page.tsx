import { useLingui } from '@lingui/react/macro';
import { Cloud } from 'lucide-react';
import { PlaceholderPage } from '@/ui/placeholder-page';

export function WorkspacesPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      description={t`Google Workspace and Microsoft 365 groups.`}
      icon={Cloud}
      emptyTitle={t`No workspace connected`}
      emptyDescription={t`Connect Google Workspace or Microsoft 365 to manage groups and give new employees the right access automatically.`}
    />
  );
}
