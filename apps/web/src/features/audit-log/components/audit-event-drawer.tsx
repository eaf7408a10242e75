import { type AuditLogEntry, fieldChanges } from '@equip/domain/audit-log';
import { Trans, useLingui } from '@lingui/react/macro';
import { History } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime, formatNumber } from '@/lib/format';
import { Button } from '@/ui/button';
import { LoadError } from '@/ui/load-error';
import { RecordDrawer, type RecordHeader } from '@/ui/record-drawer';
import { useAuditEvent } from '../api/get-audit-log';
import { auditLogList } from '../audit-log-list-slice';
import { useAuditEventUrl } from '../lib/audit-url';
import { DATA_FIELD_LABELS, EVENT_TYPE_LABELS } from '../lib/event-labels';
import { ActorName } from './audit-log-columns';

/** A value of an event's data as text: numbers in the reader's format, lists and records as JSON. */
function ValueText({ value }: { value: unknown }) {
  const { t } = useLingui();
  if (value === null || value === undefined || value === '') return <span className="text-slate-400">—</span>;
  if (typeof value === 'boolean') return <>{value ? t`Yes` : t`No`}</>;
  if (typeof value === 'number') return <>{formatNumber(value)}</>;
  if (typeof value === 'string') return <>{value}</>;
  return <code className="text-xs break-all">{JSON.stringify(value)}</code>;
}

/** An edit's changes, field by field: the value before (struck through) and after. */
function Changes({ event }: { event: AuditLogEntry }) {
  const { t } = useLingui();
  const changes = fieldChanges(event.data);
  if (changes === null) return null;
  return (
    <section className="px-6 py-5" aria-labelledby={`changes-${event.uuid}`}>
      <h3 id={`changes-${event.uuid}`} className="mb-3 text-sm font-semibold text-slate-900">
        <Trans>Changes</Trans>
      </h3>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-500">
          <Trans>No field changed.</Trans>
        </p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t`Values before and after the change`}</caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                <Trans>Field</Trans>
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                <Trans>Before</Trans>
              </th>
              <th scope="col" className="py-1 font-medium">
                <Trans>After</Trans>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {changes.map((change) => (
              <tr key={change.field} className="align-top">
                <th scope="row" className="py-2 pr-3 font-medium text-slate-700">
                  {change.field}
                </th>
                <td className="py-2 pr-3 text-red-700">
                  <del className="decoration-red-300">
                    <ValueText value={change.before} />
                  </del>
                </td>
                <td className="py-2 text-emerald-700">
                  <ins className="no-underline">
                    <ValueText value={change.after} />
                  </ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The event's other data (counts, names, reasons) as a list of fields. */
function Details({ event }: { event: AuditLogEntry }) {
  const { i18n } = useLingui();
  const entries = Object.entries(event.data).filter(([key]) => key !== 'before' && key !== 'after');
  if (entries.length === 0) return null;
  return (
    <section className="px-6 py-5" aria-labelledby={`details-${event.uuid}`}>
      <h3 id={`details-${event.uuid}`} className="mb-3 text-sm font-semibold text-slate-900">
        <Trans>Details</Trans>
      </h3>
      <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
        {entries.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-600">
              {DATA_FIELD_LABELS[key] ? i18n._(DATA_FIELD_LABELS[key]) : key}
            </dt>
            <dd className="min-w-0 text-slate-900">
              <ValueText value={value} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function EventView({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const event = useAuditEvent(eventId);
  if (event.isPending) return null;
  if (event.isError)
    return (
      <div className="p-6">
        <LoadError
          title={<Trans>Could not load this event</Trans>}
          error={event.error}
          fallback={t`Please try again in a moment.`}
          onRetry={() => void event.refetch()}
          retrying={event.isFetching}
        />
      </div>
    );
  const entry = event.data;
  /** Narrows the list to one actor or subject (a fresh first page) and closes the drawer. */
  const filterBy = (key: 'actorUuid' | 'subjectUuid', uuid: string) => {
    const state = auditLogList.fromUrl(searchParams, 'all');
    const next = auditLogList.toUrl('all', { ...state, filters: { ...state.filters, [key]: uuid }, page: 0 });
    navigate(`${paths.dashboard.auditLog}?${next.toString()}`);
  };
  const subject = entry.subjectName;
  return (
    <div className="divide-y divide-slate-100">
      <section className="space-y-3 px-6 py-5">
        <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium text-slate-600">
            <Trans>When</Trans>
          </dt>
          <dd>
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </dd>
          <dt className="font-medium text-slate-600">
            <Trans>By</Trans>
          </dt>
          <dd>
            <ActorName event={entry} />
          </dd>
          {entry.subjectUuid ? (
            <>
              <dt className="font-medium text-slate-600">
                <Trans>About</Trans>
              </dt>
              <dd>{subject ?? <span className="text-slate-400">—</span>}</dd>
            </>
          ) : null}
        </dl>
        <div className="flex flex-wrap gap-2">
          {entry.actorUuid ? (
            <Button variant="secondary" size="sm" onClick={() => filterBy('actorUuid', entry.actorUuid!)}>
              <Trans>All events by this person</Trans>
            </Button>
          ) : null}
          {entry.subjectUuid ? (
            <Button variant="secondary" size="sm" onClick={() => filterBy('subjectUuid', entry.subjectUuid!)}>
              <Trans>All events about this subject</Trans>
            </Button>
          ) : null}
        </div>
      </section>
      <Changes event={entry} />
      <Details event={entry} />
    </div>
  );
}

function useEventHeader(eventId: string): RecordHeader | undefined {
  const { i18n } = useLingui();
  const { data } = useAuditEvent(eventId);
  return (
    data && {
      media: (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <History aria-hidden="true" className="size-5" />
        </span>
      ),
      name: i18n._(EVENT_TYPE_LABELS[data.type]),
      status: null,
      details: [formatDateTime(data.createdAt), data.actorName],
    }
  );
}

/** One event of the audit log in a side sheet: who, when, about what, and an edit's before and after. */
export function AuditEventDrawer() {
  const { recordId, close } = useAuditEventUrl();
  return (
    <RecordDrawer
      recordId={recordId}
      onClose={close}
      emptyTitle={<Trans>Event</Trans>}
      useHeader={useEventHeader}
    >
      {(id) => <EventView eventId={id} />}
    </RecordDrawer>
  );
}
