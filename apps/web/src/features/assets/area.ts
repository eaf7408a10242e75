import { assetsArea } from '@equip/domain/areas/assets';
import { msg, plural, t } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import { defineWebArea } from '@/lib/define-area';
import { formatNumber } from '@/lib/format';

/** Assets' events, webhook types and notifications in words (gathered in `src/areas.ts`). */
export const assetsWebArea = defineWebArea(assetsArea, {
  eventLabels: {
    ASSET_KIND_ADDED: msg`Asset kind added`,
    ASSET_KIND_DELETED: msg`Asset kind deleted`,
    ASSET_DEFINITION_ADDED: msg`Asset definition added`,
    ASSET_DEFINITION_UPDATED: msg`Asset definition changed`,
    ASSET_DEFINITION_DELETED: msg`Asset definition deleted`,
    ASSET_ADDED: msg`Asset added`,
    ASSET_UPDATED: msg`Asset changed`,
    ASSET_ASSIGNED: msg`Asset assigned`,
    ASSET_UNASSIGNED: msg`Asset unassigned`,
    ASSET_DELETED: msg`Asset deleted`,
    ASSETS_IMPORTED: msg`Assets imported`,
  },
  webhookGroupLabels: { assets: msg`Assets` },
  webhookDescriptions: {
    'asset.created': msg`An asset was added`,
    'asset.assigned': msg`An asset was assigned`,
    'asset.unassigned': msg`An asset was taken back from a person`,
    'asset.deleted': msg`An asset was deleted`,
  },
  notificationTexts: {
    'assets.imported': ({ count, fileName }) => {
      const n = formatNumber(count);
      return {
        title: t`Import finished`,
        body: fileName
          ? plural(count, {
              one: `${n} peripheral was imported from ${fileName}.`,
              other: `${n} peripherals were imported from ${fileName}.`,
            })
          : plural(count, { one: `${n} peripheral was imported.`, other: `${n} peripherals were imported.` }),
        link: { to: paths.dashboard.assets(), label: t`Open assets` },
      };
    },
  },
});
