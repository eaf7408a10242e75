import type { DeviceListItem } from '@equip/domain/devices';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { formatNumber } from '@/lib/format';
import { Button } from '@/ui/button';
import { SelectionAction, SelectionBar } from '@/ui/data-table/selection-bar';
import { ConfirmDialog } from '@/ui/dialog';
import { TextField } from '@/ui/form-field';
import { useToast } from '@/ui/toast';
import { findDeviceInLists, getDevice } from '../api/get-device';
import { type DeviceFilterQuery, getMatchingDevices } from '../api/get-devices';
import { deviceKeys } from '../api/query-keys';
import { MAX_DEVICES_PER_RETURN, returnDevices, sendReturnCode } from '../api/return-devices';
import { BulkDeviceAction } from './bulk-device-action';

/** `1 device` / `2 devices`, for sentences about a selection. */
function devicesWord(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} device`, other: `${n} devices` });
}

export interface DevicesSelectionBarProps {
  /** The table's selection (`useListTable`). */
  selection: {
    selectedIds: readonly string[];
    allMatchingSelected: boolean;
    count: number;
    canSelectAllMatching: boolean;
    onSelectAllMatching: () => void;
    onClear: () => void;
  };
  /** The page's rows (the selected ones among them need no request). */
  rows: readonly DeviceListItem[];
  total: number;
  filter: DeviceFilterQuery;
}

/**
 * The bulk actions on selected devices: take them back into stock (with a reset), MDM actions. The
 * export is the list's (the page's Export menu: the server writes the file with the list's filters).
 */
export function DevicesSelectionBar({ selection, rows, total, filter }: DevicesSelectionBarProps) {
  const { t } = useLingui();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [confirmUnassign, setConfirmUnassign] = useState(false);
  const [reset, setReset] = useState(false);
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [returnError, setReturnError] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const { selectedIds, allMatchingSelected, count, onClear } = selection;

  /** The selected devices: the page's rows and cached pages at once, the rest from the API. */
  async function selectedDevices(): Promise<DeviceListItem[]> {
    if (allMatchingSelected) {
      setProgress(t`Collecting the selected devices…`);
      return getMatchingDevices(filter, (loadedCount, allCount) => {
        const loaded = formatNumber(loadedCount);
        const all = formatNumber(allCount);
        setProgress(t`Collecting the selected devices… ${loaded} of ${all}`);
      });
    }
    return Promise.all(
      selectedIds.map(
        async (id) =>
          rows.find((device) => device.uuid === id) ??
          findDeviceInLists(queryClient, id) ??
          (await getDevice(id)),
      ),
    );
  }

  /**
   * Takes the selected devices back (SPEC §5): in stock and unassigned, all or none per request of at
   * most 500; with a reset, in one request, with the code mailed to the admin.
   */
  async function returnSelected() {
    if (reset && !code.trim()) {
      setReturnError(t`Enter the code we emailed you, or send one first.`);
      return;
    }
    setReturnError(null);
    try {
      setProgress(t`Returning…`);
      const uuids = (await selectedDevices()).map((device) => device.uuid);
      if (reset && uuids.length > MAX_DEVICES_PER_RETURN) {
        const max = formatNumber(MAX_DEVICES_PER_RETURN);
        setReturnError(t`Reset at most ${max} devices at a time.`);
        return;
      }
      let returned = 0;
      for (let start = 0; start < uuids.length; start += MAX_DEVICES_PER_RETURN) {
        const batch = uuids.slice(start, start + MAX_DEVICES_PER_RETURN);
        const result = await returnDevices({
          devices: batch.map((deviceUuid) => ({ deviceUuid, triggerReset: reset })),
          ...(reset ? { code: code.trim() } : {}),
        });
        returned += result.returned;
      }
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      const returnedText = devicesWord(returned);
      toast({ variant: 'positive', content: t`${returnedText} back in stock` });
      closeReturn();
      onClear();
    } catch (error) {
      setReturnError(failureMessage(t`Could not take the devices back`, error));
    } finally {
      setProgress(null);
    }
  }

  async function sendCode() {
    setReturnError(null);
    try {
      await sendReturnCode();
      setCodeSent(true);
    } catch (error) {
      setReturnError(failureMessage(t`Could not send the code`, error));
    }
  }

  function closeReturn() {
    setConfirmUnassign(false);
    setReset(false);
    setCode('');
    setCodeSent(false);
    setReturnError(null);
  }

  const selectedDevicesText = devicesWord(count);
  return (
    <SelectionBar {...selection} total={total} progress={progress}>
      <SelectionAction icon={PackageOpen} busy={progress !== null} onClick={() => setConfirmUnassign(true)}>
        <Trans>Return to stock</Trans>
      </SelectionAction>
      <BulkDeviceAction
        count={count}
        busy={progress !== null}
        collect={async () => {
          try {
            return (await selectedDevices()).map((device) => device.uuid);
          } finally {
            setProgress(null);
          }
        }}
        onDone={onClear}
      />
      <ConfirmDialog
        open={confirmUnassign}
        onOpenChange={(open) => {
          if (progress !== null) return;
          if (open) setConfirmUnassign(true);
          else closeReturn();
        }}
        title={t`Return ${selectedDevicesText} to stock?`}
        description={t`The devices are no longer assigned to anyone and show as in stock. Shared devices stop being shared.`}
        confirmLabel={reset ? t`Return and reset` : t`Return to stock`}
        pending={progress !== null}
        pendingLabel={t`Returning…`}
        onConfirm={returnSelected}
      >
        <div className="mt-4 space-y-3">
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-indigo-600"
              checked={reset}
              onChange={(event) => setReset(event.target.checked)}
            />
            <span>
              <Trans>Reset the devices: everything on them is erased before they are used again.</Trans>
            </span>
          </label>
          {reset ? (
            <div className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <p>
                <Trans>A reset cannot be undone. Confirm it with the code we email you.</Trans>
              </p>
              <div className="flex flex-wrap items-end gap-2">
                <TextField
                  label={t`Confirmation code`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  className="w-40"
                />
                <Button type="button" variant="secondary" size="sm" onClick={sendCode}>
                  {codeSent ? <Trans>Send again</Trans> : <Trans>Email me a code</Trans>}
                </Button>
              </div>
              {codeSent ? (
                <p role="status">
                  <Trans>The code is on its way to your email. It works for 10 minutes.</Trans>
                </p>
              ) : null}
            </div>
          ) : null}
          {returnError ? (
            <p role="alert" className="text-sm text-red-700">
              {returnError}
            </p>
          ) : null}
          {progress ? (
            <p role="status" className="text-sm text-slate-600">
              {progress}
            </p>
          ) : null}
        </div>
      </ConfirmDialog>
    </SelectionBar>
  );
}
