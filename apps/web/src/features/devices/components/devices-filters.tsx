import { AssignmentType, DeviceMdmStatus, DeviceType, visibleDeviceStatuses } from '@equip/domain/devices';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar, ToggleFilter } from '@/ui/data-table/filter-bar';
import { MultiSelect } from '@/ui/multi-select';
import type { DevicesFilters as Filters } from '../devices-list-slice';
import { DEVICE_MDM_STATUS_LABELS } from '../lib/device-action-labels';
import { ASSIGNMENT_TYPE_LABELS, DEVICE_STATUS_LABELS, DEVICE_TYPE_LABELS } from '../lib/device-labels';

/** The filters of the devices list (SPEC §2): text, type, assignment, status, MDM status, unencrypted, unprotected. */
export function DevicesFilters({
  filters,
  isDefault,
  showStaged,
  onFilter,
  onReset,
  trailing,
}: {
  filters: Filters;
  isDefault: boolean;
  /** Whether staged devices (ordered, new) are listed: it-2447-show-staged-devices. */
  showStaged: boolean;
  onFilter: <K extends keyof Filters>(key: K, value: Filters[K]) => void;
  onReset: () => void;
  /** Controls at the right end (column settings). */
  trailing?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  // The labels are read while rendering: they follow the current language.
  const typeOptions = DeviceType.options.map((value) => ({ value, label: DEVICE_TYPE_LABELS[value] }));
  const assignmentOptions = AssignmentType.options.map((value) => ({
    value,
    label: ASSIGNMENT_TYPE_LABELS[value],
  }));
  const statusOptions = visibleDeviceStatuses(showStaged).map((value) => ({
    value,
    label: DEVICE_STATUS_LABELS[value],
  }));
  const mdmStatusOptions = DeviceMdmStatus.options.map((value) => ({
    value,
    label: i18n._(DEVICE_MDM_STATUS_LABELS[value]),
  }));
  return (
    <FilterBar label={t`Filter devices`} isDefault={isDefault} onReset={onReset} trailing={trailing}>
      <DebouncedSearch
        label={t`Search devices`}
        placeholder={t`Name, serial number or person`}
        value={filters.textSearchQuery}
        onCommit={(text) => onFilter('textSearchQuery', text)}
        className="w-full sm:w-64"
      />
      <MultiSelect
        label={t`Type`}
        options={typeOptions}
        value={filters.deviceTypes}
        onValueChange={(value) => onFilter('deviceTypes', value)}
      />
      <MultiSelect
        label={t`Assignment`}
        options={assignmentOptions}
        value={filters.assignmentTypes}
        onValueChange={(value) => onFilter('assignmentTypes', value)}
      />
      <MultiSelect
        label={t`Status`}
        options={statusOptions}
        value={filters.deviceStatuses.filter((status) => statusOptions.some((o) => o.value === status))}
        onValueChange={(value) => onFilter('deviceStatuses', value)}
      />
      <MultiSelect
        label={t`MDM status`}
        options={mdmStatusOptions}
        value={filters.mdmStatuses}
        onValueChange={(value) => onFilter('mdmStatuses', value)}
      />
      <ToggleFilter
        checked={filters.showOnlyUnencrypted}
        onChange={(checked) => onFilter('showOnlyUnencrypted', checked)}
      >
        <Trans>Only unencrypted</Trans>
      </ToggleFilter>
      <ToggleFilter
        checked={filters.showOnlyUnprotected}
        onChange={(checked) => onFilter('showOnlyUnprotected', checked)}
      >
        <Trans>Only unprotected</Trans>
      </ToggleFilter>
    </FilterBar>
  );
}
