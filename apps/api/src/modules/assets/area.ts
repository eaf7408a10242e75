import { assetsArea } from '@equip/domain/areas/assets';
import { defineApiArea } from '../../define-area.ts';
import { assetRoutes } from './routes.ts';
import { type AssetsService, createAssetsService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    assets: AssetsService;
  }
}

/** Peripheral assets (issue 28): its routes, its service and its events in words, gathered in `src/areas.ts`. */
export const assetsApiArea = defineApiArea(assetsArea, {
  routes: [assetRoutes],
  services: ({ database }) => ({ assets: createAssetsService({ databaseKind: database.kind }) }),
  eventWords: {
    en: {
      ASSET_KIND_ADDED: 'Asset kind added',
      ASSET_KIND_DELETED: 'Asset kind deleted',
      ASSET_DEFINITION_ADDED: 'Asset definition added',
      ASSET_DEFINITION_UPDATED: 'Asset definition changed',
      ASSET_DEFINITION_DELETED: 'Asset definition deleted',
      ASSET_ADDED: 'Asset added',
      ASSET_UPDATED: 'Asset changed',
      ASSET_ASSIGNED: 'Asset assigned',
      ASSET_UNASSIGNED: 'Asset unassigned',
      ASSET_DELETED: 'Asset deleted',
      ASSETS_IMPORTED: 'Assets imported',
    },
    de: {
      ASSET_KIND_ADDED: 'Asset-Art hinzugefügt',
      ASSET_KIND_DELETED: 'Asset-Art gelöscht',
      ASSET_DEFINITION_ADDED: 'Asset-Modell hinzugefügt',
      ASSET_DEFINITION_UPDATED: 'Asset-Modell geändert',
      ASSET_DEFINITION_DELETED: 'Asset-Modell gelöscht',
      ASSET_ADDED: 'Asset hinzugefügt',
      ASSET_UPDATED: 'Asset geändert',
      ASSET_ASSIGNED: 'Asset zugewiesen',
      ASSET_UNASSIGNED: 'Asset-Zuweisung aufgehoben',
      ASSET_DELETED: 'Asset gelöscht',
      ASSETS_IMPORTED: 'Assets importiert',
    },
  },
});
