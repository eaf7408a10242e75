/**
 * What other areas may use of assets (the devices screen's assets tab, the employees' devices tab): the
 * tab itself and the words and pictures of an asset's enums. `architecture.test.ts` holds other
 * features to this file.
 */
export { AssetStatusBadge } from './components/asset-badges';
export { AssetKindIcon } from './components/asset-kind-icon';
export { AssetsTab } from './components/assets-tab';
export { ASSET_KIND_LABELS, ASSET_STATUS_LABELS } from './lib/asset-labels';
