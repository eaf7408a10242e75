import { EXPORT_SEPARATORS, separatorForLocale } from '@equip/domain/csv-import/csv-text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { exportFileName } from '@/lib/csv-import/download-export';
import { downloadFile } from '@/lib/download';
import { formatNumber, people } from '@/lib/format';
import { SelectionAction, SelectionBar } from '@/ui/data-table/selection-bar';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { exportEmployees } from '../api/export-employees';
import { getEmployeeCached } from '../api/get-employee';
import { type EmployeeFilterQuery, getMatchingEmployeeIds } from '../api/get-employees';
import { inviteEmployees } from '../api/invite-employee';
import { employeeKeys } from '../api/query-keys';

export interface EmployeesSelectionBarProps {
  /** The table's selection (`useListTable`). */
  selection: {
    selectedIds: readonly string[];
    allMatchingSelected: boolean;
    count: number;
    canSelectAllMatching: boolean;
    onSelectAllMatching: () => void;
    onClear: () => void;
  };
  total: number;
  pageSize: number;
  filter: EmployeeFilterQuery;
}

/** The bulk actions on selected employees: invite them to Equip, export them as CSV. */
export function EmployeesSelectionBar({ selection, total, pageSize, filter }: EmployeesSelectionBarProps) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [confirmInvite, setConfirmInvite] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const { selectedIds, allMatchingSelected, count, onClear } = selection;

  async function ids(): Promise<string[]> {
    if (!allMatchingSelected) return [...selectedIds];
    setProgress(t`Collecting the selected people…`);
    return getMatchingEmployeeIds(filter, (loadedCount, allCount) => {
      const loaded = formatNumber(loadedCount);
      const all = formatNumber(allCount);
      setProgress(t`Collecting the selected people… ${loaded} of ${all}`);
    });
  }

  async function invite() {
    try {
      const uuids = await ids();
      const result = await inviteEmployees(uuids, (doneCount, allCount) => {
        const done = formatNumber(doneCount);
        const all = formatNumber(allCount);
        setProgress(t`Inviting ${done} of ${all}…`);
      });
      await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
      const invited = people(result.invited);
      if (result.failed.length === 0) {
        toast({ variant: 'positive', content: t`Invitations sent to ${invited}` });
        onClear();
      } else {
        const failed = people(result.failed.length);
        toast({
          variant: 'negative',
          content: t`Invitations sent to ${invited}; ${failed} could not be invited.`,
        });
      }
    } catch (error) {
      toast({ variant: 'negative', content: failureMessage(t`Could not send the invitations`, error) });
    } finally {
      setProgress(null);
      setConfirmInvite(false);
    }
  }

  async function exportSelection() {
    try {
      setProgress(t`Preparing the CSV…`);
      // Separated as the reader's language writes CSV (German: semicolon), like the page's export.
      const separator = separatorForLocale(i18n.locale);
      if (allMatchingSelected) {
        await exportEmployees(filter, 'csv', separator);
        return;
      }
      // The table's rows hold what it shows; the CSV has every import column (phone …). The CSV writer
      // (with the import's schemas) loads when first used: it is no part of the list's first load.
      const [employees, { employeesToCsv, employeeToCsvEntry }] = await Promise.all([
        Promise.all(selectedIds.map((id) => getEmployeeCached(queryClient, id))),
        import('@equip/domain/employee-import'),
      ]);
      downloadFile(
        employeesToCsv(employees.map(employeeToCsvEntry), EXPORT_SEPARATORS[separator]),
        exportFileName('employees-selected', 'csv'),
      );
    } catch (error) {
      toast({ variant: 'negative', content: failureMessage(t`Could not export the selection`, error) });
    } finally {
      setProgress(null);
    }
  }

  // Counted while there is a selection, and kept for the dialog's closing: the first count written
  // with a plural makes the page's first number format (~20 ms of a phone's first load, where nothing is
  // selected; bench/lighthouse.mjs).
  const inviteTitle = useRef('');
  if (count > 0) {
    const selectedPeople = people(count);
    inviteTitle.current = t`Invite ${selectedPeople} to Equip?`;
  }
  return (
    <SelectionBar {...selection} total={total} progress={progress}>
      <SelectionAction icon={Mail} busy={progress !== null} onClick={() => setConfirmInvite(true)}>
        <Trans>Invite to Equip</Trans>
      </SelectionAction>
      <SelectionAction icon={Download} busy={progress !== null} onClick={exportSelection}>
        <Trans>Export CSV</Trans>
      </SelectionAction>
      <ConfirmDialog
        open={confirmInvite}
        onOpenChange={(open) => {
          if (progress === null) setConfirmInvite(open);
        }}
        title={inviteTitle.current}
        description={
          count > pageSize
            ? t`Each person gets an email with a link to set their password. Large selections take a moment.`
            : t`Each person gets an email with a link to set their password.`
        }
        confirmLabel={t`Send invitations`}
        pending={progress !== null}
        pendingLabel={t`Sending…`}
        onConfirm={invite}
      >
        {progress ? (
          <p role="status" className="mt-3 text-sm text-slate-600">
            {progress}
          </p>
        ) : null}
      </ConfirmDialog>
    </SelectionBar>
  );
}
