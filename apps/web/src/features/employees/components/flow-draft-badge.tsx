import type { FlowDraftMark } from '@equip/domain/flows';
import { hrProviderName } from '@equip/domain/hr-providers';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@/ui/badge';

/** Where a draft came from, as the mark names it: the HR system's name, SCIM, or none (made in Equip). */
function originName(draft: FlowDraftMark): string | null {
  if (draft.origin === 'scim') return 'SCIM';
  if (draft.origin !== 'hris') return null;
  if (!draft.provider) return null;
  return hrProviderName(draft.provider) ?? draft.provider;
}

/**
 * The mark of a person's draft onboarding or offboarding (decision 038): "Draft from Personio" for the
 * HR sync's, "Draft from SCIM" for an identity provider's; the flow it is in its tooltip.
 */
export function FlowDraftBadge({ draft }: { draft: FlowDraftMark }) {
  const { t } = useLingui();
  const from = originName(draft);
  const title =
    draft.kind === 'onboarding'
      ? t`Draft onboarding, not submitted yet`
      : t`Draft offboarding, not submitted yet`;
  return (
    <span title={title} className="shrink-0">
      <Badge tone="indigo">{from ? t`Draft from ${from}` : t`Draft`}</Badge>
    </span>
  );
}
