import { employeesToCsv, employeeToCsvEntry } from '@equip/domain/employee-import';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Mail } from 'lucide-react';
import { useState } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { downloadFile } from '@/lib/download';
import { formatNumber, people } from '@/lib/format';
import { Button } from '@/ui/button';
import { SelectionBar } from '@/ui/data-table/selection-bar';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { exportEmployeesCsv } from '../api/export-employees';
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
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [confirmInvite, setConfirmInvite] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const { selectedIds, allMatchingSelected, count, onClear } = selection;

  async function ids(): Promise<string[]> {
    if (!allMatchingSelected) return [...selectedIds];
    setProgress('Collecting the selected people…');
    return getMatchingEmployeeIds(filter, (loaded, all) =>
      setProgress(`Collecting the selected people… ${formatNumber(loaded)} of ${formatNumber(all)}`),
    );
  }

  async function invite() {
    try {
      const uuids = await ids();
      const result = await inviteEmployees(uuids, (done, all) =>
        setProgress(`Inviting ${formatNumber(done)} of ${formatNumber(all)}…`),
      );
      await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
      if (result.failed.length === 0) {
        toast({ variant: 'positive', content: `Invitations sent to ${people(result.invited)}` });
        onClear();
      } else {
        toast({
          variant: 'negative',
          content: `Invitations sent to ${people(result.invited)}; ${people(result.failed.length)} could not be invited.`,
        });
      }
    } catch (error) {
      toast({ variant: 'negative', content: failureMessage('Could not send the invitations', error) });
    } finally {
      setProgress(null);
      setConfirmInvite(false);
    }
  }

  async function exportSelection() {
    try {
      setProgress('Preparing the CSV…');
      if (allMatchingSelected) {
        await exportEmployeesCsv(filter);
        return;
      }
      // The table's rows hold what it shows; the CSV has every import column (phone …).
      const employees = await Promise.all(selectedIds.map((id) => getEmployeeCached(queryClient, id)));
      downloadFile(
        employeesToCsv(employees.map(employeeToCsvEntry)),
        `employees-selected-${new Date().toISOString().slice(0, 10)}.csv`,
      );
    } catch (error) {
      toast({ variant: 'negative', content: failureMessage('Could not export the selection', error) });
    } finally {
      setProgress(null);
    }
  }

  const actionClasses = 'text-white hover:bg-white/10 hover:text-white';
  return (
    <SelectionBar
      count={count}
      total={total}
      allMatchingSelected={allMatchingSelected}
      canSelectAllMatching={selection.canSelectAllMatching}
      onSelectAllMatching={selection.onSelectAllMatching}
      onClear={onClear}
      progress={progress}
    >
      <Button
        size="sm"
        variant="ghost"
        className={actionClasses}
        disabled={progress !== null}
        onClick={() => setConfirmInvite(true)}
      >
        <Mail aria-hidden="true" />
        Invite to Equip
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className={actionClasses}
        disabled={progress !== null}
        onClick={exportSelection}
      >
        <Download aria-hidden="true" />
        Export CSV
      </Button>
      <ConfirmDialog
        open={confirmInvite}
        onOpenChange={(open) => {
          if (progress === null) setConfirmInvite(open);
        }}
        title={`Invite ${people(count)} to Equip?`}
        description={`Each person gets an email with a link to set their password.${
          count > pageSize ? ' Large selections take a moment.' : ''
        }`}
        confirmLabel="Send invitations"
        pending={progress !== null}
        pendingLabel="Sending…"
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
