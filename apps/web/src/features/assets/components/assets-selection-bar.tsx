import { Trans, useLingui } from '@lingui/react/macro';
import { PackageOpen, Trash2, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PersonPicker } from '@/features/devices/public';
import { failureMessage } from '@/lib/api/error-message';
import { SelectionAction, SelectionBar } from '@/ui/data-table/selection-bar';
import { ConfirmDialog } from '@/ui/dialog';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { useToast } from '@/ui/toast';
import { useBulkAssignAssets } from '../api/assign-assets';
import { useDeleteAssets } from '../api/delete-assets';
import { assetsWord } from '../lib/asset-labels';

export interface AssetsSelectionBarProps {
  /** The table's selection of this page's rows (`useListTable`). */
  selection: { selectedIds: readonly string[]; count: number; onClear: () => void };
  total: number;
}

/**
 * What can be done to the selected items at once (issue 28): hand them to one person, take them back to
 * stock, delete them; each all or none on the server.
 */
export function AssetsSelectionBar({ selection, total }: AssetsSelectionBarProps) {
  const { t } = useLingui();
  const { toast } = useToast();
  const assign = useBulkAssignAssets();
  const remove = useDeleteAssets();
  const [assigning, setAssigning] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [personUuid, setPersonUuid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const assetUuids = [...selection.selectedIds];
  const busy = assign.isPending || remove.isPending;
  const count = assetsWord(assetUuids.length);

  const done = (message: string) => {
    toast({ variant: 'positive', content: message });
    selection.onClear();
  };
  const failed = (fallback: string) => (failure: unknown) =>
    toast({ variant: 'negative', content: failureMessage(fallback, failure) });

  function submitAssign(event: FormEvent) {
    event.preventDefault();
    if (!personUuid) {
      setError(t`Choose the person who gets the assets.`);
      return;
    }
    assign.mutate(
      { assetUuids, employeeUuid: personUuid },
      {
        onSuccess: () => {
          setAssigning(false);
          done(t`${count} assigned`);
        },
        onError: (failure) => setError(failureMessage(t`Could not assign the assets`, failure)),
      },
    );
  }

  return (
    <>
      <SelectionBar
        count={selection.count}
        total={total}
        allMatchingSelected={false}
        canSelectAllMatching={false}
        onSelectAllMatching={() => undefined}
        onClear={selection.onClear}
      >
        <SelectionAction icon={UserPlus} busy={busy} onClick={() => setAssigning(true)}>
          <Trans>Assign</Trans>
        </SelectionAction>
        <SelectionAction
          icon={PackageOpen}
          busy={busy}
          onClick={() =>
            assign.mutate(
              { assetUuids, employeeUuid: null },
              {
                onSuccess: () => done(t`${count} back in stock`),
                onError: failed(t`Could not take the assets back`),
              },
            )
          }
        >
          <Trans>Take back</Trans>
        </SelectionAction>
        <SelectionAction icon={Trash2} busy={busy} onClick={() => setDeleting(true)}>
          <Trans>Delete</Trans>
        </SelectionAction>
      </SelectionBar>
      <FormDialog
        open={assigning}
        onOpenChange={setAssigning}
        busy={assign.isPending}
        title={t`Assign ${count}`}
        description={<Trans>Choose the person who gets them; items someone else has move to them.</Trans>}
      >
        <form onSubmit={submitAssign} noValidate>
          <PersonPicker
            value={personUuid}
            onChange={(uuid) => {
              setPersonUuid(uuid);
              setError(null);
            }}
          />
          {error ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <FormDialogActions submitLabel={t`Assign`} pending={assign.isPending} pendingLabel={t`Saving…`} />
        </form>
      </FormDialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t`Delete ${count}?`}
        description={t`They leave the inventory; their history stays in the audit log.`}
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting…`}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { assetUuids },
            {
              onSuccess: () => {
                setDeleting(false);
                done(t`${count} deleted`);
              },
              onError: failed(t`Could not delete the assets`),
            },
          )
        }
      />
    </>
  );
}
