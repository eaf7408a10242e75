import { returnResetProblem } from '@equip/domain/device-return';
import type { DeviceListItem } from '@equip/domain/devices';
import type { ActionUnavailableReason } from '@equip/domain/mdm';
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
import { ACTION_UNAVAILABLE_LABELS } from '../lib/device-action-labels';
import { BulkDeviceAction } from './bulk-device-action';

/** Devices named by the warning about devices that cannot be reset; the rest are counted. */
const NAMED_UNRESETTABLE = 5;

/** A selected device that cannot be reset with its return, and why (`returnResetProblem`). */
interface Unresettable {
  device: DeviceListItem;
  reason: ActionUnavailableReason;
}

/** The selected devices a reset cannot go to (one already wiped needs none). */
function unresettableOf(devices: readonly DeviceListItem[]): Unresettable[] {
  return devices.flatMap((device) => {
    const reason = returnResetProblem(device);
    return reason ? [{ device, reason }] : [];
  });
}

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
  /**
   * Selected devices that cannot take the reset asked for: shown before anything is sent, and the next
   * confirmation returns them without one (the API refuses a reset it cannot send, SPEC §5).
   */
  const [unresettable, setUnresettable] = useState<Unresettable[] | null>(null);
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
   * most 500; with a reset, in one request, with the code mailed to the admin. Devices that cannot be
   * reset are named first; confirmed again, they go back without a reset.
   */
  async function returnSelected() {
    setReturnError(null);
    try {
      setProgress(t`Returning…`);
      const selected = await selectedDevices();
      const cannot = reset ? unresettableOf(selected) : [];
      if (cannot.length > 0 && unresettable === null) {
        setUnresettable(cannot);
        return;
      }
      const notReset = new Set(cannot.map(({ device }) => device.uuid));
      const resets = reset && notReset.size < selected.length;
      if (resets && !code.trim()) {
        setReturnError(t`Enter the code we emailed you, or send one first.`);
        return;
      }
      const uuids = selected.map((device) => device.uuid);
      if (resets && uuids.length > MAX_DEVICES_PER_RETURN) {
        const max = formatNumber(MAX_DEVICES_PER_RETURN);
        setReturnError(t`Reset at most ${max} devices at a time.`);
        return;
      }
      let returned = 0;
      let resetsSent = 0;
      for (let start = 0; start < uuids.length; start += MAX_DEVICES_PER_RETURN) {
        const batch = uuids.slice(start, start + MAX_DEVICES_PER_RETURN);
        const result = await returnDevices({
          devices: batch.map((deviceUuid) => ({
            deviceUuid,
            triggerReset: resets && !notReset.has(deviceUuid),
          })),
          ...(resets ? { code: code.trim() } : {}),
        });
        returned += result.returned;
        resetsSent += result.resetsSent;
      }
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      const returnedText = devicesWord(returned);
      const sent = formatNumber(resetsSent);
      const resetsText = plural(resetsSent, { one: `${sent} reset sent`, other: `${sent} resets sent` });
      toast({
        variant: 'positive',
        content: resets ? t`${returnedText} back in stock, ${resetsText}` : t`${returnedText} back in stock`,
      });
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
    setUnresettable(null);
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
        confirmLabel={
          !reset
            ? t`Return to stock`
            : unresettable === null
              ? t`Return and reset`
              : unresettable.length < count
                ? t`Return, reset the others`
                : t`Return without a reset`
        }
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
              onChange={(event) => {
                setReset(event.target.checked);
                setUnresettable(null);
              }}
            />
            <span>
              <Trans>Reset the devices: everything on them is erased before they are used again.</Trans>
            </span>
          </label>
          {reset && unresettable ? <UnresettableWarning devices={unresettable} /> : null}
          {reset && (unresettable === null || unresettable.length < count) ? (
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

/** Names the selected devices a reset cannot go to, and what happens to them. */
function UnresettableWarning({ devices }: { devices: readonly Unresettable[] }) {
  const { t } = useLingui();
  const devicesText = devicesWord(devices.length);
  const more = devices.length - NAMED_UNRESETTABLE;
  const moreText = formatNumber(more);
  return (
    <div className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">
        <Trans>
          {devicesText} cannot be reset. They go back to stock without a reset: erase them by hand before
          anyone uses them again.
        </Trans>
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {devices.slice(0, NAMED_UNRESETTABLE).map(({ device, reason }) => (
          <li key={device.uuid}>
            <span className="font-medium">{device.name}</span>: {t(ACTION_UNAVAILABLE_LABELS[reason])}
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p>
          <Trans>and {moreText} more</Trans>
        </p>
      ) : null}
    </div>
  );
}
