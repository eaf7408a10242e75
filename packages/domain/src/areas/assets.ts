import { defineArea } from '../define-area.ts';

/**
 * Peripheral assets (issue 28): organisation kinds, definitions (a model the organisation keeps) and
 * items (one physical piece, in stock or with a person).
 */
export const assetsArea = defineArea({
  name: 'assets',
  events: [
    'ASSET_KIND_ADDED',
    'ASSET_KIND_DELETED',
    'ASSET_DEFINITION_ADDED',
    'ASSET_DEFINITION_UPDATED',
    'ASSET_DEFINITION_DELETED',
    'ASSET_ADDED',
    'ASSET_UPDATED',
    'ASSET_ASSIGNED',
    'ASSET_UNASSIGNED',
    'ASSET_DELETED',
  ],
  webhookGroups: {
    assets: ['asset.created', 'asset.assigned', 'asset.unassigned', 'asset.deleted'],
  },
  webhookOfEvent: {
    ASSET_ADDED: 'asset.created',
    ASSET_ASSIGNED: 'asset.assigned',
    ASSET_UNASSIGNED: 'asset.unassigned',
    ASSET_DELETED: 'asset.deleted',
  },
});
