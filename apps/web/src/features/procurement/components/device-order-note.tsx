import type { OrderStatus } from '@equip/domain/procurement';
import { Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { Badge } from '@/ui/badge';
import { Skeleton } from '@/ui/skeleton';
import { useOrder } from '../api/orders';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES } from '../lib/procurement-labels';

/** What an order's end means for its devices, where they never arrive (issue 31, item 6). */
function NotArriving({ status }: { status: OrderStatus }) {
  const text =
    status === 'rejected' ? (
      <Trans>The provider rejected the order: this device will not arrive.</Trans>
    ) : status === 'canceled' ? (
      <Trans>The order was cancelled: this device will not arrive.</Trans>
    ) : status === 'undelivered' ? (
      <Trans>The parcel could not be delivered: this device has not arrived.</Trans>
    ) : null;
  if (!text) return null;
  return (
    <span role="note" className="inline-flex items-center gap-1 text-red-700 text-xs">
      <TriangleAlert aria-hidden="true" className="size-3.5 shrink-0" />
      {text}
    </span>
  );
}

/**
 * Where the order a device came from stands, on the device's page (issue 31, item 6): its status with
 * a link to the order, and, when the order was rejected, cancelled or not delivered, that this device
 * will not arrive as ordered.
 */
export function DeviceOrderNote({ orderUuid }: { orderUuid: string }) {
  const order = useOrder(orderUuid);
  if (order.isPending) return <Skeleton className="h-5 w-40" />;
  if (!order.data)
    return (
      <Link
        to={paths.dashboard.orders(orderUuid)}
        className="text-indigo-700 underline-offset-2 hover:underline"
      >
        <Trans>Open the order</Trans>
      </Link>
    );
  const { status, createdAt } = order.data;
  const date = formatDate(createdAt);
  const label = ORDER_STATUS_LABELS[status];
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="inline-flex flex-wrap items-center gap-2">
        <Badge tone={ORDER_STATUS_TONES[status]}>{label}</Badge>
        <Link
          to={paths.dashboard.orders(orderUuid)}
          className="text-indigo-700 underline-offset-2 hover:underline"
        >
          <Trans>Ordered on {date}</Trans>
        </Link>
      </span>
      <NotArriving status={status} />
    </span>
  );
}
