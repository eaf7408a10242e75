import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describeFailure } from '@/lib/api/error-message';
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

const NAME_FIELDS: { name: Field; label: string }[] = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
];
const FIELD_NAMES: readonly string[] = ['firstName', 'lastName', 'email'] satisfies Field[];

/** Messages written for this form instead of the schema's generic ones. */
const MESSAGES: Record<Field, { missing: string; invalid?: string }> = {
  firstName: { missing: 'Enter a first name' },
  lastName: { missing: 'Enter a last name' },
  email: { missing: 'Enter an email address', invalid: 'Enter a valid email address, like name@company.com' },
};

const formMessages = {
  error: (issue: { code?: string; input?: unknown; path?: PropertyKey[] }) => {
    const messages = MESSAGES[issue.path?.[0] as Field];
    if (!messages) return undefined;
    if (typeof issue.input === 'string' && issue.input.trim() === '') return messages.missing;
    return issue.code === 'invalid_format' ? messages.invalid : undefined;
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
  const [pending, setPending] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={pending}
      title="Add provider admin"
      description="Provider admins run this installation and can act for every organisation. We email them a link to set their password."
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
      toast({
        variant: 'positive',
        content: `${admin.firstName} ${admin.lastName} was added. An invitation is on its way to ${admin.email}.`,
      });
      onDone();
    } catch (error) {
      // EmailIsUsed (409) says "… is already a provider admin" at `email`.
      const failure = describeFailure<Field>(error, {
        fallback: 'The provider admin could not be added. Please try again.',
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
    <form noValidate onSubmit={onSubmit} aria-label="Add provider admin" className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {NAME_FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            autoComplete="off"
            required
            error={errors[field.name]?.message}
            {...form.register(field.name)}
          />
        ))}
        <EmailField
          label="Email"
          autoComplete="off"
          required
          error={errors.email?.message}
          className="sm:col-span-2"
          {...form.register('email')}
        />
      </div>
      <FormDialogActions submitLabel="Add and invite" pending={isSubmitting} pendingLabel="Adding…" />
    </form>
  );
}
