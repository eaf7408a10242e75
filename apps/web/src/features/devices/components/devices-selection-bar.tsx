import { CSV_BOM, EXPORT_SEPARATORS, separatorForLocale, toCsv } from '@equip/domain/csv-import/csv-text';
import type { DeviceListItem } from '@equip/domain/devices';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Download, PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { exportFileName } from '@/lib/csv-import/export-menu';
import { downloadFile } from '@/lib/download';
import { formatNumber, fullName } from '@/lib/format';
import { i18n as globalI18n } from '@/lib/i18n/i18n';
import {
  ASSIGNMENT_TYPE_LABELS,
  DEVICE_STATUS_LABELS,
  DEVICE_TYPE_LABELS,
  ENROLLMENT_STATE_LABELS,
  encryptionLabel,
  protectionLabel,
} from '@/lib/labels';
import { SelectionAction, SelectionBar } from '@/ui/data-table/selection-bar';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { assignDevice } from '../api/assign-device';
import { findDeviceInLists, getDevice } from '../api/get-device';
import { type DeviceFilterQuery, getMatchingDevices } from '../api/get-devices';
import { deviceKeys } from '../api/query-keys';
import { osText } from './devices-table-columns';

/** `1 device` / `2 devices`, for sentences about a selection. */
function devicesWord(count: number): string {
  const n = formatNumber(count);
  return globalI18n._(plural(count, { one: `${n} device`, other: `${n} devices` }));
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

const CSV_HEADERS = [
  msg`Name`,
  msg`Serial number`,
  msg`Type`,
  msg`OS`,
  msg`Assigned to`,
  msg`Location`,
  msg`Encryption`,
  msg`Protection`,
  msg`Enrolment`,
  msg`Status`,
  msg`Last seen`,
];

/** The selected devices as a spreadsheet: what the table shows, in the reader's language. */
function devicesCsv(devices: readonly DeviceListItem[], separator: string): string {
  const header = CSV_HEADERS.map((descriptor) => globalI18n._(descriptor));
  const rows = devices.map((device) => [
    device.name,
    device.serialNumber ?? '',
    DEVICE_TYPE_LABELS[device.type],
    osText(device),
    device.assignedTo ? fullName(device.assignedTo) : ASSIGNMENT_TYPE_LABELS[device.assignmentType],
    device.location ?? '',
    encryptionLabel(device.isEncrypted),
    protectionLabel(device.isProtected),
    ENROLLMENT_STATE_LABELS[device.enrollmentState],
    DEVICE_STATUS_LABELS[device.status],
    device.lastSeenAt ?? '',
  ]);
  return CSV_BOM + toCsv([header, ...rows], separator);
}

/** The bulk actions on selected devices: export them as CSV, take them back into stock. */
export function DevicesSelectionBar({ selection, rows, total, filter }: DevicesSelectionBarProps) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [confirmUnassign, setConfirmUnassign] = useState(false);
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

  async function exportSelection() {
    try {
      setProgress(t`Preparing the CSV…`);
      const devices = await selectedDevices();
      // Separated as the reader's language writes CSV (German: semicolon).
      const separator = EXPORT_SEPARATORS[separatorForLocale(i18n.locale)];
      downloadFile(devicesCsv(devices, separator), exportFileName('devices-selected', 'csv'));
    } catch (error) {
      toast({ variant: 'negative', content: failureMessage(t`Could not export the selection`, error) });
    } finally {
      setProgress(null);
    }
  }

  async function unassign() {
    let done = 0;
    const failed: string[] = [];
    try {
      const devices = await selectedDevices();
      const toReturn = devices.filter((device) => device.assignmentType !== 'UNASSIGNED');
      const all = formatNumber(toReturn.length);
      for (const device of toReturn) {
        const current = formatNumber(done + 1);
        setProgress(t`Taking back ${current} of ${all}…`);
        try {
          await assignDevice(device.uuid, { assignmentType: 'UNASSIGNED' });
          done += 1;
        } catch {
          failed.push(device.name);
        }
      }
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      const returned = devicesWord(done);
      if (failed.length === 0) {
        toast({ variant: 'positive', content: t`${returned} back in stock` });
        onClear();
      } else {
        const names = failed.join(', ');
        toast({ variant: 'negative', content: t`${returned} back in stock; not taken back: ${names}` });
      }
    } catch (error) {
      toast({ variant: 'negative', content: failureMessage(t`Could not take the devices back`, error) });
    } finally {
      setProgress(null);
      setConfirmUnassign(false);
    }
  }

  const selectedDevicesText = devicesWord(count);
  return (
    <SelectionBar
      count={count}
      total={total}
      allMatchingSelected={allMatchingSelected}
      canSelectAllMatching={selection.canSelectAllMatching}
      onSelectAllMatching={selection.onSelectAllMatching}
      onClear={onClear}
      progress={progress}
    >
      <SelectionAction icon={Download} busy={progress !== null} onClick={exportSelection}>
        <Trans>Export CSV</Trans>
      </SelectionAction>
      <SelectionAction icon={PackageOpen} busy={progress !== null} onClick={() => setConfirmUnassign(true)}>
        <Trans>Return to stock</Trans>
      </SelectionAction>
      <ConfirmDialog
        open={confirmUnassign}
        onOpenChange={(open) => {
          if (progress === null) setConfirmUnassign(open);
        }}
        title={t`Return ${selectedDevicesText} to stock?`}
        description={t`The devices are no longer assigned to anyone and show as in stock. Shared devices stop being shared.`}
        confirmLabel={t`Return to stock`}
        pending={progress !== null}
        pendingLabel={t`Returning…`}
        onConfirm={unassign}
      >
        {progress ? (
          <p role="status" className="mt-3 text-sm text-slate-600">
            {progress}
          </p>
        ) : null}
      </ConfirmDialog>
    </SelectionBar>
  );
}
