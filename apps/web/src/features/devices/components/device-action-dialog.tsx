import { confirmationProblem, type DeviceAction, needsNameConfirmation } from '@equip/domain/mdm';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { ConfirmDialog } from '@/ui/dialog';
import { TextField } from '@/ui/form-field';
import { useToast } from '@/ui/toast';
import { useSendDeviceAction } from '../api/device-actions';
import { DEVICE_ACTION_DESCRIPTIONS, DEVICE_ACTION_LABELS } from '../lib/device-action-labels';

export interface DeviceActionDialogProps {
  device: { uuid: string; name: string };
  /** The action to confirm; null keeps the dialog closed. */
  action: DeviceAction | null;
  onClose: () => void;
}

/**
 * Confirms an MDM action for one device. Wipe and reset erase the device: the person types its name
 * exactly (the same rule the API checks) before the button does anything.
 */
export function DeviceActionDialog({ device, action, onClose }: DeviceActionDialogProps) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const send = useSendDeviceAction(device.uuid);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setTyped('');
    setError(null);
    setServerError(null);
    send.reset();
    onClose();
  };

  if (!action) return null;
  const label = i18n._(DEVICE_ACTION_LABELS[action]);
  const destructive = needsNameConfirmation(action);
  const deviceName = device.name;

  async function confirm() {
    if (!action) return;
    if (confirmationProblem(action, device.name, typed)) {
      setError(
        typed.trim()
          ? t`The name does not match. Type ${deviceName} exactly.`
          : t`Type the device name to confirm.`,
      );
      return;
    }
    setError(null);
    setServerError(null);
    try {
      await send.mutateAsync(destructive ? { action, confirmation: typed } : { action });
      toast({ variant: 'info', content: t`${label}: sent to ${deviceName}` });
      close();
    } catch (failure) {
      setServerError(failureMessage(t`Could not send the action`, failure));
    }
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open && !send.isPending) close();
      }}
      title={t`${label} ${deviceName}?`}
      description={i18n._(DEVICE_ACTION_DESCRIPTIONS[action])}
      confirmLabel={label}
      tone={destructive ? 'danger' : 'primary'}
      pending={send.isPending}
      pendingLabel={t`Sending…`}
      onConfirm={confirm}
    >
      {destructive ? (
        <div className="mt-4">
          <TextField
            label={t`Type the device name to confirm`}
            hint={deviceName}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            error={error ?? undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      ) : null}
      {serverError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {serverError}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
