import { Trans, useLingui } from '@lingui/react/macro';
import { Inbox, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime, formatNumber } from '@/lib/format';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import {
  ActionsTh,
  Pagination,
  Table,
  TableErrorRow,
  TableFrame,
  TableHead,
  TableMessageRow,
  TableSkeletonRows,
  Td,
  Th,
} from '@/ui/table';
import { useToast } from '@/ui/toast';
import { DELIVERIES_PAGE_SIZE, useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhook } from '../api/redeliver-webhook';
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUS_TONES } from '../lib/event-types';

const COLUMNS = 7;

/** An endpoint's deliveries, newest first, a page at a time, each with a Redeliver button. */
export function DeliveriesTable({
  endpointUuid,
  endpointLabel,
}: {
  endpointUuid: string;
  endpointLabel: string;
}) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(0);
  const deliveries = useWebhookDeliveries(endpointUuid, page * DELIVERIES_PAGE_SIZE);
  const redeliver = useRedeliverWebhook(endpointUuid);
  const { toast } = useToast();

  function again(deliveryUuid: string) {
    redeliver.mutate(deliveryUuid, {
      onSuccess: () => toast({ variant: 'info', content: t`Delivering again.` }),
      onError: (error) =>
        toast({ variant: 'negative', content: errorMessage(error, t`The delivery could not be repeated.`) }),
    });
  }

  return (
    <div className="space-y-3">
      <TableFrame loadingLabel={deliveries.isPending ? t`Loading deliveries…` : undefined}>
        <Table aria-label={t`Deliveries to ${endpointLabel}`}>
          <TableHead>
            <tr>
              <Th>
                <Trans>Event type</Trans>
              </Th>
              <Th>
                <Trans>Status</Trans>
              </Th>
              <Th className="text-right">
                <Trans>Status code</Trans>
              </Th>
              <Th className="text-right">
                <Trans>Duration</Trans>
              </Th>
              <Th className="text-right">
                <Trans>Attempts</Trans>
              </Th>
              <Th>
                <Trans>Time</Trans>
              </Th>
              <ActionsTh />
            </tr>
          </TableHead>
          <tbody>
            {deliveries.isPending ? (
              <TableSkeletonRows rows={3} cells={['text', 'badge', 'text', 'text', 'text', 'text', 'none']} />
            ) : deliveries.isError ? (
              <TableErrorRow
                colSpan={COLUMNS}
                title={t`The deliveries could not be loaded.`}
                error={deliveries.error}
                onRetry={() => deliveries.refetch()}
              />
            ) : deliveries.data.items.length === 0 ? (
              <TableMessageRow
                colSpan={COLUMNS}
                icon={Inbox}
                headingLevel={3}
                title={t`No deliveries yet`}
                description={t`Deliveries show here once an event happens, or send a test event.`}
              />
            ) : (
              deliveries.data.items.map((delivery) => (
                <tr key={delivery.uuid}>
                  <Td className="font-mono text-xs">{delivery.eventType}</Td>
                  <Td>
                    <Badge tone={DELIVERY_STATUS_TONES[delivery.status]} dot>
                      {i18n._(DELIVERY_STATUS_LABELS[delivery.status])}
                    </Badge>
                    {delivery.lastError ? (
                      <span
                        className="mt-1 block max-w-48 truncate text-xs text-slate-500"
                        title={delivery.lastError}
                      >
                        {delivery.lastError}
                      </span>
                    ) : null}
                  </Td>
                  <Td className="text-right tabular-nums">{delivery.lastStatusCode ?? '–'}</Td>
                  <Td className="text-right whitespace-nowrap tabular-nums">
                    {delivery.lastDurationMs === null ? '–' : t`${formatNumber(delivery.lastDurationMs)} ms`}
                  </Td>
                  <Td className="text-right tabular-nums">{formatNumber(delivery.attempts)}</Td>
                  <Td className="whitespace-nowrap">
                    {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                  </Td>
                  <Td className="text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={redeliver.isPending && redeliver.variables === delivery.uuid}
                      onClick={() => again(delivery.uuid)}
                      aria-label={t`Redeliver ${delivery.eventType} of ${formatDateTime(delivery.createdAt)}`}
                    >
                      <RotateCw aria-hidden="true" />
                      <Trans>Redeliver</Trans>
                    </Button>
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </TableFrame>
      {deliveries.data && deliveries.data.total > DELIVERIES_PAGE_SIZE ? (
        <Pagination
          page={page}
          pageSize={DELIVERIES_PAGE_SIZE}
          total={deliveries.data.total}
          onPageChange={setPage}
          label={t`Deliveries pages`}
        />
      ) : null}
    </div>
  );
}
