import {
  HR_PROVIDER_NAMES,
  type HrConflict,
  type HrIntegration,
  type HrSyncPreview,
} from '@equip/domain/integrations';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, RefreshCw } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime, formatNumber } from '@/lib/format';
import { translateKnownMessage } from '@/lib/i18n/known-messages';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { useToast } from '@/ui/toast';
import { integrationKeys } from '../api/query-keys';
import { useConflicts, usePreviewSync, useResolveConflict, useRunSync, useSyncRuns } from '../api/sync';
import {
  HR_SYNC_ACTION_LABELS,
  HR_SYNC_RUN_STATUS_LABELS,
  HR_SYNCED_FIELD_LABELS,
} from '../lib/integration-labels';

/** "3 added, 2 updated, 1 skipped, 0 conflicts", in the reader's language. */
function Counts({
  counts,
}: {
  counts: { created: number; updated: number; skipped: number; conflicts: number };
}) {
  const created = formatNumber(counts.created);
  const updated = formatNumber(counts.updated);
  const skipped = formatNumber(counts.skipped);
  const conflicts = formatNumber(counts.conflicts);
  return (
    <span>
      <Trans>
        {created} added, {updated} updated, {skipped} skipped, {conflicts} conflicts
      </Trans>
    </span>
  );
}

/** The preview of the first sync: the counts and one line per person, then "Run first sync". */
function PreviewDialog({
  integration,
  preview,
  open,
  onOpenChange,
  onStarted,
}: {
  integration: HrIntegration;
  preview: HrSyncPreview | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The run was queued (the card then follows it in the sync log). */
  onStarted: () => void;
}) {
  const { t } = useLingui();
  const { toast } = useToast();
  const run = useRunSync();
  const name = HR_PROVIDER_NAMES[integration.provider];
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    run.mutate(integration.provider, {
      onSuccess: () => {
        onOpenChange(false);
        onStarted();
        toast({ variant: 'positive', content: t`The first sync with ${name} has started.` });
      },
      onError: (error) =>
        toast({ variant: 'negative', content: errorMessage(error, t`The sync could not be started.`) }),
    });
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={run.isPending}
      title={t`Preview of the first sync with ${name}`}
      description={t`Nothing has been written yet. Check what the first sync will do, then run it.`}
      className="sm:max-w-3xl"
    >
      <form onSubmit={onSubmit} aria-label={t`First sync`}>
        {preview ? (
          <>
            <p className="text-sm font-medium text-slate-900">
              <Counts counts={preview.counts} />
            </p>
            <div className="mt-3 max-h-80 overflow-auto rounded-lg border border-slate-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t`What the first sync will do`}</caption>
                <thead className="sticky top-0 bg-slate-50 text-slate-600">
                  <tr>
                    <th className="px-3 py-2 font-medium">{t`Person`}</th>
                    <th className="px-3 py-2 font-medium">{t`Action`}</th>
                    <th className="px-3 py-2 font-medium">{t`Details`}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.entries.map((entry) => (
                    <tr key={entry.externalId} className="border-t border-slate-100">
                      <td className="px-3 py-2">
                        <div className="text-slate-900">{entry.name}</div>
                        <div className="text-xs text-slate-500">{entry.email}</div>
                      </td>
                      <td className="px-3 py-2">{HR_SYNC_ACTION_LABELS[entry.action]}</td>
                      <td className="px-3 py-2 text-slate-600">
                        {entry.reason
                          ? translateKnownMessage(entry.reason)
                          : entry.changes
                              .map(
                                (c) =>
                                  `${HR_SYNCED_FIELD_LABELS[c.field]}: ${c.before ?? '–'} → ${c.after ?? '–'}`,
                              )
                              .join('; ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
        <FormDialogActions
          submitLabel={t`Run first sync`}
          pending={run.isPending}
          pendingLabel={t`Starting the sync…`}
        />
      </form>
    </FormDialog>
  );
}

function ConflictRow({ conflict }: { conflict: HrConflict }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const resolve = useResolveConflict();
  const keep = (value: 'HR' | 'EQUIP') =>
    resolve.mutate(
      { uuid: conflict.uuid, keep: value },
      {
        onSuccess: () => toast({ variant: 'positive', content: t`The conflict is resolved.` }),
        onError: (error) =>
          toast({
            variant: 'negative',
            content: errorMessage(error, t`The conflict could not be resolved.`),
          }),
      },
    );
  const field = HR_SYNCED_FIELD_LABELS[conflict.field];
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm">
        <div className="font-medium text-slate-900">
          {conflict.name} · {field}
        </div>
        <div className="text-slate-600">
          {conflict.kind === 'EMAIL_IN_USE'
            ? t`The email is used by another person`
            : t`Edited in Equip after the HR system changed it`}
          {': '}
          <Trans>
            HR system: {conflict.hrValue ?? '–'}, Equip: {conflict.equipValue ?? '–'}
          </Trans>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" variant="secondary" disabled={resolve.isPending} onClick={() => keep('HR')}>
          <Trans>Keep HR value</Trans>
        </Button>
        <Button size="sm" variant="secondary" disabled={resolve.isPending} onClick={() => keep('EQUIP')}>
          <Trans>Keep Equip value</Trans>
        </Button>
      </div>
    </li>
  );
}

/**
 * An integration's HR sync on its card (decision 032): the last sync with its counts, "Preview first
 * sync" (the preview dialog, then "Run first sync") until the setup is completed, "Sync now" after; the
 * sync log and the conflicts to decide.
 */
export function SyncSection({ integration }: { integration: HrIntegration }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const preview = usePreviewSync();
  const run = useRunSync();
  const completed = integration.setupStatus === 'COMPLETED';
  const paused = integration.status === 'INACTIVE';
  const runs = useSyncRuns(integration.provider, logOpen);
  const conflicts = useConflicts(integration.provider, integration.openConflicts > 0);
  const name = HR_PROVIDER_NAMES[integration.provider];
  const last = integration.lastSync;
  // A run the log watched has ended: the card's last sync, setup status and conflicts are read again.
  const queryClient = useQueryClient();
  const newest = runs.data?.items[0];
  const ended = newest && (newest.status === 'succeeded' || newest.status === 'failed');
  useEffect(() => {
    if (ended && newest && (newest.uuid !== last?.uuid || newest.status !== last?.status))
      void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
  }, [ended, newest, last?.uuid, last?.status, queryClient]);

  return (
    <section className="mt-4 border-t border-slate-100 pt-4" aria-label={t`Sync with ${name}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="text-sm">
          <div className="text-slate-500">
            <Trans>Last sync</Trans>
          </div>
          {last ? (
            <div className="text-slate-900">
              {last.finishedAt ? `${formatDateTime(last.finishedAt)} · ` : null}
              <Badge
                tone={last.status === 'failed' ? 'red' : last.status === 'succeeded' ? 'green' : 'neutral'}
              >
                {HR_SYNC_RUN_STATUS_LABELS[last.status]}
              </Badge>{' '}
              {last.status === 'failed' && last.error ? (
                <span className="text-red-700">{translateKnownMessage(last.error)}</span>
              ) : (
                <Counts counts={last} />
              )}
            </div>
          ) : (
            <div className="text-slate-900">
              <Trans>Never synced</Trans>
            </div>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {completed ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={paused}
              loading={run.isPending}
              onClick={() =>
                run.mutate(integration.provider, {
                  onSuccess: () => {
                    setLogOpen(true);
                    toast({ variant: 'positive', content: t`The sync with ${name} has started.` });
                  },
                  onError: (error) =>
                    toast({
                      variant: 'negative',
                      content: errorMessage(error, t`The sync could not be started.`),
                    }),
                })
              }
            >
              {run.isPending ? null : <RefreshCw aria-hidden="true" />}
              <Trans>Sync now</Trans>
            </Button>
          ) : (
            <Button
              size="sm"
              disabled={paused}
              loading={preview.isPending}
              onClick={() =>
                preview.mutate(integration.provider, {
                  onSuccess: () => setPreviewOpen(true),
                  onError: (error) =>
                    toast({
                      variant: 'negative',
                      content: errorMessage(error, t`The first sync could not be previewed.`),
                    }),
                })
              }
            >
              {preview.isPending ? null : <Eye aria-hidden="true" />}
              <Trans>Preview first sync</Trans>
            </Button>
          )}
          <Button size="sm" variant="ghost" aria-expanded={logOpen} onClick={() => setLogOpen((o) => !o)}>
            {logOpen ? <Trans>Hide sync log</Trans> : <Trans>Sync log</Trans>}
          </Button>
        </div>
      </div>

      {integration.openConflicts > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">
            <Trans>Conflicts to decide</Trans>
          </h3>
          <ul className="divide-y divide-slate-100" aria-label={t`Conflicts to decide`}>
            {(conflicts.data?.items ?? []).map((c) => (
              <ConflictRow key={c.uuid} conflict={c} />
            ))}
          </ul>
        </div>
      ) : null}

      {logOpen ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">
            <Trans>Sync log</Trans>
          </h3>
          {runs.data && runs.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">
              <Trans>No sync has run yet.</Trans>
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" aria-label={t`Sync log`}>
              {(runs.data?.items ?? []).map((r) => (
                <li key={r.uuid} className="py-2">
                  <span className="text-slate-900">{formatDateTime(r.finishedAt ?? r.createdAt)}</span>{' '}
                  <Badge
                    tone={r.status === 'failed' ? 'red' : r.status === 'succeeded' ? 'green' : 'neutral'}
                  >
                    {HR_SYNC_RUN_STATUS_LABELS[r.status]}
                  </Badge>{' '}
                  {r.status === 'failed' && r.error ? (
                    <span className="text-red-700">{translateKnownMessage(r.error)}</span>
                  ) : (
                    <Counts counts={r} />
                  )}
                  {r.entries.length > 0 ? (
                    <ul className="mt-1 text-xs text-slate-600">
                      {r.entries.map((e) => (
                        <li key={`${r.uuid}-${e.externalId}`}>
                          {e.name}: {HR_SYNC_ACTION_LABELS[e.action]}
                          {e.changes.length > 0
                            ? ` (${e.changes.map((c) => `${HR_SYNCED_FIELD_LABELS[c.field]}: ${c.before ?? '–'} → ${c.after ?? '–'}`).join('; ')})`
                            : e.reason
                              ? ` (${translateKnownMessage(e.reason)})`
                              : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}

      <PreviewDialog
        integration={integration}
        preview={preview.data}
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        onStarted={() => setLogOpen(true)}
      />
    </section>
  );
}
