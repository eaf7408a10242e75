import { AssetKindCode } from '@equip/domain/assets';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { SelectField } from '@/ui/select-field';
import { ASSET_KIND_LABELS } from '../lib/asset-labels';

/** What a person writes of a definition here (properties and organisation kinds come from the API). */
export interface DefinitionValues {
  name: string;
  kind: AssetKindCode;
  vendor: string | null;
  modelNumber: string | null;
}

/**
 * A definition's name, kind, vendor and model number: creating one (add-peripherals) and changing one
 * (the selected definition's overview) are this one form. `onSubmit` answers an error to show, or null.
 */
export function DefinitionDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  initial,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  initial: DefinitionValues;
  pending: boolean;
  onSubmit: (values: DefinitionValues) => Promise<string | null>;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={pending}
      title={title}
      description={description}
    >
      {/* A fresh form each time it opens. */}
      {open ? (
        <DefinitionForm initial={initial} submitLabel={submitLabel} pending={pending} onSubmit={onSubmit} />
      ) : null}
    </FormDialog>
  );
}

function DefinitionForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  initial: DefinitionValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: DefinitionValues) => Promise<string | null>;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(initial.name);
  const [kind, setKind] = useState<AssetKindCode>(initial.kind);
  const [vendor, setVendor] = useState(initial.vendor ?? '');
  const [modelNumber, setModelNumber] = useState(initial.modelNumber ?? '');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t`Give the model a name.`);
      return;
    }
    setError(
      await onSubmit({
        name: name.trim(),
        kind,
        vendor: vendor.trim() || null,
        modelNumber: modelNumber.trim() || null,
      }),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t`Name`}
        value={name}
        required
        error={error ?? undefined}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
      />
      <SelectField
        label={t`Kind`}
        value={kind}
        options={AssetKindCode.options.map((value) => ({ value, label: ASSET_KIND_LABELS[value] }))}
        onChange={(event) => setKind(AssetKindCode.parse(event.target.value))}
      />
      <TextField label={t`Vendor`} value={vendor} onChange={(event) => setVendor(event.target.value)} />
      <TextField
        label={t`Model number`}
        value={modelNumber}
        onChange={(event) => setModelNumber(event.target.value)}
      />
      <FormDialogActions submitLabel={submitLabel} pending={pending} pendingLabel={t`Saving…`} />
    </form>
  );
}
