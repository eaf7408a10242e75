import type { AuditLogEntry } from '@equip/domain/audit-log';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { History } from 'lucide-react';
import { formatNumber } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { DataTable } from '@/ui/data-table/data-table';
import { ListCount } from '@/ui/data-table/list-count';
import { noMatchesState } from '@/ui/data-table/no-matches';
import type { EmptyStateProps } from '@/ui/empty-state';
import { AUDIT_LOG_PAGE_SIZE, getAuditLogQueryOptions } from '../api/get-audit-log';
import { auditLogBinding } from '../audit-log-list-slice';
import { useAuditEventUrl } from '../lib/audit-url';
import { AUDIT_LOG_COLUMNS } from './audit-log-columns';
import { AuditLogFilters } from './audit-log-filters';

const rowId = (event: AuditLogEntry) => event.uuid;

/** `1 event` / `2 events` (`1 Ereignis` / `2 Ereignisse`). */
function eventsCount(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} event`, other: `${n} events` });
}

/**
 * The audit log on the list machinery (`lib/list-state`, `ui/data-table`): filters in the `auditLog`
 * slice and the URL, server paging (50 a page), the filtered count. A row opens the event's drawer
 * (`/dashboard/audit-log/<uuid>`).
 */
export function AuditLogTable({ trailing }: { trailing?: React.ReactNode }) {
  const { t } = useLingui();
  const { open } = useAuditEventUrl();
  const table = useListTable(auditLogBinding, 'all', {
    queryOptions: getAuditLogQueryOptions,
    pageSize: AUDIT_LOG_PAGE_SIZE,
    getRowId: rowId,
  });
  const { filters } = table.state;
  // Every row of a filtered actor or subject names them.
  const first = table.rows[0];
  const actorName = filters.actorUuid && first?.actorUuid === filters.actorUuid ? first.actorName : null;
  const subjectName =
    filters.subjectUuid && first?.subjectUuid === filters.subjectUuid ? first.subjectName : null;

  const empty: EmptyStateProps = table.hasDefaultFilters
    ? {
        icon: History,
        title: t`Nothing has happened yet`,
        description: t`Every change to employees, devices and settings, and every sign-in, will be listed here.`,
      }
    : noMatchesState(
        t`No events match these filters`,
        t`Try a longer time range or fewer filters.`,
        table.resetFilters,
      );

  return (
    <div className="space-y-3">
      <AuditLogFilters
        filters={filters}
        isDefault={auditLogBinding.list.hasDefaultFilters('all', filters)}
        actorName={actorName}
        subjectName={subjectName}
        onFilter={table.setFilter}
        onReset={table.resetFilters}
        trailing={
          <>
            <ListCount>{table.query.data ? eventsCount(table.total) : null}</ListCount>
            {trailing}
          </>
        }
      />
      <DataTable
        {...table.tableProps}
        label={t`Audit log`}
        className="max-h-[calc(100vh-19rem)] min-h-[20rem]"
        columns={AUDIT_LOG_COLUMNS}
        messages={{ loading: t`Loading events…`, error: t`Could not load the audit log` }}
        empty={empty}
        pagination={{ ...table.tableProps.pagination, label: t`Audit log pages` }}
        onOpenRow={(event) => open(event.uuid)}
        keyboardHint={t`Use the arrow keys to move between events and Enter to open one.`}
      />
    </div>
  );
}
