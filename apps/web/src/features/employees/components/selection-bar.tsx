import { employeesToCsv, employeeToCsvEntry } from '@equip/domain/employee-import';
import type { Employee } from '@equip/domain/employees';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Mail, X } from 'lucide-react';
import { useState } from 'react';
import { downloadFile } from '@/lib/download';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { exportEmployeesCsv } from '../api/export-employees';
import { findEmployeeInLists, getEmployee } from '../api/get-employee';
import { type EmployeeFilterQuery, getMatchingEmployeeIds } from '../api/get-employees';
import { inviteEmployees } from '../api/invite-employee';
import { employeeKeys } from '../api/query-keys';
import { formatNumber, people } from '../lib/format';

export interface SelectionBarProps {
  /** Ids picked row by row (across pages). */
  selectedIds: readonly string[];
  /** Every row the filters match is selected ("select all N matching"). */
  allMatchingSelected: boolean;
  total: number;
  /** The current page is fully selected and more rows match than the page shows. */
  canSelectAllMatching: boolean;
  pageSize: number;
  filter: EmployeeFilterQuery;
  onSelectAllMatching: () => void;
  onClear: () => void;
}

/** The bar of bulk actions that floats at the bottom while rows are selected. */
export function SelectionBar({
  selectedIds,
  allMatchingSelected,
  total,
  canSelectAllMatching,
  pageSize,
  filter,
  onSelectAllMatching,
  onClear,
}: SelectionBarProps) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [confirmInvite, setConfirmInvite] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const count = allMatchingSelected ? total : selectedIds.length;
  if (count === 0) return null;

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
      toast({ variant: 'negative', content: `Could not send the invitations: ${(error as Error).message}` });
    } finally {
      setProgress(null);
      setConfirmInvite(false);
    }
  }

  async function exportSelection() {
    try {
      if (allMatchingSelected) {
        setProgress('Preparing the CSV…');
        await exportEmployeesCsv(filter);
        return;
      }
      setProgress('Preparing the CSV…');
      const employees: Employee[] = [];
      for (const id of selectedIds) {
        employees.push(findEmployeeInLists(queryClient, id) ?? (await getEmployee(id)));
      }
      downloadFile(
        employeesToCsv(employees.map(employeeToCsvEntry)),
        `employees-selected-${new Date().toISOString().slice(0, 10)}.csv`,
      );
    } catch (error) {
      toast({ variant: 'negative', content: `Could not export the selection: ${(error as Error).message}` });
    } finally {
      setProgress(null);
    }
  }

  return (
    <section
      aria-label="Selection"
      className="fixed bottom-6 left-1/2 z-30 flex max-w-[calc(100%-2rem)] -translate-x-1/2 flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-slate-900 py-2 pr-2 pl-4 text-sm text-white shadow-2xl"
    >
      <p aria-live="polite" className="font-medium tabular-nums">
        {allMatchingSelected
          ? `All ${formatNumber(total)} matching selected`
          : `${formatNumber(count)} selected`}
      </p>
      {canSelectAllMatching && !allMatchingSelected ? (
        <button
          type="button"
          onClick={onSelectAllMatching}
          className="rounded-md px-1 font-medium text-indigo-300 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white"
        >
          Select all {formatNumber(total)} matching
        </button>
      ) : null}
      {progress ? (
        <p role="status" className="text-slate-300">
          {progress}
        </p>
      ) : null}
      <div className="flex items-center gap-1">
        <Button
          size="sm"
          variant="ghost"
          className="text-white hover:bg-white/10 hover:text-white"
          disabled={progress !== null}
          onClick={() => setConfirmInvite(true)}
        >
          <Mail aria-hidden="true" />
          Invite to Equip
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-white hover:bg-white/10 hover:text-white"
          disabled={progress !== null}
          onClick={exportSelection}
        >
          <Download aria-hidden="true" />
          Export CSV
        </Button>
        <button
          type="button"
          aria-label="Clear selection"
          onClick={onClear}
          className="flex size-8 items-center justify-center rounded-lg text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
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
    </section>
  );
}
