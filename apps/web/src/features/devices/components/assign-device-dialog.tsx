import type { AssignDeviceRequest, DeviceDetail } from '@equip/domain/devices';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { cn } from '@/lib/cn';
import { fullName } from '@/lib/format';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { SearchInput } from '@/ui/search-input';
import { useToast } from '@/ui/toast';
import { useAssignDevice } from '../api/assign-device';
import { usePeopleSearch } from '../api/find-people';

type Choice = AssignDeviceRequest['assignmentType'];

/** Who gets a device: a person of the organisation (searched by name or email), everyone, or nobody. */
export function AssignDeviceDialog({
  device,
  open,
  onOpenChange,
}: {
  device: DeviceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const name = device.name;
  const assign = useAssignDevice(device.uuid);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={assign.isPending}
      title={t`Assign ${name}`}
      description={
        <Trans>Choose who has this device: one person, everyone (shared), or nobody (in stock).</Trans>
      }
    >
      <AssignForm device={device} assign={assign} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function AssignForm({
  device,
  assign,
  onDone,
}: {
  device: DeviceDetail;
  assign: ReturnType<typeof useAssignDevice>;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const { toast } = useToast();
  const groupId = useId();
  const [choice, setChoice] = useState<Choice>(device.assignmentType);
  const [search, setSearch] = useState('');
  const [personUuid, setPersonUuid] = useState<string | null>(device.assignedTo?.uuid ?? null);
  const people = usePeopleSearch(choice === 'ASSIGNED' ? search : '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (choice === 'ASSIGNED' && !personUuid) {
      setError(t`Choose the person who gets the device.`);
      return;
    }
    const request: AssignDeviceRequest =
      choice === 'ASSIGNED' && personUuid
        ? { assignmentType: 'ASSIGNED', employeeUuid: personUuid }
        : choice === 'SHARED'
          ? { assignmentType: 'SHARED' }
          : { assignmentType: 'UNASSIGNED' };
    assign.mutate(request, {
      onSuccess: (updated) => {
        const deviceName = updated.name;
        const person = updated.assignedTo ? fullName(updated.assignedTo) : '';
        toast({
          variant: 'positive',
          content:
            updated.assignmentType === 'ASSIGNED' && updated.assignedTo
              ? t`${deviceName} is now assigned to ${person}`
              : updated.assignmentType === 'SHARED'
                ? t`${deviceName} is now shared`
                : t`${deviceName} is back in stock`,
        });
        onDone();
      },
      onError: (failure) => setError(failureMessage(t`Could not change the assignment`, failure)),
    });
  }

  const options: { value: Choice; label: string }[] = [
    { value: 'ASSIGNED', label: t`A person` },
    { value: 'SHARED', label: t`Shared` },
    { value: 'UNASSIGNED', label: t`In stock` },
  ];
  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend className="sr-only">
          <Trans>Assignment</Trans>
        </legend>
        <div className="flex flex-wrap gap-4">
          {options.map((option) => (
            <label key={option.value} className="inline-flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name={`${groupId}-choice`}
                value={option.value}
                checked={choice === option.value}
                onChange={() => {
                  setChoice(option.value);
                  setError(null);
                }}
                className="size-4 accent-indigo-600"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {choice === 'ASSIGNED' ? (
        <fieldset className="mt-4 space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-900">
            <Trans>Person</Trans>
          </legend>
          <SearchInput
            label={t`Search people`}
            placeholder={t`Search name or email`}
            value={search}
            onValueChange={setSearch}
          />
          <ul className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200">
            {people.data?.length === 0 ? (
              <li className="px-3 py-2 text-sm text-slate-500">
                <Trans>Nobody matches.</Trans>
              </li>
            ) : null}
            {people.data?.map((person) => (
              <li key={person.uuid}>
                <label
                  className={cn(
                    'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50',
                    personUuid === person.uuid && 'bg-indigo-50',
                  )}
                >
                  <input
                    type="radio"
                    name={`${groupId}-person`}
                    value={person.uuid}
                    checked={personUuid === person.uuid}
                    onChange={() => {
                      setPersonUuid(person.uuid);
                      setError(null);
                    }}
                    className="size-4 accent-indigo-600"
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{fullName(person)}</span>
                    <span className="block truncate text-xs text-slate-500">{person.email}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <FormDialogActions
        submitLabel={t`Save assignment`}
        pending={assign.isPending}
        pendingLabel={t`Saving…`}
      />
    </form>
  );
}
