import type { AssetInstanceStatus } from '@equip/domain/assets';
import { Badge, type BadgeTone } from '@/ui/badge';
import { ASSET_STATUS_LABELS } from '../lib/asset-labels';

const TONES: Record<AssetInstanceStatus, BadgeTone> = { 'in-use': 'green', 'in-stock': 'neutral' };

export function AssetStatusBadge({ status }: { status: AssetInstanceStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {ASSET_STATUS_LABELS[status]}
    </Badge>
  );
}
