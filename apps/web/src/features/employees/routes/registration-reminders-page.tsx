import type { RegistrationReminderCandidate, RegistrationReminderView } from '@equip/domain/employees';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { MailCheck, Send } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api/error-message';
import { cn } from '@/lib/cn';
import { formatDate, formatNumber, fullName, people } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { DataTable } from '@/ui/data-table/data-table';
import { SelectionBar } from '@/ui/data-table/selection-bar';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import {
  getRegistrationRemindersQueryOptions,
  REGISTRATION_REMINDERS_PAGE_SIZE,
  registrationReminderCountsQueryOptions,
} from '../api/get-registration-reminders';
import { useSendRegistrationReminders } from '../api/send-registration-reminders';
import { EmployeeStatusBadge } from '../components/employee-status-badge';
import { registrationRemindersBinding, registrationRemindersList } from '../organization-setup-slice';

const VIEW_LABELS: Record<RegistrationReminderView, MessageDescriptor> = {
  all: msg`Everyone`,
  active: msg`Active`,
  onboarding: msg`Onboarding`,
};

const column = createColumnHelper<RegistrationReminderCandidate>();
const rowId = (person: RegistrationReminderCandidate) => person.uuid;

function Missing() {
  return <span className="text-slate-400">—</span>;
}

/** Name, email, department, start date (each sorted by the server) and status. */
const COLUMNS = [
  column.accessor((person) => fullName(person), {
    id: 'name',
    header: () => <Trans>Name</Trans>,
    meta: { sortKey: 'name', className: 'font-medium text-slate-900' },
  }),
  column.accessor('email', { header: () => <Trans>Email</Trans>, meta: { sortKey: 'email' } }),
  column.accessor('department', {
    header: () => <Trans>Department</Trans>,
    meta: { sortKey: 'department' },
    cell: ({ getValue }) => getValue() ?? <Missing />,
  }),
  column.accessor('startDate', {
    header: () => <Trans>Start date</Trans>,
    meta: { sortKey: 'startDate' },
    cell: ({ getValue }) => formatDate(getValue()) || <Missing />,
  }),
  column.accessor('employeeStatus', {
    header: () => <Trans>Status</Trans>,
    meta: { skeleton: 'badge' },
    cell: ({ getValue }) => <EmployeeStatusBadge status={getValue()} />,
  }),
];

/**
 * The organisation setup's email-reminders table on the list machinery (the `organizationSetup` list):
 * people who have not registered a device yet, by view, sorted and paged by the server, with their
 * selection; "Send reminder" mails the people selected, or everyone the view lists when all matching
 * are selected.
 */
export function RegistrationRemindersPage() {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = registrationRemindersList.parseView(searchParams.get('view'));
  const table = useListTable(registrationRemindersBinding, view, {
    queryOptions: getRegistrationRemindersQueryOptions,
    pageSize: REGISTRATION_REMINDERS_PAGE_SIZE,
    getRowId: rowId,
  });
  const counts = useQuery(registrationReminderCountsQueryOptions());
  const send = useSendRegistrationReminders();
  const { selection } = table;
  const recipientCount = people(selection.count);
  const selectLabel = (name: string) => t`Select ${name}`;

  function showView(next: RegistrationReminderView) {
    setSearchParams(
      registrationRemindersList.toUrl(next, {
        filters: registrationRemindersList.defaultFilters(next),
        sorting: registrationRemindersList.initialSorting(next),
      }),
    );
  }

  function sendReminders() {
    send.mutate(selection.allMatchingSelected ? { view } : { userUuids: [...selection.selectedIds] }, {
      onSuccess: ({ sent }) => {
        const recipientsText = people(sent);
        toast({ variant: 'positive', content: t`Reminders sent to ${recipientsText}` });
        selection.onClear();
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
          <Button onClick={sendReminders} disabled={selection.count === 0 || send.isPending}>
            <Send aria-hidden="true" />
            {send.isPending ? (
              <Trans>Sending…</Trans>
            ) : selection.count > 0 ? (
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
        {registrationRemindersList.viewNames.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => showView(option)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600',
              view === option ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {i18n._(VIEW_LABELS[option])}
            {counts.data ? (
              <span className="ml-1.5 text-xs text-slate-500 tabular-nums">
                {formatNumber(counts.data[option])}
              </span>
            ) : null}
          </button>
        ))}
      </fieldset>
      <DataTable
        {...table.tableProps}
        label={t`People without a registered device`}
        className="max-h-[calc(100vh-20rem)] min-h-[16rem]"
        columns={COLUMNS}
        selection={{ ...selection, rowLabel: (person) => selectLabel(fullName(person)) }}
        messages={{ loading: t`Loading the list…`, error: t`Could not load the list` }}
        empty={{
          icon: MailCheck,
          title: t`Everyone has registered a device`,
          description: t`Nobody in this list needs a reminder.`,
        }}
        pagination={{ ...table.tableProps.pagination, label: t`Reminder list pages` }}
        keyboardHint={t`Use the arrow keys to move between people and Space to select them.`}
      />
      {/* How many are chosen, "select all N matching" and clear; the page header sends. */}
      <SelectionBar {...selection} total={table.total} progress={send.isPending ? t`Sending…` : null} />
    </div>
  );
}
