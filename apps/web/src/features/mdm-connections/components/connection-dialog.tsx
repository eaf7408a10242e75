import type { MdmProvider } from '@equip/domain/mdm';
import type { MdmConnection, SaveMdmConnectionRequest } from '@equip/domain/mdm-connections';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type ComponentType, type FormEvent, useState } from 'react';
import { describeFailure } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { useSaveMdmConnection } from '../api/save-mdm-connection';

/** A credential a provider's connection asks for beside the server's address. */
export interface CredentialField {
  name: 'apiToken' | 'clientId' | 'clientSecret';
  label: MessageDescriptor;
  hint: MessageDescriptor;
  /** The hint when changing a connection (a secret is never shown again: it is pasted anew). */
  changeHint?: MessageDescriptor;
  /** A secret: a password field, empty when changing a connection. */
  secret: boolean;
  maxLength: number;
}

/** What differs between the providers' connection dialogs: their words and the credentials they ask for. */
export interface ConnectionForm {
  provider: MdmProvider;
  /** An address, the same in every language. */
  exampleUrl: string;
  title: MessageDescriptor;
  changeTitle: MessageDescriptor;
  formLabel: MessageDescriptor;
  urlHint: MessageDescriptor;
  /** Where to find the credentials in the provider's console, and that the secret is kept sealed. */
  Instructions: ComponentType;
  fields: readonly CredentialField[];
}

/** What a provider's connection dialog takes. */
export interface ConnectionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The connection to change; none to connect. */
  connection: MdmConnection | undefined;
  onSaved: (connection: MdmConnection) => void;
}

type Field = 'baseUrl' | CredentialField['name'];

/**
 * Connect an MDM server, or change its address and credentials: Equip tests them against the server
 * before it saves anything, and says at the field what went wrong (a refused secret, a server it cannot
 * reach or that is not the provider's).
 */
export function MdmConnectionDialog({
  form,
  open,
  onOpenChange,
  connection,
  onSaved,
}: ConnectionDialogProps & { form: ConnectionForm }) {
  const { i18n } = useLingui();
  const save = useSaveMdmConnection();
  const { Instructions } = form;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) save.reset();
        onOpenChange(next);
      }}
      busy={save.isPending}
      title={i18n._(connection ? form.changeTitle : form.title)}
      description={<Instructions />}
    >
      <ConnectionFormFields form={form} connection={connection} save={save} onSaved={onSaved} />
    </FormDialog>
  );
}

function ConnectionFormFields({
  form,
  connection,
  save,
  onSaved,
}: {
  form: ConnectionForm;
  connection: MdmConnection | undefined;
  save: ReturnType<typeof useSaveMdmConnection>;
  onSaved: (connection: MdmConnection) => void;
}) {
  const { t, i18n } = useLingui();
  const names: readonly string[] = ['baseUrl', ...form.fields.map((field) => field.name)];
  // The address and the client ID are shown again when changing a connection; a secret never is.
  const [values, setValues] = useState<Partial<Record<Field, string>>>(() => ({
    baseUrl: connection?.baseUrl ?? '',
    ...(form.fields.some((field) => field.name === 'clientId')
      ? { clientId: connection?.clientId ?? '' }
      : {}),
  }));
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const failure = save.isError
    ? describeFailure<Field>(save.error, {
        fallback: t`The connection could not be saved.`,
        field: (entry) => (entry.param && names.includes(entry.param) ? (entry.param as Field) : undefined),
      })
    : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const credentials = Object.fromEntries(
      form.fields.map((field) => [field.name, (values[field.name] ?? '').trim()]),
    );
    const input: SaveMdmConnectionRequest = { baseUrl: (values.baseUrl ?? '').trim(), ...credentials };
    save.mutate({ provider: form.provider, input }, { onSuccess: onSaved });
  }

  return (
    <form onSubmit={onSubmit} aria-label={i18n._(form.formLabel)} noValidate>
      <div className="space-y-4">
        <TextField
          label={t`Server URL`}
          type="url"
          required
          autoComplete="url"
          placeholder={form.exampleUrl}
          maxLength={2000}
          value={values.baseUrl ?? ''}
          onChange={set('baseUrl')}
          hint={i18n._(form.urlHint)}
          error={failure?.fields.baseUrl}
        />
        {form.fields.map((field) => (
          <TextField
            key={field.name}
            label={i18n._(field.label)}
            type={field.secret ? 'password' : undefined}
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={field.maxLength}
            value={values[field.name] ?? ''}
            onChange={set(field.name)}
            hint={i18n._(connection && field.changeHint ? field.changeHint : field.hint)}
            error={failure?.fields[field.name]}
          />
        ))}
        {failure?.message ? <Alert variant="error">{failure.message}</Alert> : null}
      </div>
      <FormDialogActions
        submitLabel={t`Test and save`}
        pending={save.isPending}
        pendingLabel={t`Testing the connection…`}
      />
    </form>
  );
}
