import { Trans, useLingui } from '@lingui/react/macro';
import { ShoppingCart, Store } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useFeatureFlag } from '@/lib/flags-context';
import { useRecordUrl } from '@/lib/record-url';
import { Button } from '@/ui/button';
import { LinkTabs } from '@/ui/link-tabs';
import { PageHeader } from '@/ui/page-header';
import { useWaitingRequestCount } from '../api/hardware-requests';
import { CheckoutNotice } from '../components/checkout-notice';
import { HardwareRequestsPanel } from '../components/hardware-requests-panel';
import { MonthTotals } from '../components/month-totals';
import { ORDER_TABS, type OrderTab, OrderView } from '../components/order-view';
import { OrdersTable } from '../components/orders-table';

/**
 * `/dashboard/orders/:orderUuid?` (an addition to SPEC §2, docs/orders-screen.md): the order list with
 * the selected order at its own address, its view in `?tab=` (summary or devices); after the order
 * wizard, the checkout it sent (`?checkout=`) until the provider decided. `?view=requests` is the
 * Requests tab (decision 037, behind `it-2305-hardware-requests`): the hardware people asked for.
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
  const requestsOn = useFeatureFlag('it-2305-hardware-requests');
  const showRequests = requestsOn && search.get('view') === 'requests' && !record.recordId;
  const waiting = useWaitingRequestCount(requestsOn);
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
      {requestsOn ? (
        <LinkTabs
          label={t`Orders and requests`}
          current={showRequests ? 'requests' : 'orders'}
          tabs={[
            { id: 'orders', label: t`Orders`, to: paths.dashboard.orders() },
            {
              id: 'requests',
              to: paths.dashboard.hardwareRequests,
              label: (
                <span className="inline-flex items-center gap-2">
                  <Trans>Requests</Trans>
                  {waiting.data ? (
                    <span className="rounded-full bg-indigo-100 px-2 text-xs font-semibold text-indigo-700">
                      {waiting.data}
                      <span className="sr-only">
                        {' '}
                        <Trans>waiting</Trans>
                      </span>
                    </span>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      ) : null}
      {showRequests ? (
        <HardwareRequestsPanel />
      ) : (
        <>
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
        </>
      )}
    </div>
  );
}
