import { AssetAssignment, AssetKindCode } from '@equip/domain/assets';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { MultiSelect } from '@/ui/multi-select';
import type { AssetsFilters as Filters } from '../assets-list-slice';
import { ASSET_ASSIGNMENT_LABELS, ASSET_KIND_LABELS } from '../lib/asset-labels';

/** The filters of the assets list (SPEC §2): text, assignment and kind. */
export function AssetsFilters({
  filters,
  isDefault,
  onFilter,
  onReset,
  trailing,
}: {
  filters: Filters;
  isDefault: boolean;
  onFilter: <K extends keyof Filters>(key: K, value: Filters[K]) => void;
  onReset: () => void;
  trailing?: ReactNode;
}) {
  const { t } = useLingui();
  const assignmentOptions = AssetAssignment.options.map((value) => ({
    value,
    label: ASSET_ASSIGNMENT_LABELS[value],
  }));
  const kindOptions = AssetKindCode.options.map((value) => ({ value, label: ASSET_KIND_LABELS[value] }));
  return (
    <FilterBar label={t`Filter assets`} isDefault={isDefault} onReset={onReset} trailing={trailing}>
      <DebouncedSearch
        label={t`Search assets`}
        placeholder={t`Name, serial number or person`}
        value={filters.textSearchQuery}
        onCommit={(text) => onFilter('textSearchQuery', text)}
        className="w-full sm:w-64"
      />
      <MultiSelect
        label={t`Assignment`}
        options={assignmentOptions}
        value={filters.assignmentTypes}
        onValueChange={(value) => onFilter('assignmentTypes', value)}
      />
      <MultiSelect
        label={t`Kind`}
        options={kindOptions}
        value={filters.kinds}
        onValueChange={(value) => onFilter('kinds', value)}
      />
    </FilterBar>
  );
}
