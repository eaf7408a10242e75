import type { RegistrationReminderCandidate } from '@equip/domain/employees';
import { selectionState } from '@equip/domain/selection';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MailCheck, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api/error-message';
import { cn } from '@/lib/cn';
import { compareText, formatDate, fullName, people } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { PageHeader } from '@/ui/page-header';
import { EmployeeStatusBadge } from '@/ui/status-badges';
import {
  nextSortDirection,
  Pagination,
  SortableTh,
  Table,
  TableErrorRow,
  TableFrame,
  TableHead,
  TableMessageRow,
  TableSkeletonRows,
  Td,
  Th,
} from '@/ui/table';
import { useToast } from '@/ui/toast';
import { useRegistrationReminders } from '../api/get-registration-reminders';
import { useSendRegistrationReminders } from '../api/send-registration-reminders';
import {
  deselectReminderRecipients,
  REMINDER_VIEWS,
  type ReminderSortingKey,
  type ReminderView,
  selectEmailReminders,
  selectReminderRecipients,
  setRemindersSorting,
  setRemindersView,
  toggleReminderSelection,
} from '../organization-setup-slice';

const PAGE_SIZE = 50;

const VIEW_LABELS: Record<ReminderView, MessageDescriptor> = {
  all: msg`Everyone`,
  active: msg`Active`,
  onboarding: msg`Onboarding`,
};

const COLUMNS: { key: ReminderSortingKey; label: MessageDescriptor }[] = [
  { key: 'name', label: msg`Name` },
  { key: 'email', label: msg`Email` },
  { key: 'department', label: msg`Department` },
  { key: 'startDate', label: msg`Start date` },
];
/** The selection checkbox, the sortable columns and the status. */
const COLUMN_COUNT = COLUMNS.length + 2;

function sortValue(person: RegistrationReminderCandidate, key: ReminderSortingKey): string {
  if (key === 'name') return `${person.lastName} ${person.firstName}`.toLowerCase();
  return (person[key] ?? '').toLowerCase();
}

function inView(person: RegistrationReminderCandidate, view: ReminderView): boolean {
  if (view === 'active') return person.employeeStatus === 'ACTIVE';
  if (view === 'onboarding') return person.employeeStatus === 'ONBOARDING';
  return true;
}

/**
 * The organisation setup's email-reminders table: people who have not registered a device yet, with
 * views, sorting and selection (the `organizationSetup` slice), and "Send reminder".
 */
export function RegistrationRemindersPage() {
  const { t, i18n } = useLingui();
  const dispatch = useAppDispatch();
  const { toast } = useToast();
  const table = useAppSelector(selectEmailReminders);
  const query = useRegistrationReminders();
  const send = useSendRegistrationReminders();
  const [page, setPage] = useState(0);

  const listed = useMemo(() => {
    const people = (query.data ?? []).filter((person) => inView(person, table.currentViewName));
    const { sortingKey: key, sortingDirection: direction } = table;
    if (!key || !direction) return people;
    const factor = direction === 'asc' ? 1 : -1;
    return [...people].sort((a, b) => {
      const left = sortValue(a, key);
      const right = sortValue(b, key);
      if (!left !== !right) return left ? -1 : 1; // empty values last
      return compareText(left, right) * factor;
    });
  }, [query.data, table]);

  const pageRows = listed.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const selected = useMemo(() => new Set(table.selectedEmployeeUuids), [table.selectedEmployeeUuids]);
  const listedIds = useMemo(() => listed.map((p) => p.uuid), [listed]);
  const recipients = listedIds.filter((id) => selected.has(id));
  const recipientCount = people(recipients.length);
  const headerState = selectionState(listedIds, selected);

  function sortBy(key: ReminderSortingKey) {
    const direction = table.sortingKey === key ? nextSortDirection(table.sortingDirection) : 'asc';
    dispatch(setRemindersSorting({ key: direction ? key : null, direction }));
    setPage(0);
  }

  function sendReminders() {
    send.mutate(recipients, {
      onSuccess: ({ sent }) => {
        const recipientsText = people(sent);
        toast({ variant: 'positive', content: t`Reminders sent to ${recipientsText}` });
        dispatch(deselectReminderRecipients(recipients));
      },
      onError: (error) =>
        toast({ variant: 'negative', content: failureMessage(t`Could not send the reminders`, error) }),
    });
  }

  return (
    <div className="space-y-5">
      <BackLink to={paths.dashboard.employees()}>
        <Trans>Employees</Trans>
      </BackLink>
      <PageHeader
        description={t`People who have not registered a work device yet. A reminder mails them a link to register their device in two minutes.`}
        actions={
          <Button onClick={sendReminders} disabled={recipients.length === 0 || send.isPending}>
            <Send aria-hidden="true" />
            {send.isPending ? (
              <Trans>Sending…</Trans>
            ) : recipients.length > 0 ? (
              <Trans>Send reminder to {recipientCount}</Trans>
            ) : (
              <Trans>Send reminder</Trans>
            )}
          </Button>
        }
      />
      <fieldset className="inline-flex rounded-lg bg-slate-100 p-1">
        <legend className="sr-only">
          <Trans>Show</Trans>
        </legend>
        {REMINDER_VIEWS.map((view) => (
          <button
            key={view}
            type="button"
            aria-pressed={table.currentViewName === view}
            onClick={() => {
              dispatch(setRemindersView(view));
              setPage(0);
            }}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600',
              table.currentViewName === view
                ? 'bg-white text-slate-900 shadow-xs'
                : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {i18n._(VIEW_LABELS[view])}
            {query.data ? (
              <span className="ml-1.5 text-xs text-slate-500 tabular-nums">
                {query.data.filter((p) => inView(p, view)).length}
              </span>
            ) : null}
          </button>
        ))}
      </fieldset>
      <TableFrame className="max-h-[calc(100vh-20rem)] min-h-[16rem]">
        <Table aria-label={t`People without a registered device`}>
          <TableHead>
            <tr>
              <Th className="w-10 pr-0">
                <Checkbox
                  checked={headerState === 'All' ? true : headerState === 'Partial' ? 'indeterminate' : false}
                  disabled={listed.length === 0}
                  label={headerState === 'All' ? t`Deselect everyone listed` : t`Select everyone listed`}
                  onChange={() =>
                    dispatch(
                      headerState === 'All'
                        ? deselectReminderRecipients(listedIds)
                        : selectReminderRecipients(listedIds),
                    )
                  }
                />
              </Th>
              {COLUMNS.map((column) => (
                <SortableTh
                  key={column.key}
                  direction={table.sortingKey === column.key ? table.sortingDirection : null}
                  onSort={() => sortBy(column.key)}
                >
                  {i18n._(column.label)}
                </SortableTh>
              ))}
              <Th>
                <Trans>Status</Trans>
              </Th>
            </tr>
          </TableHead>
          <tbody>
            {query.isPending ? (
              <TableSkeletonRows cells={['checkbox', 'text', 'text', 'text', 'text', 'badge']} />
            ) : query.isError ? (
              <TableErrorRow
                colSpan={COLUMN_COUNT}
                title={t`Could not load the list`}
                error={query.error}
                onRetry={() => void query.refetch()}
              />
            ) : listed.length === 0 ? (
              <TableMessageRow
                colSpan={COLUMN_COUNT}
                icon={MailCheck}
                title={t`Everyone has registered a device`}
                description={t`Nobody in this list needs a reminder.`}
              />
            ) : (
              pageRows.map((person) => {
                const checked = selected.has(person.uuid);
                const name = fullName(person);
                return (
                  <tr key={person.uuid} className={cn(checked && 'bg-indigo-50/50')}>
                    <Td className="w-10 pr-0">
                      <Checkbox
                        checked={checked}
                        label={t`Select ${name}`}
                        onChange={() => dispatch(toggleReminderSelection(person.uuid))}
                      />
                    </Td>
                    <Td className="font-medium text-slate-900">{name}</Td>
                    <Td>{person.email}</Td>
                    <Td>{person.department ?? <span className="text-slate-400">—</span>}</Td>
                    <Td>{formatDate(person.startDate) || <span className="text-slate-400">—</span>}</Td>
                    <Td>
                      <EmployeeStatusBadge status={person.employeeStatus} />
                    </Td>
                  </tr>
                );
              })
            )}
          </tbody>
        </Table>
      </TableFrame>
      {listed.length > PAGE_SIZE ? (
        <Pagination
          label={t`Reminder list pages`}
          page={page}
          pageSize={PAGE_SIZE}
          total={listed.length}
          onPageChange={setPage}
        />
      ) : null}
    </div>
  );
}
