import type { MdmProvider } from '@equip/domain/mdm';
import { type MdmInventorySync, syncPending } from '@equip/domain/mdm-connections';
import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCcw } from 'lucide-react';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime, formatNumber } from '@/lib/format';
import { Button } from '@/ui/button';
import { useToast } from '@/ui/toast';
import { useSyncMdmConnection } from '../api/sync-mdm-connection';

/**
 * A connected server's inventory sync on its card (decision 025): the "Last sync" line of its details —
 * when it finished and what it did (devices new, changed, no longer in the MDM), or why it failed, or that
 * one is waiting or running.
 */
export function LastSyncDetails({ sync }: { sync: MdmInventorySync }) {
  const running = syncPending(sync);
  return (
    <>
      <dt className="text-slate-500">
        <Trans>Last sync</Trans>
      </dt>
      <dd className="text-slate-900" aria-live="polite">
        {running ? (
          <span className="text-slate-600">
            {sync.startedAt && (!sync.requestedAt || sync.startedAt >= sync.requestedAt) ? (
              <Trans>Syncing devices…</Trans>
            ) : (
              <Trans>Sync requested…</Trans>
            )}
          </span>
        ) : !sync.finishedAt ? (
          <Trans>Never</Trans>
        ) : sync.error ? (
          <SyncFailed finishedAt={sync.finishedAt} reason={sync.error} />
        ) : (
          <SyncCounts finishedAt={sync.finishedAt} counts={sync.counts} />
        )}
      </dd>
    </>
  );
}

function SyncFailed({ finishedAt, reason }: { finishedAt: string; reason: string }) {
  const at = formatDateTime(finishedAt);
  return (
    <span className="text-red-700">
      <Trans>
        {at}: failed ({reason})
      </Trans>
    </span>
  );
}

function SyncCounts({ finishedAt, counts }: { finishedAt: string; counts: MdmInventorySync['counts'] }) {
  const at = formatDateTime(finishedAt);
  if (!counts) return <>{at}</>;
  const created = formatNumber(counts.created);
  const updated = formatNumber(counts.updated);
  const missing = formatNumber(counts.missing);
  return (
    <Trans>
      {at}: {created} new, {updated} changed, {missing} no longer in the MDM
    </Trans>
  );
}

/** "Sync now": asks for the connection's sync; the card then follows it until it has finished. */
export function SyncNowButton({ provider, sync }: { provider: MdmProvider; sync: MdmInventorySync }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const request = useSyncMdmConnection();
  const busy = request.isPending || syncPending(sync);
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      onClick={() =>
        request.mutate(provider, {
          onError: (error) =>
            toast({ variant: 'negative', content: errorMessage(error, t`The sync could not be started.`) }),
        })
      }
    >
      {busy ? null : <RefreshCcw aria-hidden="true" />}
      <Trans>Sync now</Trans>
    </Button>
  );
}
