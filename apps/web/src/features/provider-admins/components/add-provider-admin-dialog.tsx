import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describeFailure } from '@/lib/api/error-message';
import { i18n } from '@/lib/i18n/i18n';
import { Alert } from '@/ui/alert';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { EmailField, TextField } from '@/ui/form-field';
import { toast } from '@/ui/toast-store';
import {
  type CreateProviderAdminInput,
  createProviderAdminInputSchema,
  useCreateProviderAdmin,
} from '../api/create-provider-admin';

type Field = keyof CreateProviderAdminInput;

const NAME_FIELDS: { name: Field; label: MessageDescriptor }[] = [
  { name: 'firstName', label: msg`First name` },
  { name: 'lastName', label: msg`Last name` },
];
const FIELD_NAMES: readonly string[] = ['firstName', 'lastName', 'email'] satisfies Field[];

/** Messages written for this form instead of the schema's generic ones. */
const MESSAGES: Record<Field, { missing: MessageDescriptor; invalid?: MessageDescriptor }> = {
  firstName: { missing: msg`Enter a first name` },
  lastName: { missing: msg`Enter a last name` },
  email: {
    missing: msg`Enter an email address`,
    invalid: msg`Enter a valid email address, like name@company.com`,
  },
};

const formMessages = {
  error: (issue: { code?: string; input?: unknown; path?: PropertyKey[] }) => {
    const messages = MESSAGES[issue.path?.[0] as Field];
    if (!messages) return undefined;
    if (typeof issue.input === 'string' && issue.input.trim() === '') return i18n._(messages.missing);
    return issue.code === 'invalid_format' && messages.invalid ? i18n._(messages.invalid) : undefined;
  },
};

/**
 * "Add provider admin": name and email, checked with the API's own schema. The new admin gets an email
 * with a link to set their password; until then the list shows them as invited.
 */
export function AddProviderAdminDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={pending}
      title={t`Add provider admin`}
      description={t`Provider admins run this installation and can act for every organisation. We email them a link to set their password.`}
    >
      <AddProviderAdminForm onPendingChange={setPending} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function AddProviderAdminForm({
  onPendingChange,
  onDone,
}: {
  onPendingChange: (pending: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const create = useCreateProviderAdmin();
  const [formError, setFormError] = useState<string>();
  const form = useForm<CreateProviderAdminInput>({
    resolver: zodResolver(createProviderAdminInputSchema, formMessages),
    defaultValues: { firstName: '', lastName: '', email: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(undefined);
    onPendingChange(true);
    try {
      const admin = await create.mutateAsync(input);
      const name = `${admin.firstName} ${admin.lastName}`;
      const email = admin.email;
      toast({
        variant: 'positive',
        content: t`${name} was added. An invitation is on its way to ${email}.`,
      });
      onDone();
    } catch (error) {
      // EmailIsUsed (409) says "… is already in use" at `email`.
      const failure = describeFailure<Field>(error, {
        fallback: t`The provider admin could not be added. Please try again.`,
        field: ({ param }) => (param && FIELD_NAMES.includes(param) ? (param as Field) : undefined),
      });
      for (const [field, message] of Object.entries(failure.fields) as [Field, string][]) {
        form.setError(field, { type: 'server', message }, { shouldFocus: true });
      }
      if (failure.message) setFormError(failure.message);
    } finally {
      onPendingChange(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t`Add provider admin`} className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {NAME_FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={i18n._(field.label)}
            autoComplete="off"
            required
            error={errors[field.name]?.message}
            {...form.register(field.name)}
          />
        ))}
        <EmailField
          label={t`Email`}
          autoComplete="off"
          required
          error={errors.email?.message}
          className="sm:col-span-2"
          {...form.register('email')}
        />
      </div>
      <FormDialogActions submitLabel={t`Add and invite`} pending={isSubmitting} pendingLabel={t`Adding…`} />
    </form>
  );
}
