import { Trans, useLingui } from '@lingui/react/macro';
import { Headphones } from 'lucide-react';
import { paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { PlaceholderPage } from '@/ui/placeholder-page';

export function AddPeripheralsPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      back={
        <BackLink to={paths.dashboard.devices('assets')}>
          <Trans>Assets</Trans>
        </BackLink>
      }
      description={t`Add peripherals by hand.`}
      icon={Headphones}
      emptyTitle={t`Manual entry is coming`}
      emptyDescription={t`Pick asset types, set quantities and details, and add them to your inventory in one step.`}
    />
  );
}
