import { useAssetsAddress } from '../lib/asset-url';
import { AssetDefinitionOverview } from './asset-definition-overview';
import { AssetDefinitionsPanel } from './asset-definitions-panel';
import { AssetDrawer } from './asset-drawer';
import { AssetsTable } from './assets-table';

/**
 * The assets tab of the devices screen (SPEC §2, issue 28): the definitions grouped by kind with their
 * items in use and in stock; the selected definition's overview above its items; the items' table with
 * its filters, sorting and count; the open item's panel. Every selection is in the address.
 */
export function AssetsTab() {
  const address = useAssetsAddress();
  return (
    <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <aside className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-12rem)] lg:overflow-y-auto">
        <AssetDefinitionsPanel selectedId={address.definitionId} />
      </aside>
      <div className="min-w-0 space-y-4">
        {address.definitionId ? (
          <AssetDefinitionOverview
            definitionId={address.definitionId}
            urlTab={address.definitionTab}
            onClose={() => address.selectDefinition(null)}
          />
        ) : null}
        <AssetsTable definitionId={address.definitionId} onOpen={address.openAsset} />
      </div>
      <AssetDrawer />
    </div>
  );
}
