import type { MdmProvider } from '@equip/domain/mdm';
import { MDM_PROVIDER_NAMES } from '@equip/domain/mdm-connections';
import { Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { formatDate, formatDateTime } from '@/lib/format';

/**
 * "Not in Fleet since 27 Nov 2026": the device's MDM no longer lists it (the inventory sync marked it,
 * decision 025; it is kept, with its assignment and history). Nothing when the MDM lists it.
 */
export function MdmMissingNote({ since, provider }: { since: string | null; provider: MdmProvider | null }) {
  if (!since) return null;
  const date = formatDate(since);
  const name = provider ? MDM_PROVIDER_NAMES[provider] : null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-amber-700" title={formatDateTime(since)}>
      <TriangleAlert aria-hidden="true" className="size-3.5 shrink-0 text-amber-600" />
      {name ? (
        <Trans>
          Not in {name} since {date}
        </Trans>
      ) : (
        <Trans>Not in the MDM since {date}</Trans>
      )}
    </span>
  );
}
