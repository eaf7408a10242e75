import { assetsArea } from '@equip/domain/areas/assets';
import { msg } from '@lingui/core/macro';
import { defineWebArea } from '@/lib/define-area';

/** Assets' and bundles' webhook types in words (gathered in `src/areas.ts`). */
export const assetsWebArea = defineWebArea(assetsArea, {
  webhookGroupLabels: { assets: msg`Assets and bundles` },
  webhookDescriptions: {
    'asset.assigned': msg`An asset was assigned`,
    'bundle.assigned': msg`A bundle was assigned`,
  },
});
