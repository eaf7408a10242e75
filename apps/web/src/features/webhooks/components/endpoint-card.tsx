import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@equip/domain/webhooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronRight, KeyRound, Pencil, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { useListState } from '@/lib/list-state/use-list-state';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { deliveriesListBinding } from '../deliveries-list-slice';
import { DeliveriesTable } from './deliveries-table';
import { EditEndpointDialog } from './endpoint-form-dialog';

/**
 * One endpoint: its address, description and event types; edit them (and whether it is enabled),
 * enable or disable, send a test event, rotate the secret and delete (both confirmed); and, opened, its deliveries (one endpoint's at a time, named by
 * the address).
 */
export function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useLingui();
  const { toast } = useToast();
  // One endpoint's deliveries are open at a time, and the address says whose (`?deliveries=<uuid>`).
  const deliveries = useListState(deliveriesListBinding, 'all');
  const showDeliveries = deliveries.url.filters.endpoint === endpoint.uuid;
  function setShowDeliveries(show: boolean) {
    if (show === showDeliveries) return;
    // Another endpoint's status filter and page do not carry over.
    deliveries.resetFilters();
    if (show) deliveries.setFilter('endpoint', endpoint.uuid);
  }
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const [editing, setEditing] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestWebhook(endpoint.uuid);
  const deliveriesId = useId();
  const failed = (fallback: string) => (error: Error) =>
    toast({ variant: 'negative', content: errorMessage(error, fallback) });

  function setEnabled(enabled: boolean) {
    update.mutate(
      { uuid: endpoint.uuid, input: { enabled } },
      {
        onSuccess: () =>
          toast({ variant: 'positive', content: enabled ? t`Endpoint enabled.` : t`Endpoint disabled.` }),
        onError: failed(t`The endpoint could not be changed.`),
      },
    );
  }

  function sendTest() {
    test.mutate(undefined, {
      onSuccess: () => {
        setShowDeliveries(true);
        toast({ variant: 'info', content: t`Test event sent.` });
      },
      onError: failed(t`The test event could not be sent.`),
    });
  }

  return (
    <Card className="p-5">
      <div className="flex flex-col gap-3 xl:flex-row xl:items-start xl:justify-between">
        <div className="min-w-0 flex-1">
          <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
            <span className="font-mono break-all">{endpoint.url}</span>
            {endpoint.enabled ? (
              <Badge tone="green" dot>
                <Trans>Enabled</Trans>
              </Badge>
            ) : (
              <Badge tone="neutral" dot>
                <Trans>Disabled</Trans>
              </Badge>
            )}
          </h3>
          {endpoint.description ? (
            <p className="mt-1 text-sm text-slate-600">{endpoint.description}</p>
          ) : null}
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t`Event types`}>
            {endpoint.eventTypes.map((type) => (
              <li key={type}>
                <Badge tone="indigo">{type}</Badge>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="secondary" size="sm" loading={test.isPending} onClick={sendTest}>
            {test.isPending ? null : <Send aria-hidden="true" />}
            <Trans>Send test event</Trans>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={update.isPending}
            onClick={() => setEnabled(!endpoint.enabled)}
          >
            {endpoint.enabled ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            <Trans>Edit</Trans>
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirm('rotate')}>
            <KeyRound aria-hidden="true" />
            <Trans>Rotate secret</Trans>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirm('delete')}>
            <Trash2 aria-hidden="true" />
            <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
      <button
        type="button"
        className="mt-4 inline-flex items-center gap-1 rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        aria-expanded={showDeliveries}
        aria-controls={deliveriesId}
        onClick={() => setShowDeliveries(!showDeliveries)}
      >
        {showDeliveries ? (
          <ChevronDown aria-hidden="true" className="size-4" />
        ) : (
          <ChevronRight aria-hidden="true" className="size-4" />
        )}
        <Trans>Deliveries</Trans>
      </button>
      <div id={deliveriesId} className="mt-3" hidden={!showDeliveries}>
        {showDeliveries ? (
          <DeliveriesTable endpointUuid={endpoint.uuid} endpointLabel={endpoint.url} />
        ) : null}
      </div>

      <EditEndpointDialog endpoint={endpoint} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
        title={t`Delete this endpoint?`}
        description={t`${endpoint.url} stops receiving events, and its deliveries are deleted. This cannot be undone.`}
        confirmLabel={t`Delete endpoint`}
        tone="danger"
        pending={remove.isPending}
        pendingLabel={t`Deleting…`}
        onConfirm={() =>
          remove.mutate(endpoint.uuid, {
            onSuccess: () => {
              setConfirm(null);
              toast({ variant: 'positive', content: t`Endpoint deleted.` });
            },
            onError: failed(t`The endpoint could not be deleted.`),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(open) => setConfirm(open ? 'rotate' : null)}
        title={t`Rotate the signing secret?`}
        description={t`The current secret stops working at once: update your receiver with the new one.`}
        confirmLabel={t`Rotate secret`}
        pending={rotate.isPending}
        pendingLabel={t`Rotating…`}
        onConfirm={() =>
          rotate.mutate(endpoint.uuid, {
            onSuccess: (rotated) => {
              setConfirm(null);
              onSecret(rotated);
            },
            onError: failed(t`The secret could not be rotated.`),
          })
        }
      />
    </Card>
  );
}
