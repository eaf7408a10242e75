import { z } from 'zod';
import { defineArea, drafts } from '../define-area.ts';

const count = (value: unknown): number => (typeof value === 'number' && value >= 0 ? Math.trunc(value) : 0);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const NOTIFICATIONS = {
  'assets.imported': z.object({ count: z.number().int().min(0), fileName: z.string().nullable() }),
};
const draft = drafts(NOTIFICATIONS);

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
    'ASSETS_IMPORTED',
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
  notificationParams: NOTIFICATIONS,
  notificationRules: {
    // An import logs one event per item and model in bulk (not published) and this summary: the person
    // who ran it learns how many were added (issue 28, item 4).
    ASSETS_IMPORTED: (event) => [
      draft('assets.imported', 'positive', 'actor', {
        count: count(event.data?.count),
        fileName: text(event.data?.fileName),
      }),
    ],
  },
});
