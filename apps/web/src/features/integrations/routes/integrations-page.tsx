import { useLingui } from '@lingui/react/macro';
import { Blocks } from 'lucide-react';
import { PlaceholderPage } from '@/ui/placeholder-page';

export function IntegrationsPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      description={t`Connections to your HR system.`}
      icon={Blocks}
      emptyTitle={t`No HR system connected`}
      emptyDescription={t`Connect Personio, HiBob, Kenjo, HeavenHR, HRworks, Factorial or BambooHR to keep employees in sync.`}
    />
  );
}
