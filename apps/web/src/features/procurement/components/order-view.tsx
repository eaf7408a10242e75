import type { OrderDetail, OrderTrackingEvent } from '@equip/domain/procurement';
import { shipmentCategory } from '@equip/domain/procurement';
import { Trans, useLingui } from '@lingui/react/macro';
import { Ban, CircleDot, Truck } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { useFeatureFlag } from '@/lib/flags-context';
import { formatDate, formatDateTime, formatNumber, fullName } from '@/lib/format';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { LoadError } from '@/ui/load-error';
import { Skeleton } from '@/ui/skeleton';
import { Tabs } from '@/ui/tabs';
import { useCancelOrder, useOrder } from '../api/orders';
import {
  ORDER_STATUS_LABELS,
  PURCHASE_TYPE_LABELS,
  SHIPMENT_CATEGORY_LABELS,
  SHIPMENT_STATE_LABELS,
} from '../lib/procurement-labels';
import { DeliveryAddressText } from './delivery-address-text';
import { OrderStatusBadge, OrderTotal } from './orders-table';

export const ORDER_TABS = ['summary', 'devices'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Whether the provider may still cancel it: not final, and its parcel has not left (the server decides). */
function mayCancel(order: OrderDetail): boolean {
  if (!['created', 'confirmed', 'in-progress'].includes(order.status)) return false;
  return order.shipmentState === null || shipmentCategory(order.shipmentState) === 'data';
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

function eventText(event: OrderTrackingEvent): string[] {
  return [
    ...(event.status ? [ORDER_STATUS_LABELS[event.status]] : []),
    ...(event.shipmentState ? [SHIPMENT_STATE_LABELS[event.shipmentState]] : []),
  ];
}

/** Every status and shipment event of the order, newest first (behind `it-1583-order-tracking`). */
function TrackingTimeline({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const events = [...order.tracking].reverse();
  return (
    <section aria-labelledby="order-tracking" className="space-y-3">
      <h3 id="order-tracking" className="text-sm font-semibold text-slate-900">
        <Trans>Tracking</Trans>
      </h3>
      {events.length === 0 ? (
        <p className="text-sm text-slate-500">
          <Trans>No tracking events yet.</Trans>
        </p>
      ) : (
        <ol aria-label={t`Tracking events`} className="space-y-3 border-l border-slate-200 pl-4">
          {events.map((event) => (
            <li key={`${event.at}-${event.status}-${event.shipmentState}`} className="relative text-sm">
              <span
                aria-hidden="true"
                className="absolute top-1 -left-[1.4rem] rounded-full bg-white text-indigo-600"
              >
                {event.shipmentState ? <Truck className="size-3.5" /> : <CircleDot className="size-3.5" />}
              </span>
              <p className="font-medium text-slate-900">{eventText(event).join(' · ')}</p>
              <p className="text-xs text-slate-500">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                {event.shipmentState
                  ? ` · ${SHIPMENT_CATEGORY_LABELS[shipmentCategory(event.shipmentState)]}`
                  : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function OrderSummaryTab({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const tracking = useFeatureFlag('it-1583-order-tracking');
  const address = order.deliveryAddress;
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <dl className="grid content-start gap-4 sm:grid-cols-2">
        <Field label={t`For`}>
          {order.recipient ? fullName(order.recipient) : t`The organisation's stock`}
        </Field>
        <Field label={t`Payment`}>{PURCHASE_TYPE_LABELS[order.purchaseType]}</Field>
        <Field label={t`Total`}>
          <OrderTotal order={order} />
        </Field>
        <Field label={t`Ordered`}>
          <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        </Field>
        <Field label={t`Devices`}>{formatNumber(order.itemCount)}</Field>
        <Field label={t`Parcel`}>
          {order.carrier ? `${order.carrier} · ${order.trackingNumber ?? ''}` : t`Not shipped yet`}
        </Field>
        {address ? (
          <Field label={t`Delivery address`}>
            <DeliveryAddressText address={address} />
          </Field>
        ) : null}
      </dl>
      {tracking ? <TrackingTimeline order={order} /> : null}
    </div>
  );
}

function OrderDevicesTab({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  return (
    <ul
      aria-label={t`Ordered devices`}
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
    >
      {order.items.map((item) => (
        <li key={item.uuid} className="flex justify-between gap-3 px-4 py-2.5 text-sm">
          <span className="text-slate-900">{item.label}</span>
          <span className="text-slate-500 tabular-nums">
            <Trans>× {formatNumber(item.quantity)}</Trans>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One order at its own address: its summary (with the tracking timeline) or its devices, and Cancel. */
export function OrderView({
  uuid,
  tab,
  onTab,
  onShowRecipient,
}: {
  uuid: string;
  tab: OrderTab;
  onTab: (tab: OrderTab) => void;
  onShowRecipient: (personUuid: string) => void;
}) {
  const { t } = useLingui();
  const order = useOrder(uuid);
  const cancel = useCancelOrder();
  const [confirm, setConfirm] = useState(false);
  if (order.isPending)
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only">
          <Trans>Loading the order…</Trans>
        </span>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (order.isError)
    return (
      <LoadError
        error={order.error}
        fallback={t`Could not load the order`}
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
      />
    );
  const data = order.data;
  const name = data.recipient ? fullName(data.recipient) : t`the organisation's stock`;
  return (
    <section
      aria-labelledby="order-title"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id="order-title" className="text-lg font-semibold text-slate-900">
            <Trans>Order for {name}</Trans>
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={data.status} />
            {data.shipmentState ? (
              <span className="text-sm text-slate-500">{SHIPMENT_STATE_LABELS[data.shipmentState]}</span>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {data.recipient ? (
            <Button variant="ghost" size="sm" onClick={() => onShowRecipient(data.recipient!.uuid)}>
              <Trans>All orders for {name}</Trans>
            </Button>
          ) : null}
          {mayCancel(data) ? (
            <Button variant="secondary" size="sm" onClick={() => setConfirm(true)}>
              <Ban aria-hidden="true" />
              <Trans>Cancel order</Trans>
            </Button>
          ) : null}
        </div>
      </div>
      {cancel.isError ? (
        <Alert variant="error">{errorMessage(cancel.error, t`Could not cancel the order`)}</Alert>
      ) : null}
      <Tabs
        label={t`Order view`}
        value={tab}
        onValueChange={onTab}
        tabs={[
          { id: 'summary', label: t`Summary`, content: <OrderSummaryTab order={data} /> },
          { id: 'devices', label: t`Devices`, content: <OrderDevicesTab order={data} /> },
        ]}
      />
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        tone="danger"
        title={t`Cancel this order?`}
        description={t`TopiComspot stops the order; its devices are not delivered.`}
        confirmLabel={t`Cancel order`}
        cancelLabel={t`Keep the order`}
        pending={cancel.isPending}
        pendingLabel={t`Cancelling…`}
        onConfirm={() => cancel.mutate(uuid, { onSettled: () => setConfirm(false) })}
      />
    </section>
  );
}
