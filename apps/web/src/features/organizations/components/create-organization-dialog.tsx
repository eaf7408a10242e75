import { Email } from '@equip/domain/identity';
import { CountryCode, FirstOwner, OrganizationName, WorkingDays } from '@equip/domain/organizations';
import { DEFAULT_WORKING_DAYS } from '@equip/domain/weekdays';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { describeFailure } from '@/lib/api/error-message';
import { i18n } from '@/lib/i18n/i18n';
import { Alert } from '@/ui/alert';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { EmailField, TextField } from '@/ui/form-field';
import { toast } from '@/ui/toast-store';
import { useCreateOrganization } from '../api/create-organization';
import { browserCountry, browserTimeZone, OrganizationProfileFields } from './organization-profile-fields';

/** The form: the API's request (`CreateOrganizationRequest`) flattened into one level of fields. */
const CreateOrganizationForm = z.object({
  name: OrganizationName,
  country: CountryCode,
  timeZone: z.string().min(1),
  workingDays: WorkingDays,
  firstName: FirstOwner.shape.firstName,
  lastName: FirstOwner.shape.lastName,
  email: Email,
});
type CreateOrganizationForm = z.infer<typeof CreateOrganizationForm>;
type Field = keyof CreateOrganizationForm;

const MESSAGES: Record<Field, MessageDescriptor> = {
  name: msg`Enter the organisation’s name`,
  country: msg`Choose a country`,
  timeZone: msg`Choose a time zone`,
  workingDays: msg`Choose at least one working day`,
  firstName: msg`Enter a first name`,
  lastName: msg`Enter a last name`,
  email: msg`Enter a valid email address, like name@company.com`,
};
const formMessages = {
  error: (issue: { path?: PropertyKey[] }) => {
    const message = MESSAGES[issue.path?.[0] as Field];
    return message ? i18n._(message) : undefined;
  },
};

/** The form's field for the server's (`organization.country`, `owner.email`, `organization.workingDays.0` …). */
function formField(param: string | undefined): Field | undefined {
  const [group, field = ''] = (param ?? '').split('.');
  if (group !== 'organization' && group !== 'owner') return undefined;
  return field in CreateOrganizationForm.shape ? (field as Field) : undefined;
}

/**
 * "Create organisation" (provider admins): the organisation's name, country, time zone and working days,
 * and its first IT owner, who is mailed a link to set their password. Checked with the API's own rules.
 */
export function CreateOrganizationDialog({
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
      className="max-w-lg"
      title={t`Create organisation`}
      description={t`Its first IT owner gets an email with a link to set their password, and then sets the organisation up.`}
    >
      <CreateOrganizationFormBody onPendingChange={setPending} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CreateOrganizationFormBody({
  onPendingChange,
  onDone,
}: {
  onPendingChange: (pending: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const create = useCreateOrganization();
  const [formError, setFormError] = useState<string>();
  const form = useForm<CreateOrganizationForm>({
    resolver: zodResolver(CreateOrganizationForm, formMessages),
    defaultValues: {
      name: '',
      country: browserCountry(),
      timeZone: browserTimeZone(),
      workingDays: [...DEFAULT_WORKING_DAYS],
      firstName: '',
      lastName: '',
      email: '',
    },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ firstName, lastName, email, ...organization }) => {
    setFormError(undefined);
    onPendingChange(true);
    try {
      const created = await create.mutateAsync({ organization, owner: { firstName, lastName, email } });
      const name = created.name;
      toast({
        variant: 'positive',
        content: t`${name} was created. An invitation is on its way to ${email}.`,
      });
      onDone();
    } catch (error) {
      // EmailIsUsed (409) says "… is already in use" at `owner.email`.
      const failure = describeFailure<Field>(error, {
        fallback: t`The organisation could not be created. Please try again.`,
        field: ({ param }) => formField(param),
      });
      for (const [field, message] of Object.entries(failure.fields) as [Field, string][])
        form.setError(field, { type: 'server', message }, { shouldFocus: true });
      if (failure.message) setFormError(failure.message);
    } finally {
      onPendingChange(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t`Create organisation`} className="space-y-5">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">
          <Trans>Organisation</Trans>
        </legend>
        <OrganizationProfileFields
          form={form}
          registered={{ name: form.register('name'), country: form.register('country') }}
          nameLabel={t`Name`}
          nameAutoComplete="off"
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">
          <Trans>First IT owner</Trans>
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`First name`}
            autoComplete="off"
            required
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            label={t`Last name`}
            autoComplete="off"
            required
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <EmailField
          label={t`Email`}
          autoComplete="off"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
      </fieldset>
      <FormDialogActions
        submitLabel={t`Create and invite`}
        pending={isSubmitting}
        pendingLabel={t`Creating…`}
      />
    </form>
  );
}
