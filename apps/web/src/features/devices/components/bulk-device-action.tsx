import { BulkDeviceActionRequest, MAX_BULK_DEVICES } from '@equip/domain/mdm';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { formatNumber } from '@/lib/format';
import { SelectionAction } from '@/ui/data-table/selection-bar';
import { ConfirmDialog } from '@/ui/dialog';
import { SelectField } from '@/ui/select-field';
import { useToast } from '@/ui/toast';
import { sendBulkDeviceAction } from '../api/device-actions';
import { deviceKeys } from '../api/query-keys';
import { DEVICE_ACTION_DESCRIPTIONS, DEVICE_ACTION_LABELS } from '../lib/device-action-labels';

/** What a selection can be sent: not wipe or reset, which are confirmed device by device. */
const BULK_ACTIONS = BulkDeviceActionRequest.shape.action.options;
type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * The selection bar's MDM action: one action for the selected devices (one command each, in requests of
 * at most 500); devices it does not fit (not managed, another OS …) are skipped and counted.
 */
export function BulkDeviceAction({
  count,
  busy,
  collect,
  onDone,
}: {
  count: number;
  /** Another bulk action is under way. */
  busy: boolean;
  /** The selected devices' ids (may ask the API when all matching are selected). */
  collect: () => Promise<string[]>;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<BulkAction>('lock');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const n = formatNumber(count);
  const selected = plural(count, { one: `${n} device`, other: `${n} devices` });

  async function send() {
    setPending(true);
    setError(null);
    try {
      const uuids = await collect();
      let sent = 0;
      let skipped = 0;
      for (let start = 0; start < uuids.length; start += MAX_BULK_DEVICES) {
        const result = await sendBulkDeviceAction({
          action,
          deviceUuids: uuids.slice(start, start + MAX_BULK_DEVICES),
        });
        sent += result.items.length;
        skipped += result.skipped.length;
      }
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      const label = i18n._(DEVICE_ACTION_LABELS[action]);
      const sentText = formatNumber(sent);
      const skippedText = formatNumber(skipped);
      toast({
        variant: sent > 0 ? 'info' : 'neutral',
        content:
          skipped > 0
            ? t`${label}: sent to ${sentText}, skipped ${skippedText} it does not apply to`
            : t`${label}: sent to ${sentText}`,
      });
      setOpen(false);
      onDone();
    } catch (failure) {
      setError(failureMessage(t`Could not send the action`, failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <SelectionAction icon={Smartphone} busy={busy || pending} onClick={() => setOpen(true)}>
        {t`MDM action`}
      </SelectionAction>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (pending) return;
          setOpen(next);
          setError(null);
        }}
        title={t`Send an MDM action to ${selected}?`}
        description={i18n._(DEVICE_ACTION_DESCRIPTIONS[action])}
        confirmLabel={i18n._(DEVICE_ACTION_LABELS[action])}
        pending={pending}
        pendingLabel={t`Sending…`}
        onConfirm={send}
      >
        <div className="mt-4 space-y-3">
          <SelectField
            label={t`Action`}
            value={action}
            hint={t`Wipe and reset are sent from each device's own page.`}
            options={BULK_ACTIONS.map((value) => ({ value, label: i18n._(DEVICE_ACTION_LABELS[value]) }))}
            onChange={(event) => setAction(event.target.value as BulkAction)}
          />
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      </ConfirmDialog>
    </>
  );
}
