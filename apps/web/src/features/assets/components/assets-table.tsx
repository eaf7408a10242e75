import type { AssetItem } from '@equip/domain/assets';
import { Trans, useLingui } from '@lingui/react/macro';
import { Headphones, Plus } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { useColumnPreferences } from '@/lib/list-state/use-column-preferences';
import { useListTable } from '@/lib/list-state/use-list-table';
import { Button } from '@/ui/button';
import { useColumnFit } from '@/ui/data-table/column-fit';
import { DataTable } from '@/ui/data-table/data-table';
import { ListToolbarEnd } from '@/ui/data-table/list-toolbar-end';
import { noMatchesState } from '@/ui/data-table/no-matches';
import type { EmptyStateProps } from '@/ui/empty-state';
import { ASSETS_PAGE_SIZE, getAssetsQueryOptions } from '../api/get-assets';
import { assetsListBinding } from '../assets-list-slice';
import { assetsWord } from '../lib/asset-labels';
import { AssetsFilters } from './assets-filters';
import { AssetsSelectionBar } from './assets-selection-bar';
import {
  ASSET_COLUMN_LABELS,
  ASSET_COLUMNS,
  ASSET_COLUMNS_STORAGE_KEY,
  OPTIONAL_ASSET_COLUMNS,
  type OptionalAssetColumn,
} from './assets-table-columns';

const COLUMNS = Object.values(ASSET_COLUMNS);
const rowId = (item: AssetItem) => item.uuid;

/**
 * The items on the list machinery (`lib/list-state`, `ui/data-table`): filters and sorting in the
 * `assetsListFilters` slice and the URL, server paging, the filtered count, row selection with its bulk
 * actions; the selected definition (null: all) narrows it. A row opens the item's panel.
 */
export function AssetsTable({
  definitionId,
  onOpen,
}: {
  definitionId: string | null;
  onOpen: (uuid: string) => void;
}) {
  const { t, i18n } = useLingui();
  const queryOptions = useCallback(
    (params: ListPageParams) =>
      getAssetsQueryOptions(
        definitionId
          ? { ...params, filter: { ...params.filter, assetDefinitionUuids: definitionId } }
          : params,
      ),
    [definitionId],
  );
  const table = useListTable(assetsListBinding, 'all', {
    queryOptions,
    pageSize: ASSETS_PAGE_SIZE,
    getRowId: rowId,
  });
  const fit = useColumnFit();
  const columnPreferences = useColumnPreferences(ASSET_COLUMNS_STORAGE_KEY, OPTIONAL_ASSET_COLUMNS);
  const columnLabels = Object.fromEntries(
    OPTIONAL_ASSET_COLUMNS.map((column) => [column, i18n._(ASSET_COLUMN_LABELS[column])]),
  ) as Record<OptionalAssetColumn, string>;
  const selectLabel = (name: string, serial: string | null) =>
    serial ? t`Select ${name}, ${serial}` : t`Select ${name}`;

  const empty: EmptyStateProps = table.hasDefaultFilters
    ? {
        icon: Headphones,
        title: t`No assets yet`,
        description: t`Peripherals — monitors, keyboards, headsets and more — with who has them and whether they are in use or in stock.`,
        action: (
          <Button asChild>
            <Link to={paths.dashboard.addPeripherals}>
              <Plus aria-hidden="true" />
              <Trans>Add assets</Trans>
            </Link>
          </Button>
        ),
      }
    : noMatchesState(
        t`No assets match these filters`,
        t`Try other words or fewer filters.`,
        table.resetFilters,
      );

  return (
    <div className="space-y-3">
      <AssetsFilters
        filters={table.state.filters}
        isDefault={assetsListBinding.list.hasDefaultFilters('all', table.state.filters)}
        onFilter={table.setFilter}
        onReset={table.resetFilters}
        trailing={
          <ListToolbarEnd
            count={table.query.data ? assetsWord(table.total) : undefined}
            columns={columnPreferences}
            labels={columnLabels}
            fit={fit}
            onClearAll={table.clearAll}
          />
        }
      />
      <DataTable
        fit={fit}
        {...table.tableProps}
        label={t`Assets`}
        className="max-h-[calc(100vh-19rem)] min-h-[20rem]"
        columns={COLUMNS}
        columnVisibility={columnPreferences.visibility}
        selection={{ ...table.selection, rowLabel: (item) => selectLabel(item.name, item.serialNumber) }}
        messages={{ loading: t`Loading assets…`, error: t`Could not load assets` }}
        empty={empty}
        pagination={{ ...table.tableProps.pagination, label: t`Assets pages` }}
        onOpenRow={(item) => onOpen(item.uuid)}
        keyboardHint={t`Use the arrow keys to move between rows, Enter to open an asset's details and Space to select it.`}
      />
      <AssetsSelectionBar selection={table.selection} total={table.total} />
    </div>
  );
}
