import { Trans, useLingui } from '@lingui/react/macro';
import { ShoppingCart, Store } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useRecordUrl } from '@/lib/record-url';
import { Button } from '@/ui/button';
import { PageHeader } from '@/ui/page-header';
import { CheckoutNotice } from '../components/checkout-notice';
import { MonthTotals } from '../components/month-totals';
import { ORDER_TABS, type OrderTab, OrderView } from '../components/order-view';
import { OrdersTable } from '../components/orders-table';

/**
 * `/dashboard/orders/:orderUuid?` (an addition to SPEC §2, docs/orders-screen.md): the order list with
 * the selected order at its own address, its view in `?tab=` (summary or devices); after the order
 * wizard, the checkout it sent (`?checkout=`) until the provider decided.
 */
export function OrdersPage() {
  const { t } = useLingui();
  const record = useRecordUrl<OrderTab>('orderUuid', ORDER_TABS);
  const [search, setSearch] = useSearchParams();
  const checkout = search.get('checkout');
  const dismissCheckout = useCallback(
    () =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('checkout');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const navigate = useNavigate();
  const showRecipient = (personUuid: string) =>
    navigate(`${paths.dashboard.orders()}?recipient=${encodeURIComponent(personUuid)}`);
  return (
    <div className="space-y-6">
      <PageHeader
        description={t`Hardware ordered for your employees, from checkout to delivery.`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" asChild>
              <Link to={paths.dashboard.catalog}>
                <Store aria-hidden="true" />
                <Trans>Catalog</Trans>
              </Link>
            </Button>
            <Button asChild>
              <Link to={paths.dashboard.orderWizard()}>
                <ShoppingCart aria-hidden="true" />
                <Trans>Order hardware</Trans>
              </Link>
            </Button>
          </div>
        }
      />
      {checkout ? <CheckoutNotice uuid={checkout} onDismiss={dismissCheckout} /> : null}
      {record.recordId ? (
        <OrderView
          key={record.recordId}
          uuid={record.recordId}
          tab={record.tab ?? 'summary'}
          onTab={record.setTab}
          onShowRecipient={showRecipient}
        />
      ) : null}
      <OrdersTable onOpen={(uuid) => record.open(uuid)} />
      <MonthTotals />
    </div>
  );
}
