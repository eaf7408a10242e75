import type { BundleSummary } from '@equip/domain/bundles';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Package, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { Button } from '@/ui/button';
import { DataTable } from '@/ui/data-table/data-table';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { ListCount } from '@/ui/data-table/list-count';
import { noMatchesState } from '@/ui/data-table/no-matches';
import type { EmptyStateProps } from '@/ui/empty-state';
import { BUNDLES_PAGE_SIZE, getBundlesQueryOptions } from '../api/get-bundles';
import { bundlesListBinding } from '../bundles-list-slice';
import { BUNDLE_COLUMNS } from './bundles-columns';

const rowId = (bundle: BundleSummary) => bundle.uuid;

/** `1 bundle` / `2 bundles`. */
function bundlesCount(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} bundle`, other: `${n} bundles` });
}

/**
 * The organisation's bundles on the list machinery (`lib/list-state`, `ui/data-table`): search and
 * sorting in the `bundlesList` slice and the URL, server paging, the filtered count. A row opens the
 * bundle at its own address.
 */
export function BundlesTable({ onOpen }: { onOpen: (uuid: string) => void }) {
  const { t } = useLingui();
  const table = useListTable(bundlesListBinding, 'all', {
    queryOptions: getBundlesQueryOptions,
    pageSize: BUNDLES_PAGE_SIZE,
    getRowId: rowId,
  });

  const empty: EmptyStateProps = table.hasDefaultFilters
    ? {
        icon: Package,
        title: t`No bundles yet`,
        description: t`Bundles list their applications — auto-installed, self-service, managed by your IT owners or by Equip — and the employees they are assigned to.`,
        action: (
          <Button asChild>
            <Link to={paths.dashboard.createBundle()}>
              <Plus aria-hidden="true" />
              <Trans>Create bundle</Trans>
            </Link>
          </Button>
        ),
      }
    : noMatchesState(t`No bundles match this search`, t`Try other words.`, table.resetFilters);

  return (
    <div className="space-y-3">
      <FilterBar
        label={t`Filter bundles`}
        isDefault={table.hasDefaultFilters}
        onReset={table.resetFilters}
        trailing={<ListCount>{table.query.data ? bundlesCount(table.total) : null}</ListCount>}
      >
        <DebouncedSearch
          label={t`Search bundles`}
          placeholder={t`Name or description`}
          value={table.state.filters.textSearchQuery}
          onCommit={(text) => table.setFilter('textSearchQuery', text)}
          className="w-full sm:w-72"
        />
      </FilterBar>
      <DataTable
        {...table.tableProps}
        label={t`Bundles`}
        className="max-h-[calc(100vh-17rem)] min-h-[16rem]"
        columns={BUNDLE_COLUMNS}
        messages={{ loading: t`Loading bundles…`, error: t`Could not load bundles` }}
        empty={empty}
        pagination={{ ...table.tableProps.pagination, label: t`Bundles pages` }}
        onOpenRow={(bundle) => onOpen(bundle.uuid)}
        keyboardHint={t`Use the arrow keys to move between rows and Enter to open a bundle.`}
      />
    </div>
  );
}
