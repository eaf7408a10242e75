import { Trans, useLingui } from '@lingui/react/macro';
import { formatMonth, formatNumber } from '@/lib/format';
import { LoadError } from '@/ui/load-error';
import { Skeleton } from '@/ui/skeleton';
import { useOrderMonthTotals } from '../api/orders';
import { formatCents } from '../lib/money';

/** What the organisation ordered per month: bought (one-time totals) beside rented (monthly rent). */
export function MonthTotals() {
  const { t } = useLingui();
  const totals = useOrderMonthTotals();
  if (totals.isPending)
    return (
      <div aria-busy="true">
        <span className="sr-only">
          <Trans>Loading the totals…</Trans>
        </span>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (totals.isError)
    return (
      <LoadError
        error={totals.error}
        fallback={t`Could not load the totals`}
        onRetry={() => void totals.refetch()}
        retrying={totals.isFetching}
      />
    );
  if (totals.data.months.length === 0) return null;
  return (
    <details className="rounded-xl border border-slate-200 bg-white">
      <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-slate-900">
        <Trans>Totals per month</Trans>
      </summary>
      <table className="w-full text-sm">
        <caption className="sr-only">{t`Orders per month, bought and rented`}</caption>
        <thead className="border-y border-slate-200 bg-slate-50 text-left text-xs font-medium text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2">
              <Trans>Month</Trans>
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              <Trans>Bought</Trans>
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              <Trans>Rented (per month)</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {totals.data.months.map((row) => {
            const purchases = formatNumber(row.purchaseOrders);
            const rents = formatNumber(row.rentOrders);
            return (
              <tr key={row.month}>
                <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
                  {formatMonth(row.month)}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">
                  {formatCents(row.purchaseCents)}{' '}
                  <span className="text-xs text-slate-500">{t`(${purchases} orders)`}</span>
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {formatCents(row.rentCents)}{' '}
                  <span className="text-xs text-slate-500">{t`(${rents} orders)`}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
