import { type ProviderAdmin, ProviderAdminStatus } from '@equip/domain/provider-admins';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { ShieldCheck, UserX } from 'lucide-react';
import { type Ref, useMemo } from 'react';
import { formatDate, fullName } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { actionsColumn } from '@/ui/data-table/actions-column';
import { DataTable } from '@/ui/data-table/data-table';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { noMatchesState } from '@/ui/data-table/no-matches';
import { MultiSelect } from '@/ui/multi-select';
import { getProviderAdminsQueryOptions, PROVIDER_ADMINS_PAGE_SIZE } from '../api/get-provider-admins';
import { providerAdminsListBinding } from '../provider-admins-list-slice';

const STATUS_LABELS: Record<ProviderAdminStatus, MessageDescriptor> = {
  active: msg`Active`,
  invited: msg`Invited`,
};

const column = createColumnHelper<ProviderAdmin>();
const rowId = (admin: ProviderAdmin) => admin.uuid;

/** The columns: name (yourself marked), email, status, invitation, and Disable for everyone but you. */
function providerAdminColumns(
  currentUserUuid: string | undefined,
  onDisable: (admin: ProviderAdmin) => void,
) {
  return [
    column.accessor((admin) => fullName(admin), {
      id: 'name',
      header: () => <Trans>Name</Trans>,
      meta: { sortKey: 'name', className: 'font-medium text-slate-900', skeleton: 'text' },
      cell: ({ row, getValue }) => (
        <span className="flex items-center gap-2">
          {getValue()}
          {row.original.uuid === currentUserUuid ? (
            <Badge tone="indigo">
              <Trans>You</Trans>
            </Badge>
          ) : null}
        </span>
      ),
    }),
    column.accessor('email', {
      header: () => <Trans>Email</Trans>,
      meta: { sortKey: 'email', className: 'break-all whitespace-normal!' },
    }),
    column.accessor('hasPassword', {
      id: 'status',
      header: () => <Trans>Status</Trans>,
      meta: { skeleton: 'badge' },
      cell: ({ getValue }) =>
        getValue() ? (
          <Badge tone="green" dot>
            <Trans>Active</Trans>
          </Badge>
        ) : (
          <Badge tone="amber" dot>
            <Trans>Invited</Trans>
          </Badge>
        ),
    }),
    column.accessor('invitedAt', {
      header: () => <Trans>Invited</Trans>,
      meta: { sortKey: 'invitedAt' },
      cell: ({ getValue }) => {
        const invitedAt = getValue();
        return invitedAt ? (
          <time dateTime={invitedAt}>{formatDate(invitedAt)}</time>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">
              <Trans>Not invited by email</Trans>
            </span>
          </>
        );
      },
    }),
    actionsColumn<ProviderAdmin>(({ row }) => {
      const admin = row.original;
      if (admin.uuid === currentUserUuid) return null;
      return <DisableButton admin={admin} onDisable={onDisable} />;
    }),
  ];
}

function DisableButton({
  admin,
  onDisable,
}: {
  admin: ProviderAdmin;
  onDisable: (admin: ProviderAdmin) => void;
}) {
  const { t } = useLingui();
  const name = fullName(admin);
  return (
    <Button variant="ghost" size="sm" aria-label={t`Disable ${name}`} onClick={() => onDisable(admin)}>
      <UserX aria-hidden="true" />
      <Trans>Disable</Trans>
    </Button>
  );
}

/**
 * The provider admins on the list machinery (`lib/list-state`, `ui/data-table`): search, status filter,
 * sorting and paging by the server, in the URL and the `providerAdminsList` slice. Everyone but yourself
 * can be disabled. `ref` is the table's frame, which takes focus when a row goes away under the person.
 */
export function ProviderAdminsTable({
  currentUserUuid,
  onDisable,
  ref,
}: {
  /** The signed-in provider admin, who cannot disable themselves. */
  currentUserUuid: string | undefined;
  onDisable: (admin: ProviderAdmin) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t, i18n } = useLingui();
  const table = useListTable(providerAdminsListBinding, 'all', {
    queryOptions: getProviderAdminsQueryOptions,
    pageSize: PROVIDER_ADMINS_PAGE_SIZE,
    getRowId: rowId,
  });
  const columns = useMemo(
    () => providerAdminColumns(currentUserUuid, onDisable),
    [currentUserUuid, onDisable],
  );
  const statusOptions = ProviderAdminStatus.options.map((value) => ({
    value,
    label: i18n._(STATUS_LABELS[value]),
  }));
  const { filters } = table.state;
  return (
    <div className="space-y-3">
      <FilterBar
        label={t`Filter provider admins`}
        isDefault={providerAdminsListBinding.list.hasDefaultFilters('all', filters)}
        onReset={table.resetFilters}
      >
        <DebouncedSearch
          label={t`Search provider admins`}
          placeholder={t`Name or email`}
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
      {/* The frame takes focus when a row goes away under the person (after disabling someone). */}
      <div
        ref={ref}
        tabIndex={-1}
        className="rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
      >
        <DataTable
          {...table.tableProps}
          label={t`Provider admins`}
          columns={columns}
          messages={{
            loading: t`Loading provider admins`,
            error: t`The provider admins could not be loaded`,
          }}
          empty={
            table.hasDefaultFilters
              ? {
                  icon: ShieldCheck,
                  title: t`No provider admins yet`,
                  description: t`Add the people who run this installation. Each gets an email with a link to set their password.`,
                }
              : noMatchesState(
                  t`No provider admins match these filters`,
                  t`Try other words or fewer filters.`,
                  table.resetFilters,
                )
          }
          pagination={{ ...table.tableProps.pagination, label: t`Provider admins pages` }}
        />
      </div>
    </div>
  );
}
