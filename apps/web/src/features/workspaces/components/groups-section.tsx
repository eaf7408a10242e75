import { selectionState } from '@equip/domain/selection';
import type { WorkspaceGroup } from '@equip/domain/workspaces';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { AlertTriangle, UserMinus, UserPlus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { compareText, formatNumber } from '@/lib/format';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { DataTable } from '@/ui/data-table/data-table';
import type { SortDirection } from '@/ui/table';
import { useWorkspaceGroups } from '../api/workspaces';
import { MembersDialog } from './members-dialog';
import { GROUP_KIND_LABELS, ISSUE_LABELS } from './workspace-labels';

const column = createColumnHelper<WorkspaceGroup>();
const rowId = (group: WorkspaceGroup) => group.externalId;
type SortKey = 'name' | 'kind' | 'memberCount';

/**
 * The workspace's groups (decision 033) on the shared table: name and address, kind, members as the
 * workspace counts them, the employees Equip added, and why Equip cannot change a group's members.
 * Ticked groups take employees added or removed. A workspace has tens of groups, all on one page, sorted
 * here with the app's collation.
 */
export function GroupsSection() {
  const { t, i18n } = useLingui();
  const groups = useWorkspaceGroups(true);
  const [sorting, setSorting] = useState<{ key: string | null; direction: SortDirection }>({
    key: 'name',
    direction: 'asc',
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<'add' | 'remove' | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: () => <Trans>Group</Trans>,
        meta: { sortKey: 'name', className: 'font-medium text-slate-900' },
        cell: ({ row }) => (
          <span className="block min-w-0">
            <span className="block truncate">{row.original.name}</span>
            {row.original.email ? (
              <span className="block truncate text-xs font-normal text-slate-500">{row.original.email}</span>
            ) : null}
          </span>
        ),
      }),
      column.accessor('kind', {
        header: () => <Trans>Kind</Trans>,
        meta: { sortKey: 'kind' },
        cell: ({ getValue }) => i18n._(GROUP_KIND_LABELS[getValue()]),
      }),
      column.accessor('memberCount', {
        header: () => <Trans>Members</Trans>,
        meta: { sortKey: 'memberCount', className: 'tabular-nums' },
        cell: ({ row }) => (
          <span>
            {formatNumber(row.original.memberCount)}
            {row.original.memberUserUuids.length > 0 ? (
              <span className="ml-1 text-xs text-slate-500">
                <Trans>({formatNumber(row.original.memberUserUuids.length)} of them in Equip)</Trans>
              </span>
            ) : null}
          </span>
        ),
      }),
      column.accessor('autoAssignIssue', {
        header: () => <Trans>Auto-assignment</Trans>,
        meta: { skeleton: 'badge', maxWidth: '24rem' },
        cell: ({ getValue }) => {
          const issue = getValue();
          return issue ? (
            <Badge tone="amber">
              <AlertTriangle aria-hidden="true" className="mr-1 size-3.5" />
              {i18n._(ISSUE_LABELS[issue])}
            </Badge>
          ) : (
            <Badge tone="green" dot>
              <Trans>Equip can add members</Trans>
            </Badge>
          );
        },
      }),
    ],
    [i18n],
  );

  const rows = useMemo(() => {
    const list = [...(groups.data ?? [])];
    const key = (sorting.key ?? 'name') as SortKey;
    const sign = sorting.direction === 'desc' ? -1 : 1;
    list.sort((a, b) => {
      if (key === 'memberCount') return sign * (a.memberCount - b.memberCount);
      const left = key === 'kind' ? i18n._(GROUP_KIND_LABELS[a.kind]) : a.name;
      const right = key === 'kind' ? i18n._(GROUP_KIND_LABELS[b.kind]) : b.name;
      return sign * compareText(left, right) || compareText(a.name, b.name);
    });
    return list;
  }, [groups.data, i18n, sorting]);

  const pageIds = rows.map(rowId);
  const chosen = rows.filter((g) => selected.has(g.externalId));
  const header = selectionState(pageIds, selected);

  return (
    <section className="space-y-3" aria-labelledby="workspace-groups-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="workspace-groups-title" className="text-base font-semibold text-slate-900">
          <Trans>Groups</Trans>
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-600" aria-live="polite">
            {chosen.length > 0 ? <Trans>{formatNumber(chosen.length)} selected</Trans> : null}
          </span>
          <Button size="sm" disabled={chosen.length === 0} onClick={() => setDialog('add')}>
            <UserPlus aria-hidden="true" className="size-4" />
            <Trans>Add employees</Trans>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={chosen.length === 0}
            onClick={() => setDialog('remove')}
          >
            <UserMinus aria-hidden="true" className="size-4" />
            <Trans>Remove employees</Trans>
          </Button>
        </div>
      </div>
      <DataTable
        label={t`Workspace groups`}
        columns={columns}
        rows={rows}
        getRowId={rowId}
        sorting={sorting}
        onSortingChange={setSorting}
        selection={{
          header,
          isSelected: (id) => selected.has(id),
          onToggleRow: (id) =>
            setSelected((before) => {
              const next = new Set(before);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            }),
          onTogglePage: () => setSelected(header === 'All' ? new Set() : new Set(pageIds)),
          rowLabel: (group) => t`Select ${group.name}`,
        }}
        status={groups}
        messages={{ loading: t`Loading groups…`, error: t`The groups could not be loaded.` }}
        empty={{
          icon: Users,
          title: t`No groups`,
          description: t`The workspace has no groups yet. Groups made there show here after the next check.`,
        }}
        firstRowIndex={0}
        total={groups.data?.length}
        pagination={{ page: 0, pageSize: Math.max(rows.length, 1), onPageChange: () => undefined }}
        keyboardHint={t`Use the arrow keys to move between groups and Space to select one.`}
        className="max-h-[32rem]"
      />
      {dialog ? (
        <MembersDialog
          direction={dialog}
          groups={chosen}
          open
          onOpenChange={(open) => {
            if (!open) setDialog(null);
          }}
        />
      ) : null}
    </section>
  );
}
