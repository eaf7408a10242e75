import { grantableRoles } from '@equip/domain/access';
import { employeeToCsvEntry } from '@equip/domain/employee-import';
import type { Employee } from '@equip/domain/employees';
import { UpdateEmployeeRequest } from '@equip/domain/employees';
import { ErrorType } from '@equip/domain/errors';
import { Role } from '@equip/domain/identity';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { describeFailure, failureMessage } from '@/lib/api/error-message';
import { fullName } from '@/lib/format';
import { i18n } from '@/lib/i18n/i18n';
import { ROLE_LABELS } from '@/lib/role-labels';
import { useCurrentUser } from '@/lib/session';
import { useAppDispatch } from '@/lib/store';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { TextField } from '@/ui/form-field';
import { SelectField } from '@/ui/select-field';
import { useToast } from '@/ui/toast';
import { useDeleteEmployee } from '../api/delete-employee';
import { useUpdateEmployee } from '../api/update-employee';
import { employeesTableSlice } from '../employees-table-slice';
import { useEmployeeUrl } from '../lib/employee-url';

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The form holds text; empty optional fields mean "not set". Validated by the API's own schema. */
export const personalInfoFormSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    startDate: z.string(),
    lastDate: z.string(),
    department: z.string(),
    position: z.string(),
    role: Role,
  })
  .transform(
    (v): z.input<typeof UpdateEmployeeRequest> => ({
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email.trim(),
      phone: blankToNull(v.phone),
      startDate: blankToNull(v.startDate),
      lastDate: blankToNull(v.lastDate),
      department: blankToNull(v.department),
      position: blankToNull(v.position),
      role: v.role,
    }),
  )
  .pipe(UpdateEmployeeRequest);

export type PersonalInfoFormValues = z.input<typeof personalInfoFormSchema>;

/** "Required" for an empty required field, instead of the generic too-small message. */
export const requiredMessages = {
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'too_small' && issue.input === '' ? i18n._(msg`Required`) : undefined,
};

function toFormValues(employee: Employee): PersonalInfoFormValues {
  return { ...employeeToCsvEntry(employee), role: employee.role };
}

/** Said at the role and at delete when the person is the one signed in (the server refuses both). */
export const OWN_ROLE_HINT = msg`You can’t change your own role. Ask another IT owner.`;
export const OWN_REMOVAL_HINT = msg`You can’t delete your own account. Another IT owner can.`;

/**
 * The roles offered: only those the signed-in person may grant (`grantableRoles`, the server's rule),
 * plus the person's current role so the select shows the truth even when it is not one of them.
 */
function roleOptions(grantable: readonly Role[], current: Role) {
  const roles = grantable.includes(current) ? grantable : [...grantable, current];
  return roles.map((role) => ({
    value: role,
    label: ROLE_LABELS[role],
    disabled: !grantable.includes(role),
  }));
}

const FIELDS: {
  name: keyof PersonalInfoFormValues;
  label: MessageDescriptor;
  type?: string;
  autoComplete?: string;
}[] = [
  { name: 'firstName', label: msg`First name`, autoComplete: 'off' },
  { name: 'lastName', label: msg`Last name`, autoComplete: 'off' },
  { name: 'email', label: msg`Email`, type: 'email', autoComplete: 'off' },
  { name: 'phone', label: msg`Phone`, type: 'tel', autoComplete: 'off' },
  { name: 'startDate', label: msg`Start date`, type: 'date' },
  { name: 'lastDate', label: msg`Last day`, type: 'date' },
  { name: 'department', label: msg`Department` },
  { name: 'position', label: msg`Position` },
];

export function PersonalInfoTab({ employee }: { employee: Employee }) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const name = fullName(employee);
  const dispatch = useAppDispatch();
  const { close: closeEmployee } = useEmployeeUrl();
  const update = useUpdateEmployee(employee.uuid);
  const remove = useDeleteEmployee();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const deleteDescriptionId = useId();
  const currentUser = useCurrentUser();
  const isSelf = currentUser?.accountUuid === employee.uuid;
  const grantable = currentUser ? grantableRoles(currentUser) : [];
  const form = useForm<PersonalInfoFormValues, unknown, UpdateEmployeeRequest>({
    resolver: zodResolver(personalInfoFormSchema, requiredMessages),
    values: toFormValues(employee),
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(({ role, ...details }) =>
    // The role is sent only when it changes: nobody may change their own, and unchanged it says nothing.
    update.mutateAsync(role !== undefined && role !== employee.role ? { ...details, role } : details).then(
      (saved) => {
        form.reset(toFormValues(saved));
        const savedName = fullName(saved);
        toast({ variant: 'positive', content: t`${savedName}’s details were saved` });
      },
      (error: unknown) => {
        const failure = describeFailure<keyof PersonalInfoFormValues>(error, {
          field: ({ errorType, param }) =>
            errorType === ErrorType.EmailIsUsed
              ? 'email'
              : param === 'role' || FIELDS.some((f) => f.name === param)
                ? (param as keyof PersonalInfoFormValues)
                : undefined,
        });
        for (const [field, message] of Object.entries(failure.fields) as [
          keyof PersonalInfoFormValues,
          string,
        ][]) {
          form.setError(field, { type: 'server', message }, { shouldFocus: field === 'email' });
        }
        const reason = failure.message;
        if (reason) toast({ variant: 'negative', content: t`Could not save: ${reason}` });
      },
    ),
  );

  function onDelete() {
    remove.mutate(employee.uuid, {
      onSuccess: () => {
        toast({ variant: 'positive', content: t`${name} was deleted` });
        setConfirmDelete(false);
        closeEmployee();
        for (const view of ['all', 'onboarding', 'offboarding'] as const) {
          dispatch(employeesTableSlice.actions.deselectAll({ view, ids: [employee.uuid] }));
        }
      },
      onError: (error) => {
        setConfirmDelete(false);
        toast({
          variant: 'negative',
          content: failureMessage(t`Could not delete ${name}`, error),
        });
      },
    });
  }

  return (
    <div className="space-y-8 p-6">
      <form noValidate onSubmit={onSubmit} aria-label={t`Personal information`} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={i18n._(field.label)}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              required={field.name === 'firstName' || field.name === 'lastName' || field.name === 'email'}
              error={errors[field.name]?.message}
              {...form.register(field.name)}
            />
          ))}
          <SelectField
            label={t`Role`}
            options={roleOptions(grantable, employee.role)}
            hint={
              isSelf
                ? i18n._(OWN_ROLE_HINT)
                : t`IT owners manage the organisation’s people, devices and software.`
            }
            error={errors.role?.message}
            // One's own role is shown, not offered: the form keeps it unchanged, so it is not sent.
            {...(isSelf || grantable.length === 0
              ? { disabled: true, value: employee.role, onChange: () => {} }
              : form.register('role'))}
          />
        </div>
        <div className="flex items-center justify-end gap-2">
          <Button
            variant="ghost"
            disabled={!isDirty || form.formState.isSubmitting}
            onClick={() => form.reset(toFormValues(employee))}
          >
            <Trans>Discard changes</Trans>
          </Button>
          <Button type="submit" disabled={!isDirty || form.formState.isSubmitting}>
            {form.formState.isSubmitting ? <Trans>Saving…</Trans> : <Trans>Save changes</Trans>}
          </Button>
        </div>
      </form>

      <section aria-labelledby="delete-heading" className="rounded-lg border border-red-200 p-4">
        <h3 id="delete-heading" className="text-sm font-semibold text-slate-900">
          <Trans>Delete employee</Trans>
        </h3>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <p id={deleteDescriptionId} className="text-sm text-slate-600">
            {isSelf ? (
              i18n._(OWN_REMOVAL_HINT)
            ) : (
              <Trans>Their devices return to stock and they leave their bundle.</Trans>
            )}
          </p>
          <Button
            variant="danger"
            size="sm"
            disabled={isSelf}
            aria-describedby={deleteDescriptionId}
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2 aria-hidden="true" />
            <Trans>Delete</Trans>
          </Button>
        </div>
      </section>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        tone="danger"
        title={t`Delete ${name}?`}
        description={t`They disappear from every list, their devices return to stock and they leave their bundle.`}
        confirmLabel={t`Delete employee`}
        pending={remove.isPending}
        pendingLabel={t`Deleting…`}
        onConfirm={onDelete}
      />
    </div>
  );
}
