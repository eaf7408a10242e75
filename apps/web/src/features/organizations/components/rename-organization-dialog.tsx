import type { AdminOrganization } from '@equip/domain/organizations';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { describeFailure } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { toast } from '@/ui/toast-store';
import { useRenameOrganization } from '../api/rename-organization';

/** "Rename": the organisation's name as its people and the provider admins see it. */
export function RenameOrganizationDialog({
  organization,
  onClose,
}: {
  organization: AdminOrganization | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const rename = useRenameOrganization();
  const current = organization?.name ?? '';
  return (
    <FormDialog
      open={organization !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      busy={rename.isPending}
      title={t`Rename ${current}`}
      description={t`Its people see the new name at once; mail sent before keeps the old one.`}
    >
      {organization ? <RenameForm organization={organization} rename={rename} onDone={onClose} /> : null}
    </FormDialog>
  );
}

function RenameForm({
  organization,
  rename,
  onDone,
}: {
  organization: AdminOrganization;
  rename: ReturnType<typeof useRenameOrganization>;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(organization.name);
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rename.isPending) return;
    setFormError(undefined);
    const trimmed = name.trim();
    if (!trimmed) return setError(t`Enter the organisation’s name`);
    setError(undefined);
    try {
      const renamed = await rename.mutateAsync({ uuid: organization.uuid, name: trimmed });
      const newName = renamed.name;
      toast({ variant: 'positive', content: t`The organisation is now called ${newName}.` });
      onDone();
    } catch (failed) {
      const failure = describeFailure<'name'>(failed, {
        fallback: t`The organisation could not be renamed. Please try again.`,
        field: ({ param }) => (param === 'name' ? 'name' : undefined),
      });
      setError(failure.fields.name);
      if (failure.message) setFormError(failure.message);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t`Rename organisation`} className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <TextField
        label={t`Name`}
        autoComplete="off"
        required
        maxLength={200}
        value={name}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <FormDialogActions submitLabel={t`Rename`} pending={rename.isPending} pendingLabel={t`Renaming…`} />
    </form>
  );
}
