import { OrderPurchaseType, OrderStatus, type OrderSummary } from '@equip/domain/procurement';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { PackageSearch, ShoppingCart, X } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime, formatNumber, fullName } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { DataTable } from '@/ui/data-table/data-table';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { ListCount } from '@/ui/data-table/list-count';
import { noMatchesState } from '@/ui/data-table/no-matches';
import type { EmptyStateProps } from '@/ui/empty-state';
import { MultiSelect } from '@/ui/multi-select';
import { getOrdersQueryOptions, ORDERS_PAGE_SIZE } from '../api/orders';
import { formatCents } from '../lib/money';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TONES,
  PURCHASE_TYPE_LABELS,
  SHIPMENT_STATE_LABELS,
} from '../lib/procurement-labels';
import { ordersListBinding } from '../orders-list-slice';

const column = createColumnHelper<OrderSummary>();
const rowId = (order: OrderSummary) => order.uuid;

function ordersCount(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} order`, other: `${n} orders` });
}

export function OrderStatusBadge({ status }: { status: OrderSummary['status'] }) {
  return (
    <Badge tone={ORDER_STATUS_TONES[status]} dot>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The order's total: once, or per month for a rented order. */
export function OrderTotal({ order }: { order: Pick<OrderSummary, 'totalCents' | 'purchaseType'> }) {
  const amount = formatCents(order.totalCents);
  return (
    <span className="tabular-nums">
      {order.purchaseType === 'rent' ? <Trans>{amount} / month</Trans> : amount}
    </span>
  );
}

const ORDER_COLUMNS = [
  column.accessor('createdAt', {
    header: () => <Trans>Ordered</Trans>,
    meta: { sortKey: 'createdAt', className: 'w-32' },
    cell: (info) => (
      <time dateTime={info.getValue()} title={formatDateTime(info.getValue())}>
        {formatDate(info.getValue())}
      </time>
    ),
  }),
  column.accessor('recipient', {
    header: () => <Trans>For</Trans>,
    meta: { className: 'min-w-48 max-w-72', skeleton: 'person' },
    cell: (info) => {
      const person = info.getValue();
      return person ? (
        <span className="font-medium text-slate-900">{fullName(person)}</span>
      ) : (
        <span className="text-slate-500">
          <Trans>Organisation's stock</Trans>
        </span>
      );
    },
  }),
  column.accessor('status', {
    header: () => <Trans>Status</Trans>,
    meta: { sortKey: 'status', className: 'w-52' },
    cell: ({ row }) => (
      <div className="space-y-0.5">
        <OrderStatusBadge status={row.original.status} />
        {row.original.shipmentState ? (
          <p className="text-xs text-slate-500">{SHIPMENT_STATE_LABELS[row.original.shipmentState]}</p>
        ) : null}
      </div>
    ),
  }),
  column.accessor('itemCount', {
    header: () => <Trans>Devices</Trans>,
    meta: { className: 'w-24', priority: 2 },
    cell: (info) => <span className="tabular-nums">{formatNumber(info.getValue())}</span>,
  }),
  column.accessor('purchaseType', {
    header: () => <Trans>Payment</Trans>,
    meta: { className: 'w-28', priority: 1 },
    cell: (info) => PURCHASE_TYPE_LABELS[info.getValue()],
  }),
  column.accessor('totalCents', {
    header: () => <Trans>Total</Trans>,
    meta: { className: 'w-36', priority: 3 },
    cell: ({ row }) => <OrderTotal order={row.original} />,
  }),
];

/**
 * The organisation's orders on the list machinery: search, statuses, purchase types and a recipient in
 * the URL; newest first; a row opens the order at its own address. Orders still moving are asked for
 * again while the list shows them.
 */
export function OrdersTable({ onOpen }: { onOpen: (uuid: string) => void }) {
  const { t } = useLingui();
  const table = useListTable(ordersListBinding, 'all', {
    queryOptions: getOrdersQueryOptions,
    pageSize: ORDERS_PAGE_SIZE,
    getRowId: rowId,
  });
  const filters = table.state.filters;
  const recipientFilter = filters.recipientUserUuids;
  const recipientName = (() => {
    const person = table.query.data?.items.find(
      (order) => order.recipient?.uuid === recipientFilter,
    )?.recipient;
    return person ? fullName(person) : t`one person`;
  })();
  const empty: EmptyStateProps = table.hasDefaultFilters
    ? {
        icon: PackageSearch,
        title: t`No orders yet`,
        description: t`Orders you place for new hardware are listed here with their devices and delivery tracking.`,
        action: (
          <Button asChild>
            <Link to={paths.dashboard.orderWizard()}>
              <ShoppingCart aria-hidden="true" />
              <Trans>Order hardware</Trans>
            </Link>
          </Button>
        ),
      }
    : noMatchesState(
        t`No orders match these filters`,
        t`Try other words or fewer filters.`,
        table.resetFilters,
      );
  return (
    <div className="space-y-3">
      <FilterBar
        label={t`Filter orders`}
        isDefault={table.hasDefaultFilters}
        onReset={table.resetFilters}
        trailing={<ListCount>{table.query.data ? ordersCount(table.total) : null}</ListCount>}
      >
        <DebouncedSearch
          label={t`Search orders`}
          placeholder={t`Person or device`}
          value={filters.textSearchQuery}
          onCommit={(text) => table.setFilter('textSearchQuery', text)}
          className="w-full sm:w-64"
        />
        <MultiSelect
          label={t`Status`}
          options={OrderStatus.options.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
          value={filters.statuses}
          onValueChange={(value) => table.setFilter('statuses', value)}
        />
        <MultiSelect
          label={t`Payment`}
          options={OrderPurchaseType.options.map((value) => ({ value, label: PURCHASE_TYPE_LABELS[value] }))}
          value={filters.purchaseTypes}
          onValueChange={(value) => table.setFilter('purchaseTypes', value)}
        />
        {recipientFilter ? (
          <Button variant="secondary" size="sm" onClick={() => table.setFilter('recipientUserUuids', '')}>
            <Trans>For {recipientName}</Trans>
            <X aria-hidden="true" />
            <span className="sr-only">{t`Show orders for everyone`}</span>
          </Button>
        ) : null}
      </FilterBar>
      <DataTable
        {...table.tableProps}
        label={t`Orders`}
        className="max-h-[calc(100vh-22rem)] min-h-[14rem]"
        columns={ORDER_COLUMNS}
        messages={{ loading: t`Loading orders…`, error: t`Could not load orders` }}
        empty={empty}
        pagination={{ ...table.tableProps.pagination, label: t`Orders pages` }}
        onOpenRow={(order) => onOpen(order.uuid)}
        keyboardHint={t`Use the arrow keys to move between rows and Enter to open an order.`}
      />
    </div>
  );
}
