import type { AssignDeviceRequest, DeviceDetail } from '@equip/domain/devices';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { fullName } from '@/lib/format';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { useToast } from '@/ui/toast';
import { useAssignDevice } from '../api/assign-device';
import { PersonPicker } from './person-picker';

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
  const [personUuid, setPersonUuid] = useState<string | null>(device.assignedTo?.uuid ?? null);
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
        <div className="mt-4">
          <PersonPicker
            value={personUuid}
            onChange={(uuid) => {
              setPersonUuid(uuid);
              setError(null);
            }}
          />
        </div>
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
