import type { AssetAssignment, AssetInstanceStatus, AssetKindCode } from '@equip/domain/assets';
import { msg, plural } from '@lingui/core/macro';
import { formatNumber } from '@/lib/format';
import { translated } from '@/lib/i18n/translated';

/** The words of an asset's enums, the same on every screen (other areas read them through `public.ts`). */
export const ASSET_KIND_LABELS = translated<AssetKindCode>({
  camera: msg`Camera`,
  webcam: msg`Webcam`,
  mouse: msg`Mouse`,
  keyboard: msg`Keyboard`,
  monitor: msg`Monitor`,
  headphones: msg`Headphones`,
  headset: msg`Headset`,
  printer: msg`Printer`,
  unknown: msg`Other`,
});

export const ASSET_STATUS_LABELS = translated<AssetInstanceStatus>({
  'in-use': msg`In use`,
  'in-stock': msg`In stock`,
});

export const ASSET_ASSIGNMENT_LABELS = translated<AssetAssignment>({
  assigned: msg`Assigned`,
  unassigned: msg`Unassigned`,
});

/** The kind a definition shows: the organisation's own kind's name, else the fixed kind's words. */
export function kindName(definition: { kind: AssetKindCode; assetKind: { name: string } | null }): string {
  return definition.assetKind?.name ?? ASSET_KIND_LABELS[definition.kind];
}

/** `1 asset` / `2 assets` (`1 Asset` / `2 Assets`). */
export function assetsWord(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} asset`, other: `${n} assets` });
}
