import { type WebhookDelivery, WebhookDeliveryStatus } from '@equip/domain/webhooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { Inbox, RotateCw } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { useListTable } from '@/lib/list-state/use-list-table';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { actionsColumn } from '@/ui/data-table/actions-column';
import { DataTable } from '@/ui/data-table/data-table';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { noMatchesState } from '@/ui/data-table/no-matches';
import { MultiSelect } from '@/ui/multi-select';
import { useToast } from '@/ui/toast';
import { DELIVERIES_PAGE_SIZE, getWebhookDeliveriesQueryOptions } from '../api/get-webhook-deliveries';
import { useRedeliverWebhook } from '../api/redeliver-webhook';
import { deliveriesListBinding } from '../deliveries-list-slice';
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUS_TONES } from '../lib/event-types';

const column = createColumnHelper<WebhookDelivery>();
const rowId = (delivery: WebhookDelivery) => delivery.uuid;

function StatusCell({ delivery }: { delivery: WebhookDelivery }) {
  const { i18n } = useLingui();
  return (
    <>
      <Badge tone={DELIVERY_STATUS_TONES[delivery.status]} dot>
        {i18n._(DELIVERY_STATUS_LABELS[delivery.status])}
      </Badge>
      {delivery.lastError ? (
        <span className="mt-1 block max-w-48 truncate text-xs text-slate-500" title={delivery.lastError}>
          {delivery.lastError}
        </span>
      ) : null}
    </>
  );
}

function DurationCell({ milliseconds }: { milliseconds: number | null }) {
  const { t } = useLingui();
  return milliseconds === null ? '–' : t`${formatNumber(milliseconds)} ms`;
}

function RedeliverButton({
  delivery,
  pending,
  onRedeliver,
}: {
  delivery: WebhookDelivery;
  pending: boolean;
  onRedeliver: (uuid: string) => void;
}) {
  const { t } = useLingui();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={pending}
      onClick={() => onRedeliver(delivery.uuid)}
      aria-label={t`Redeliver ${delivery.eventType} of ${formatDateTime(delivery.createdAt)}`}
    >
      <RotateCw aria-hidden="true" />
      <Trans>Redeliver</Trans>
    </Button>
  );
}

/** Event type, status (with the last error), status code, duration, attempts, time, and Redeliver. */
function deliveryColumns(redelivering: string | undefined, onRedeliver: (uuid: string) => void) {
  return [
    column.accessor('eventType', {
      header: () => <Trans>Event type</Trans>,
      cell: ({ getValue }) => <span className="font-mono text-xs">{getValue()}</span>,
    }),
    column.accessor('status', {
      header: () => <Trans>Status</Trans>,
      meta: { skeleton: 'badge' },
      cell: ({ row }) => <StatusCell delivery={row.original} />,
    }),
    column.accessor('lastStatusCode', {
      header: () => <Trans>Status code</Trans>,
      meta: { className: 'text-right tabular-nums' },
      cell: ({ getValue }) => getValue() ?? '–',
    }),
    column.accessor('lastDurationMs', {
      header: () => <Trans>Duration</Trans>,
      meta: { className: 'text-right tabular-nums' },
      cell: ({ getValue }) => <DurationCell milliseconds={getValue()} />,
    }),
    column.accessor('attempts', {
      header: () => <Trans>Attempts</Trans>,
      meta: { className: 'text-right tabular-nums' },
      cell: ({ getValue }) => formatNumber(getValue()),
    }),
    column.accessor('createdAt', {
      header: () => <Trans>Time</Trans>,
      meta: { sortKey: 'createdAt' },
      cell: ({ row }) => formatDateTime(row.original.lastAttemptAt ?? row.original.createdAt),
    }),
    actionsColumn<WebhookDelivery>(({ row }) => (
      <RedeliverButton
        delivery={row.original}
        pending={redelivering === row.original.uuid}
        onRedeliver={onRedeliver}
      />
    )),
  ];
}

/**
 * An endpoint's deliveries on the list machinery (`deliveriesList`): filtered by status, sorted by time
 * and paged by the server, in the address with the open endpoint; each with a Redeliver button.
 */
export function DeliveriesTable({
  endpointUuid,
  endpointLabel,
}: {
  endpointUuid: string;
  endpointLabel: string;
}) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const queryOptions = useCallback(
    (params: ListPageParams) => getWebhookDeliveriesQueryOptions(endpointUuid, params),
    [endpointUuid],
  );
  const table = useListTable(deliveriesListBinding, 'all', {
    queryOptions,
    pageSize: DELIVERIES_PAGE_SIZE,
    getRowId: rowId,
  });
  const redeliver = useRedeliverWebhook(endpointUuid);
  const redelivering = redeliver.isPending ? redeliver.variables : undefined;
  const columns = useMemo(
    () =>
      deliveryColumns(redelivering, (deliveryUuid) =>
        redeliver.mutate(deliveryUuid, {
          onSuccess: () => toast({ variant: 'info', content: t`Delivering again.` }),
          onError: (error) =>
            toast({
              variant: 'negative',
              content: errorMessage(error, t`The delivery could not be repeated.`),
            }),
        }),
      ),
    [redelivering, redeliver.mutate, toast, t],
  );
  const statusOptions = WebhookDeliveryStatus.options.map((value) => ({
    value,
    label: i18n._(DELIVERY_STATUS_LABELS[value]),
  }));
  // Resetting the filters keeps these deliveries open (the endpoint is where the list is, not a filter).
  const clearStatus = () => table.setFilter('status', []);

  return (
    <div className="space-y-3">
      <FilterBar
        label={t`Filter deliveries`}
        isDefault={table.state.filters.status.length === 0}
        onReset={clearStatus}
      >
        <MultiSelect
          label={t`Status`}
          options={statusOptions}
          value={table.state.filters.status}
          onValueChange={(value) => table.setFilter('status', value)}
        />
      </FilterBar>
      <DataTable
        {...table.tableProps}
        label={t`Deliveries to ${endpointLabel}`}
        columns={columns}
        messages={{ loading: t`Loading deliveries…`, error: t`The deliveries could not be loaded.` }}
        empty={
          table.hasDefaultFilters
            ? {
                icon: Inbox,
                headingLevel: 3,
                title: t`No deliveries yet`,
                description: t`Deliveries show here once an event happens, or send a test event.`,
              }
            : noMatchesState(
                t`No deliveries with this status`,
                t`Choose other statuses, or show them all.`,
                clearStatus,
              )
        }
        pagination={{ ...table.tableProps.pagination, label: t`Deliveries pages` }}
      />
    </div>
  );
}
