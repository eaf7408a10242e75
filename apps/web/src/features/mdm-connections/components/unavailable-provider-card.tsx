import type { MdmProvider } from '@equip/domain/mdm';
import { MDM_PROVIDER_NAMES } from '@equip/domain/mdm-connections';
import { Trans } from '@lingui/react/macro';
import { Badge } from '@/ui/badge';
import { Card } from '@/ui/card';

/** A provider Equip has no client for yet (Jamf, ManageEngine): said so, with no form. */
export function UnavailableProviderCard({ provider }: { provider: MdmProvider }) {
  const name = MDM_PROVIDER_NAMES[provider];
  return (
    <Card className="p-5">
      <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
        {name}
        <Badge tone="neutral">
          <Trans>Not available yet</Trans>
        </Badge>
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        <Trans>Equip cannot connect to {name} servers yet.</Trans>
      </p>
    </Card>
  );
}
