import type { BundleEmployee, BundleEmployeeSortingKey } from '@equip/domain/bundles';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ColumnMeta, createColumnHelper } from '@tanstack/react-table';
import { Users, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatDate, formatDateTime, fullName } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { Button } from '@/ui/button';
import { DataTable } from '@/ui/data-table/data-table';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { noMatchesState } from '@/ui/data-table/no-matches';
import type { EmptyStateProps } from '@/ui/empty-state';
import { BUNDLE_EMPLOYEES_PAGE_SIZE, getBundleEmployeesQueryOptions } from '../api/get-bundle-employees';
import { bundleEmployeesListBinding } from '../bundle-employees-list-slice';
import { PersonApplications } from './person-applications';

const column = createColumnHelper<BundleEmployee>();
const meta = (
  sortKey: BundleEmployeeSortingKey,
  className: string,
  extra: ColumnMeta<BundleEmployee, unknown> = {},
): ColumnMeta<BundleEmployee, unknown> => ({ sortKey, className, ...extra });

const COLUMNS = [
  column.accessor((person) => fullName(person), {
    id: 'name',
    header: () => <Trans>Name</Trans>,
    meta: meta('name', 'min-w-56', { skeleton: 'person' }),
    cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span>,
  }),
  column.accessor('assignedAt', {
    header: () => <Trans>In the bundle since</Trans>,
    meta: meta('assignedAt', 'w-48', { priority: 1 }),
    cell: (info) => (
      <time dateTime={info.getValue()} title={formatDateTime(info.getValue())}>
        {formatDate(info.getValue())}
      </time>
    ),
  }),
];

const rowId = (person: BundleEmployee) => person.uuid;

/**
 * A bundle's people on the list machinery, with their own URL parameters beside the bundles list's; a
 * person opened shows their applications and where each stands on their devices (issue 29, item 5).
 */
export function BundleEmployeesTab({ bundleUuid }: { bundleUuid: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<BundleEmployee | null>(null);
  const queryOptions = useMemo(() => getBundleEmployeesQueryOptions(bundleUuid), [bundleUuid]);
  const table = useListTable(bundleEmployeesListBinding, 'all', {
    queryOptions,
    pageSize: BUNDLE_EMPLOYEES_PAGE_SIZE,
    getRowId: rowId,
  });
  const empty: EmptyStateProps = table.hasDefaultFilters
    ? {
        icon: Users,
        headingLevel: 3,
        title: t`Nobody is in this bundle yet`,
        description: t`People assigned to the bundle get its applications.`,
      }
    : noMatchesState(t`Nobody in this bundle matches`, t`Try other words.`, table.resetFilters);
  return (
    <div className="space-y-3">
      <FilterBar label={t`Filter people`} isDefault={table.hasDefaultFilters} onReset={table.resetFilters}>
        <DebouncedSearch
          label={t`Search people in the bundle`}
          placeholder={t`Name`}
          value={table.state.filters.textSearchQuery}
          onCommit={(text) => table.setFilter('textSearchQuery', text)}
          className="w-full sm:w-64"
        />
      </FilterBar>
      <DataTable
        {...table.tableProps}
        label={t`People in the bundle`}
        className="max-h-[calc(100vh-22rem)] min-h-[12rem]"
        columns={COLUMNS}
        messages={{ loading: t`Loading people…`, error: t`Could not load the bundle's people` }}
        empty={empty}
        pagination={{ ...table.tableProps.pagination, label: t`Pages of people in the bundle` }}
        onOpenRow={setOpen}
        keyboardHint={t`Click a person or press Enter to see their applications.`}
      />
      {open ? <PersonPanel key={open.uuid} person={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function PersonPanel({ person, onClose }: { person: BundleEmployee; onClose: () => void }) {
  const { t } = useLingui();
  const name = fullName(person);
  const ref = useRef<HTMLElement>(null);
  // Opened under the table (one per person: keyed), brought into view; jsdom has no scrollIntoView.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <section
      ref={ref}
      aria-label={t`Applications of ${name}`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          <Trans>{name}’s applications</Trans>
        </h3>
        <Button size="sm" variant="ghost" aria-label={t`Close ${name}’s applications`} onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <PersonApplications personUuid={person.uuid} showBundle={false} />
    </section>
  );
}
