import { DeviceType } from '@equip/domain/devices';
import { HARDWARE_REQUEST_REASON_MAX } from '@equip/domain/hardware-requests';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { DEVICE_TYPE_LABELS } from '@/features/devices/public';
import { errorMessage } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { SelectField } from '@/ui/select-field';
import { toast } from '@/ui/toast-store';
import { useCreateHardwareRequest, useRequestableModels } from '../api/hardware-requests';
import { specificationText } from './catalog-columns';

/** "Request a device" (decision 037): a device type, optionally a catalog model of it, and a reason. */
export function RequestDeviceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const create = useCreateHardwareRequest();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={create.isPending}
      title={t`Request a device`}
      description={t`Tell your IT team what you need and why. They approve or decline it, and you are told either way.`}
    >
      <RequestDeviceForm
        pending={create.isPending}
        onSubmit={async (input) => {
          try {
            await create.mutateAsync(input);
            toast({ variant: 'positive', content: t`Your request was sent to your IT team.` });
            onOpenChange(false);
            return null;
          } catch (error) {
            return errorMessage(error, t`The request could not be sent.`);
          }
        }}
      />
    </FormDialog>
  );
}

interface RequestInput {
  deviceType: DeviceType;
  specificationUuid?: string;
  reason: string;
}

function RequestDeviceForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (input: RequestInput) => Promise<string | null>;
}) {
  const { t } = useLingui();
  const [deviceType, setDeviceType] = useState<DeviceType>('COMPUTER');
  const [model, setModel] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const models = useRequestableModels(deviceType);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setReasonError(t`Say why you need the device.`);
      return;
    }
    if (trimmed.length > HARDWARE_REQUEST_REASON_MAX) {
      setReasonError(t`Keep the reason under ${HARDWARE_REQUEST_REASON_MAX} characters.`);
      return;
    }
    setReasonError(undefined);
    setFailure(
      await onSubmit({ deviceType, reason: trimmed, ...(model ? { specificationUuid: model } : {}) }),
    );
  };

  const modelOptions = [
    { value: '', label: t`No particular model` },
    ...(models.data?.items ?? []).map((item) => {
      const details = specificationText(item);
      return { value: item.specificationUuid, label: details ? `${item.label} · ${details}` : item.label };
    }),
  ];

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <SelectField
        label={t`Device type`}
        value={deviceType}
        onChange={(event) => {
          setDeviceType(event.target.value as DeviceType);
          setModel('');
        }}
        options={DeviceType.options.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }))}
      />
      <SelectField
        label={t`Model (optional)`}
        value={model}
        onChange={(event) => setModel(event.target.value)}
        options={modelOptions}
        disabled={models.isPending}
        hint={
          models.isError
            ? t`The catalog could not be loaded; you can still send the request without a model.`
            : t`From your organisation's catalog.`
        }
      />
      <TextField
        label={t`Reason`}
        value={reason}
        maxLength={HARDWARE_REQUEST_REASON_MAX}
        onChange={(event) => setReason(event.target.value)}
        error={reasonError}
        hint={t`For example: my laptop broke, or I start travelling for customers.`}
        required
      />
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <FormDialogActions submitLabel={t`Send request`} pending={pending} pendingLabel={t`Sending…`} />
    </form>
  );
}
