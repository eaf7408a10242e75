import { DeviceOs, DeviceType } from '@equip/domain/devices';
import type { CatalogItem, CatalogSpecification } from '@equip/domain/procurement';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ShoppingCart } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { DEVICE_OS_LABELS, DEVICE_TYPE_LABELS } from '@/features/devices/public';
import { formatNumber } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { DataTable } from '@/ui/data-table/data-table';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { ListCount } from '@/ui/data-table/list-count';
import { noMatchesState } from '@/ui/data-table/no-matches';
import type { EmptyStateProps } from '@/ui/empty-state';
import { TextField } from '@/ui/form-field';
import { MultiSelect } from '@/ui/multi-select';
import { SelectField } from '@/ui/select-field';
import { CATALOG_PAGE_SIZE, getCatalogQueryOptions } from '../api/get-catalog';
import { catalogListBinding } from '../catalog-list-slice';
import { PURCHASE_TYPE_LABELS } from '../lib/procurement-labels';
import type { PurchaseType } from '../procurement-slice';
import { type CatalogManagement, catalogColumns } from './catalog-columns';

const rowId = (item: CatalogItem) => item.uuid;

function modelsCount(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} model`, other: `${n} models` });
}

/** A whole amount typed in a box, committed on Enter or when the box is left. */
function AmountField({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    const clean = text.trim();
    if (clean !== value) onCommit(clean);
  };
  return (
    <TextField
      label={<span className="sr-only">{label}</span>}
      placeholder={label}
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        commit();
      }}
      className="w-40 space-y-0"
    />
  );
}

/**
 * The hardware catalog on the list machinery (`lib/list-state`, `ui/data-table`): search, device types,
 * operating systems, the way it is paid and a price range in the URL; server paging and sorting; the
 * filtered count. In the order wizard (`onAdd`), each configuration has Add and the way it is paid is
 * the wizard's.
 */
export function CatalogTable({
  purchaseType: fixedPurchaseType,
  onAdd,
  manage,
}: {
  /** The wizard's purchase type, which the list then follows (no choice of its own). */
  purchaseType?: PurchaseType;
  onAdd?: (item: CatalogItem, spec: CatalogSpecification) => void;
  /** Changing and removing models (the catalog page). */
  manage?: CatalogManagement;
}) {
  const { t } = useLingui();
  const table = useListTable(catalogListBinding, 'all', {
    queryOptions: getCatalogQueryOptions,
    pageSize: CATALOG_PAGE_SIZE,
    getRowId: rowId,
  });
  const filters = table.state.filters;
  const { setFilter } = table;
  useEffect(() => {
    if (fixedPurchaseType && fixedPurchaseType !== filters.purchaseType)
      setFilter('purchaseType', fixedPurchaseType);
  }, [fixedPurchaseType, filters.purchaseType, setFilter]);
  const purchaseType = fixedPurchaseType ?? filters.purchaseType;
  const columns = useMemo(() => catalogColumns(purchaseType, onAdd, manage), [purchaseType, onAdd, manage]);

  const empty: EmptyStateProps = table.hasDefaultFilters
    ? {
        icon: ShoppingCart,
        title: t`The catalog is empty`,
        description: t`Models curated by Equip and your organisation's own standard models show here with their configurations and prices.`,
      }
    : noMatchesState(
        t`No models match these filters`,
        t`Try other words or a wider price range.`,
        table.resetFilters,
      );

  const typeOptions = DeviceType.options.map((value) => ({ value, label: DEVICE_TYPE_LABELS[value] }));
  const osOptions = DeviceOs.options
    .filter((value) => value !== 'UNKNOWN')
    .map((value) => ({ value, label: DEVICE_OS_LABELS[value] }));
  // The catalog's prices are in euros (the demo's and TopiComspot's currency).
  const currencyUnit = '€';

  return (
    <div className="space-y-3">
      <FilterBar
        label={t`Filter the catalog`}
        isDefault={table.hasDefaultFilters}
        onReset={table.resetFilters}
        trailing={<ListCount>{table.query.data ? modelsCount(table.total) : null}</ListCount>}
      >
        <DebouncedSearch
          label={t`Search the catalog`}
          placeholder={t`Model, manufacturer or configuration`}
          value={filters.textSearchQuery}
          onCommit={(text) => table.setFilter('textSearchQuery', text)}
          className="w-full sm:w-72"
        />
        <MultiSelect
          label={t`Device type`}
          options={typeOptions}
          value={filters.deviceTypes}
          onValueChange={(value) => table.setFilter('deviceTypes', value)}
        />
        <MultiSelect
          label={t`Operating system`}
          options={osOptions}
          value={filters.operatingSystems}
          onValueChange={(value) => table.setFilter('operatingSystems', value)}
        />
        {fixedPurchaseType ? null : (
          <SelectField
            label={<span className="sr-only">{t`Pay`}</span>}
            className="w-40 space-y-0"
            value={filters.purchaseType}
            options={(['one-time-purchase', 'rent'] as const).map((value) => ({
              value,
              label: PURCHASE_TYPE_LABELS[value],
            }))}
            onChange={(event) =>
              table.setFilter('purchaseType', event.target.value === 'rent' ? 'rent' : 'one-time-purchase')
            }
          />
        )}
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">
            {purchaseType === 'rent' ? t`Monthly rent range` : t`Price range`}
          </legend>
          <AmountField
            label={purchaseType === 'rent' ? t`Min. rent (${currencyUnit})` : t`Min. price (${currencyUnit})`}
            value={filters.minPriceCents}
            onCommit={(value) => table.setFilter('minPriceCents', value)}
          />
          <AmountField
            label={purchaseType === 'rent' ? t`Max. rent (${currencyUnit})` : t`Max. price (${currencyUnit})`}
            value={filters.maxPriceCents}
            onCommit={(value) => table.setFilter('maxPriceCents', value)}
          />
        </fieldset>
      </FilterBar>
      <DataTable
        {...table.tableProps}
        label={t`Hardware catalog`}
        className="max-h-[calc(100vh-20rem)] min-h-[16rem]"
        columns={columns}
        messages={{ loading: t`Loading the catalog…`, error: t`Could not load the catalog` }}
        empty={empty}
        pagination={{ ...table.tableProps.pagination, label: t`Catalog pages` }}
        {...(onAdd ? { keyboardHint: t`Use Tab to reach a configuration's Add button.` } : {})}
      />
    </div>
  );
}
