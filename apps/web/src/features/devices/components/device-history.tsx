import type { EventType } from '@equip/domain/audit-log';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '@/lib/format';
import { LoadError } from '@/ui/load-error';
import { Skeleton } from '@/ui/skeleton';
import { useDeviceHistory } from '../api/get-device-history';

/** What happened to a device, in words (other entries read as a change). */
const EVENT_LABELS: Partial<Record<EventType, MessageDescriptor>> = {
  DEVICE_ADDED: msg`Added`,
  DEVICE_UPDATED: msg`Details changed`,
  DEVICE_ASSIGNED: msg`Assigned`,
  DEVICE_UNASSIGNED: msg`Assignment removed`,
  DEVICE_STATUS_CHANGED: msg`Status changed`,
  DEVICE_ENROLLED: msg`Enrolled`,
  DEVICE_ACTION_SENT: msg`Action sent`,
  DEVICE_ACTION_COMPLETED: msg`Action finished`,
  DEVICE_RETURNED: msg`Returned`,
  SECURITY_ALERT: msg`Security alert`,
  SOFTWARE_PATCHED: msg`Software patched`,
};
const OTHER_EVENT = msg`Changed`;

/** A device's history, newest first: what happened, when and by whom (it-3077-device-history). */
export function DeviceHistorySection({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useLingui();
  const history = useDeviceHistory(deviceId);
  return (
    <section className="px-6 py-5" aria-labelledby={`history-${deviceId}`}>
      <h3 id={`history-${deviceId}`} className="mb-3 text-sm font-semibold text-slate-900">
        <Trans>History</Trans>
      </h3>
      {history.isPending ? (
        <div className="space-y-2">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-2/3" />
        </div>
      ) : history.isError ? (
        <LoadError
          error={history.error}
          fallback={t`Could not load the history.`}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : history.data.length === 0 ? (
        <p className="text-sm text-slate-500">
          <Trans>Nothing has happened to this device yet.</Trans>
        </p>
      ) : (
        <ol className="space-y-3 border-l border-slate-200 pl-4">
          {history.data.map((entry) => {
            const actor = entry.actorName;
            return (
              <li key={entry.uuid} className="relative text-sm">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-indigo-500"
                />
                <p className="font-medium text-slate-900">
                  {i18n._(EVENT_LABELS[entry.type] ?? OTHER_EVENT)}
                </p>
                <p className="text-xs text-slate-500">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {' · '}
                  {actor ? <Trans>by {actor}</Trans> : <Trans>by the system</Trans>}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
