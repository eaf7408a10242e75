import { EventType } from '@equip/domain/audit-log';
import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { FiltersByView } from '@/lib/list-state/list-definition';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { inputClasses } from '@/ui/form-field';
import { MultiSelect } from '@/ui/multi-select';
import type { auditLogList } from '../audit-log-list-slice';
import { EVENT_TYPE_LABELS } from '../lib/event-labels';

export type AuditLogFilterValues = FiltersByView<typeof auditLogList.views>['all'];

/** A filter set elsewhere (from an event's drawer): its name and a button to drop it. */
function Chip({
  children,
  removeLabel,
  onRemove,
}: {
  children: ReactNode;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <span className="inline-flex h-9 items-center gap-1 rounded-lg bg-indigo-50 pr-1 pl-3 text-sm font-medium text-indigo-800 ring-1 ring-indigo-300 ring-inset">
      {children}
      <button
        type="button"
        aria-label={removeLabel}
        onClick={onRemove}
        className="rounded p-1 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </span>
  );
}

/**
 * The audit log's filters: event types, a range of days (in the organisation's time zone), and the
 * person who acted or the subject when one was picked from an event (shown as a removable chip).
 */
export function AuditLogFilters({
  filters,
  isDefault,
  actorName,
  subjectName,
  onFilter,
  onReset,
  trailing,
}: {
  filters: AuditLogFilterValues;
  isDefault: boolean;
  /** The filtered actor's and subject's names, once a row shows them. */
  actorName: string | null;
  subjectName: string | null;
  onFilter: <K extends keyof AuditLogFilterValues>(key: K, value: AuditLogFilterValues[K]) => void;
  onReset: () => void;
  trailing?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const typeOptions = EventType.options.map((value) => ({ value, label: i18n._(EVENT_TYPE_LABELS[value]) }));
  const actor = actorName ?? t`one person`;
  const subject = subjectName ?? t`one subject`;
  return (
    <FilterBar label={t`Filter the audit log`} isDefault={isDefault} onReset={onReset} trailing={trailing}>
      <MultiSelect
        label={t`Event`}
        options={typeOptions}
        value={filters.types}
        onValueChange={(value) => onFilter('types', value)}
      />
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <Trans>From</Trans>
        <input
          type="date"
          className={cn(inputClasses, 'h-9 w-40')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onFilter('from', event.target.value)}
        />
      </label>
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <Trans>Until</Trans>
        <input
          type="date"
          className={cn(inputClasses, 'h-9 w-40')}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onFilter('to', event.target.value)}
        />
      </label>
      {filters.actorUuid ? (
        <Chip removeLabel={t`Remove the filter by ${actor}`} onRemove={() => onFilter('actorUuid', '')}>
          <Trans>By {actor}</Trans>
        </Chip>
      ) : null}
      {filters.subjectUuid ? (
        <Chip
          removeLabel={t`Remove the filter about ${subject}`}
          onRemove={() => onFilter('subjectUuid', '')}
        >
          <Trans>About {subject}</Trans>
        </Chip>
      ) : null}
    </FilterBar>
  );
}
