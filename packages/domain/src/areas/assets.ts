import { defineArea } from '../define-area.ts';

/**
 * Peripheral assets and bundles (not built yet): endpoints can already subscribe to their webhook types,
 * which no event publishes until the areas log theirs.
 */
export const assetsArea = defineArea({
  name: 'assets',
  events: [],
  webhookGroups: { assets: ['asset.assigned', 'bundle.assigned'] },
});
