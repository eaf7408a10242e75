import type { AuditLogEntry } from '@equip/domain/audit-log';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { EVENT_TYPE_LABELS } from '../lib/event-labels';

const column = createColumnHelper<AuditLogEntry>();

/** Who did it: the person, a provider admin (not a person of the organisation) or the system. */
export function ActorName({ event }: { event: Pick<AuditLogEntry, 'actorUuid' | 'actorName'> }) {
  if (event.actorName) return <>{event.actorName}</>;
  if (event.actorUuid) return <Trans>Provider admin</Trans>;
  return (
    <span className="text-slate-500">
      <Trans>System</Trans>
    </span>
  );
}

function EventLabel({ event }: { event: AuditLogEntry }) {
  const { i18n } = useLingui();
  return <span className="font-medium text-slate-900">{i18n._(EVENT_TYPE_LABELS[event.type])}</span>;
}

/** The audit log's columns: when, what, who and about whom or what. Newest first; no other order. */
export const AUDIT_LOG_COLUMNS = [
  column.accessor('createdAt', {
    header: () => <Trans>Time</Trans>,
    meta: { className: 'w-48' },
    cell: (info) => (
      <time dateTime={info.getValue()} title={formatRelativeTime(info.getValue())}>
        {formatDateTime(info.getValue())}
      </time>
    ),
  }),
  column.accessor('type', {
    header: () => <Trans>Event</Trans>,
    meta: { className: 'min-w-48' },
    cell: ({ row }) => <EventLabel event={row.original} />,
  }),
  column.accessor('actorName', {
    header: () => <Trans>By</Trans>,
    meta: { className: 'max-w-56' },
    cell: ({ row }) => (
      <span className="block truncate">
        <ActorName event={row.original} />
      </span>
    ),
  }),
  column.accessor('subjectName', {
    header: () => <Trans>About</Trans>,
    meta: { className: 'max-w-64' },
    cell: (info) =>
      info.getValue() ? (
        <span className="block truncate" title={info.getValue() ?? undefined}>
          {info.getValue()}
        </span>
      ) : (
        <span className="text-slate-400">—</span>
      ),
  }),
];
