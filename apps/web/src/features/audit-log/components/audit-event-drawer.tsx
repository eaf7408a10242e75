import { type AuditLogEntry, type FieldChange, fieldChanges } from '@equip/domain/audit-log';
import { Trans, useLingui } from '@lingui/react/macro';
import { History } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/ui/button';
import { LoadError } from '@/ui/load-error';
import { RecordDrawer, type RecordHeader } from '@/ui/record-drawer';
import { useAuditEvent } from '../api/get-audit-log';
import { auditLogList } from '../audit-log-list-slice';
import { useAuditEventUrl } from '../lib/audit-url';
import { fieldLabel, isShownField, valueText } from '../lib/event-data';
import { EVENT_TYPE_LABELS } from '../lib/event-labels';
import { ActorName } from './audit-log-columns';

function None() {
  return <span className="text-slate-500">—</span>;
}

/**
 * A value of an event's data as the reader reads it (`lib/event-data.ts`): known values in words,
 * dates, numbers and sizes in their format, lists joined, records as their own labelled fields.
 */
function ValueText({ field, value }: { field: string; value: unknown }) {
  if (value === null || value === undefined || value === '') return <None />;
  if (Array.isArray(value)) {
    if (value.length === 0) return <None />;
    return <>{value.map((item) => valueText(field, item) ?? JSON.stringify(item)).join(', ')}</>;
  }
  if (isRecord(value)) return <Fields data={value} nested />;
  return <>{valueText(field, value) ?? String(value)}</>;
}

/** Fields of an event's data, each with its name (a field Equip has no name for is set apart). */
function Fields({ data, nested = false }: { data: Record<string, unknown>; nested?: boolean }) {
  const entries = Object.entries(data).filter(([key]) => isShownField(key));
  const changes = nested ? fieldChanges(data) : null;
  if (changes) return <ChangeList changes={changes} />;
  return (
    <dl
      className={
        nested
          ? 'grid grid-cols-[minmax(5rem,auto)_1fr] gap-x-3 gap-y-1'
          : 'grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-2 text-sm'
      }
    >
      {entries.map(([key, value]) => {
        const label = fieldLabel(key);
        return (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-600">
              {label ?? <code className="text-xs font-normal">{key}</code>}
            </dt>
            <dd className="min-w-0 break-words text-slate-900">
              <ValueText field={key} value={value} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Changed fields as "before → after" lines (inside a record of the event's data). */
function ChangeList({ changes }: { changes: FieldChange[] }) {
  return (
    <ul className="space-y-1">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="font-medium text-slate-600">{fieldLabel(change.field) ?? change.field}:</span>{' '}
          <del className="text-red-700 decoration-red-300">
            <ValueText field={change.field} value={change.before} />
          </del>{' '}
          <span aria-hidden="true">→</span>{' '}
          <ins className="text-emerald-700 no-underline">
            <ValueText field={change.field} value={change.after} />
          </ins>
        </li>
      ))}
    </ul>
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
                  {fieldLabel(change.field) ?? <code className="text-xs font-normal">{change.field}</code>}
                </th>
                <td className="py-2 pr-3 text-red-700">
                  <del className="decoration-red-300">
                    <ValueText field={change.field} value={change.before} />
                  </del>
                </td>
                <td className="py-2 text-emerald-700">
                  <ins className="no-underline">
                    <ValueText field={change.field} value={change.after} />
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
  if (!Object.keys(event.data).some(isShownField)) return null;
  return (
    <section className="px-6 py-5" aria-labelledby={`details-${event.uuid}`}>
      <h3 id={`details-${event.uuid}`} className="mb-3 text-sm font-semibold text-slate-900">
        <Trans>Details</Trans>
      </h3>
      <Fields data={event.data} />
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
