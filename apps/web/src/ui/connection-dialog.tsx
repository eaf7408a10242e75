import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type ComponentType, type FormEvent, type ReactNode, useState } from 'react';
import { describeFailure } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';

/**
 * The one dialog that connects an outside system (MDM servers, decision 015; HR systems, decision 029),
 * rendered from the provider's words and the fields it asks for: the server tests what is typed before
 * it saves anything and says at the field what went wrong (a refused secret, a server it cannot reach).
 */

/** A field a provider's connection asks for (an address, an ID, a secret). */
export interface ConnectionField<N extends string = string> {
  name: N;
  label: MessageDescriptor;
  hint: MessageDescriptor;
  /** The hint when changing a connection (a secret is never shown again: it is pasted anew). */
  changeHint?: MessageDescriptor;
  /** A secret: a password field, empty when changing a connection. */
  secret: boolean;
  /** An address: a URL field. */
  url?: boolean;
  /** An example, the same in every language. */
  placeholder?: string;
  maxLength: number;
}

/** What differs between the providers' dialogs: their words and the fields they ask for. */
export interface ConnectionForm<N extends string = string> {
  title: MessageDescriptor;
  changeTitle: MessageDescriptor;
  formLabel: MessageDescriptor;
  /** Where to find the credentials in the provider's console, and that the secret is kept sealed. */
  Instructions: ComponentType;
  fields: readonly ConnectionField<N>[];
}

/** The save behind the dialog (a TanStack mutation): tests and saves the values, or fails with the API's error. */
export interface ConnectionSave<N extends string, R> {
  mutate: (values: Record<N, string>, options: { onSuccess: (saved: R) => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface ConnectionDialogProps<N extends string, R> {
  form: ConnectionForm<N>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Changing a connection: the values shown again (never a secret's); connecting when false. */
  changing: boolean;
  initialValues: Partial<Record<N, string>>;
  save: ConnectionSave<N, R>;
  onSaved: (saved: R) => void;
  /** More of the form after the credentials (an HR system's language), kept by the caller. */
  extra?: ReactNode;
}

export function ConnectionDialog<N extends string, R>({
  form,
  open,
  onOpenChange,
  changing,
  initialValues,
  save,
  onSaved,
  extra,
}: ConnectionDialogProps<N, R>) {
  const { i18n } = useLingui();
  const { Instructions } = form;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) save.reset();
        onOpenChange(next);
      }}
      busy={save.isPending}
      title={i18n._(changing ? form.changeTitle : form.title)}
      description={<Instructions />}
    >
      <ConnectionFields
        form={form}
        changing={changing}
        initialValues={initialValues}
        save={save}
        onSaved={onSaved}
        extra={extra}
      />
    </FormDialog>
  );
}

function ConnectionFields<N extends string, R>({
  form,
  changing,
  initialValues,
  save,
  onSaved,
  extra,
}: Pick<ConnectionDialogProps<N, R>, 'form' | 'changing' | 'initialValues' | 'save' | 'onSaved' | 'extra'>) {
  const { t, i18n } = useLingui();
  const names: readonly string[] = form.fields.map((field) => field.name);
  const [values, setValues] = useState<Partial<Record<N, string>>>(() => initialValues);
  const set = (field: N) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const failure = save.isError
    ? describeFailure<N>(save.error, {
        fallback: t`The connection could not be saved.`,
        field: (entry) => (entry.param && names.includes(entry.param) ? (entry.param as N) : undefined),
      })
    : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = Object.fromEntries(
      form.fields.map((field) => [field.name, (values[field.name] ?? '').trim()]),
    ) as Record<N, string>;
    save.mutate(typed, { onSuccess: onSaved });
  }

  return (
    <form onSubmit={onSubmit} aria-label={i18n._(form.formLabel)} noValidate>
      <div className="space-y-4">
        {form.fields.map((field) => (
          <TextField
            key={field.name}
            label={i18n._(field.label)}
            type={field.secret ? 'password' : field.url ? 'url' : undefined}
            required
            autoComplete={field.url ? 'url' : 'off'}
            spellCheck={field.url ? undefined : false}
            placeholder={field.placeholder}
            maxLength={field.maxLength}
            value={values[field.name] ?? ''}
            onChange={set(field.name)}
            hint={i18n._(changing && field.changeHint ? field.changeHint : field.hint)}
            error={failure?.fields[field.name]}
          />
        ))}
        {extra}
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
