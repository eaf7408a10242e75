import { type AdminOrganization, AdminOrganizationStatus } from '@equip/domain/organizations';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { Building2, Pause, Pencil, Play, Plus } from 'lucide-react';
import { type Ref, useMemo } from 'react';
import { formatCountry, formatDate, formatNumber } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { actionsColumn } from '@/ui/data-table/actions-column';
import { DataTable } from '@/ui/data-table/data-table';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { noMatchesState } from '@/ui/data-table/no-matches';
import { MultiSelect } from '@/ui/multi-select';
import { getOrganizationsQueryOptions, ORGANIZATIONS_PAGE_SIZE } from '../api/get-organizations';
import { organizationsListBinding } from '../organizations-list-slice';

const STATUS_LABELS: Record<AdminOrganizationStatus, MessageDescriptor> = {
  active: msg`Active`,
  deactivated: msg`Deactivated`,
};

export interface OrganizationActions {
  onRename: (organization: AdminOrganization) => void;
  /** Deactivate an active organisation, or reactivate a deactivated one. */
  onToggleActive: (organization: AdminOrganization) => void;
}

const column = createColumnHelper<AdminOrganization>();
const rowId = (organization: AdminOrganization) => organization.uuid;

function Dash({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </>
  );
}

function StatusBadge({ organization }: { organization: AdminOrganization }) {
  if (organization.deactivatedAt)
    return (
      <Badge tone="neutral" dot>
        <Trans>Deactivated</Trans>
      </Badge>
    );
  if (organization.onboardingStep !== 'finished')
    return (
      <Badge tone="amber" dot>
        <Trans>Setting up</Trans>
      </Badge>
    );
  return (
    <Badge tone="green" dot>
      <Trans>Active</Trans>
    </Badge>
  );
}

function RowActions({
  organization,
  onRename,
  onToggleActive,
}: { organization: AdminOrganization } & OrganizationActions) {
  const { t } = useLingui();
  const name = organization.name;
  return (
    <span className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" aria-label={t`Rename ${name}`} onClick={() => onRename(organization)}>
        <Pencil aria-hidden="true" />
        <Trans>Rename</Trans>
      </Button>
      {organization.deactivatedAt ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t`Reactivate ${name}`}
          onClick={() => onToggleActive(organization)}
        >
          <Play aria-hidden="true" />
          <Trans>Reactivate</Trans>
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t`Deactivate ${name}`}
          onClick={() => onToggleActive(organization)}
        >
          <Pause aria-hidden="true" />
          <Trans>Deactivate</Trans>
        </Button>
      )}
    </span>
  );
}

/** The columns: name, status, country, people, devices, created, and Rename and (De)activate. */
function organizationColumns(actions: OrganizationActions, labels: { noCountry: string }) {
  return [
    column.accessor('name', {
      header: () => <Trans>Name</Trans>,
      meta: { sortKey: 'name', className: 'font-medium text-slate-900', skeleton: 'text' },
    }),
    column.display({
      id: 'status',
      header: () => <Trans>Status</Trans>,
      meta: { skeleton: 'badge' },
      cell: ({ row }) => <StatusBadge organization={row.original} />,
    }),
    column.accessor('country', {
      header: () => <Trans>Country</Trans>,
      cell: ({ getValue }) => {
        const country = getValue();
        return country ? formatCountry(country) : <Dash label={labels.noCountry} />;
      },
    }),
    column.accessor('people', {
      header: () => <Trans>People</Trans>,
      meta: { sortKey: 'people', className: 'tabular-nums' },
      cell: ({ getValue }) => formatNumber(getValue()),
    }),
    column.accessor('devices', {
      header: () => <Trans>Devices</Trans>,
      meta: { sortKey: 'devices', className: 'tabular-nums' },
      cell: ({ getValue }) => formatNumber(getValue()),
    }),
    column.accessor('createdAt', {
      header: () => <Trans>Created</Trans>,
      meta: { sortKey: 'createdAt' },
      cell: ({ getValue }) => <time dateTime={getValue()}>{formatDate(getValue())}</time>,
    }),
    actionsColumn<AdminOrganization>(({ row }) => <RowActions organization={row.original} {...actions} />),
  ];
}

/**
 * The installation's organisations on the list machinery (`lib/list-state`, `ui/data-table`): search,
 * status filter, sorting and paging by the server, in the URL and the `organizationsList` slice.
 * `ref` is the table's frame, which takes focus back after a dialog changed a row.
 */
export function OrganizationsTable({
  onRename,
  onToggleActive,
  onCreate,
  ref,
}: OrganizationActions & { onCreate: () => void; ref?: Ref<HTMLDivElement> }) {
  const { t, i18n } = useLingui();
  const table = useListTable(organizationsListBinding, 'all', {
    queryOptions: getOrganizationsQueryOptions,
    pageSize: ORGANIZATIONS_PAGE_SIZE,
    getRowId: rowId,
  });
  const noCountry = t`No country given`;
  const columns = useMemo(
    () => organizationColumns({ onRename, onToggleActive }, { noCountry }),
    [onRename, onToggleActive, noCountry],
  );
  const statusOptions = AdminOrganizationStatus.options.map((value) => ({
    value,
    label: i18n._(STATUS_LABELS[value]),
  }));
  const { filters } = table.state;
  return (
    <div className="space-y-3">
      <FilterBar
        label={t`Filter organisations`}
        isDefault={organizationsListBinding.list.hasDefaultFilters('all', filters)}
        onReset={table.resetFilters}
      >
        <DebouncedSearch
          label={t`Search organisations`}
          placeholder={t`Name`}
          value={filters.textSearchQuery}
          onCommit={(text) => table.setFilter('textSearchQuery', text)}
          className="w-full sm:w-64"
        />
        <MultiSelect
          label={t`Status`}
          options={statusOptions}
          value={filters.status}
          onValueChange={(value) => table.setFilter('status', value)}
        />
      </FilterBar>
      <div
        ref={ref}
        tabIndex={-1}
        className="rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
      >
        <DataTable
          {...table.tableProps}
          label={t`Organisations`}
          columns={columns}
          messages={{
            loading: t`Loading organisations`,
            error: t`The organisations could not be loaded`,
          }}
          empty={
            table.hasDefaultFilters
              ? {
                  icon: Building2,
                  title: t`No organisations yet`,
                  description: t`Create the first one with its IT owner, who gets an email with a link to set their password.`,
                  action: (
                    <Button onClick={onCreate}>
                      <Plus aria-hidden="true" />
                      <Trans>Create organisation</Trans>
                    </Button>
                  ),
                }
              : noMatchesState(
                  t`No organisations match these filters`,
                  t`Try other words or fewer filters.`,
                  table.resetFilters,
                )
          }
          pagination={{ ...table.tableProps.pagination, label: t`Organisations pages` }}
        />
      </div>
    </div>
  );
}
