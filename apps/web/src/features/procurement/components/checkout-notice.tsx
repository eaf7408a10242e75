import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { useCheckout } from '../api/checkout';

/**
 * After the wizard: the checkout at the provider until it decided — waiting, accepted (with its order),
 * or declined / expired — watched from the orders page (`?checkout=<uuid>`).
 */
export function CheckoutNotice({ uuid, onDismiss }: { uuid: string; onDismiss: () => void }) {
  const { t } = useLingui();
  const checkout = useCheckout(uuid);
  const dismiss = (
    <Button variant="ghost" size="sm" onClick={onDismiss} aria-label={t`Dismiss`}>
      <X aria-hidden="true" />
    </Button>
  );
  if (checkout.isError)
    return (
      <div className="flex items-start gap-2">
        <Alert variant="error" className="flex-1">
          {errorMessage(checkout.error, t`Could not load the checkout`)}
        </Alert>
        {dismiss}
      </div>
    );
  const data = checkout.data;
  const waiting = !data || data.status === 'created' || data.status === 'pending_review';
  return (
    <div className="flex items-start gap-2">
      {waiting ? (
        <Alert variant="info" className="flex-1" title={t`Order sent to TopiComspot`}>
          {data?.status === 'pending_review'
            ? t`TopiComspot is reviewing the checkout…`
            : t`Waiting for TopiComspot to accept the checkout…`}
        </Alert>
      ) : data.status === 'accepted' ? (
        <Alert variant="success" className="flex-1" title={t`Checkout accepted by TopiComspot`}>
          {data.orderUuid ? (
            <Link to={paths.dashboard.orders(data.orderUuid)}>
              <Trans>Open the order</Trans>
            </Link>
          ) : (
            t`The order is being created…`
          )}
        </Alert>
      ) : (
        <Alert variant="error" className="flex-1" title={t`TopiComspot did not accept the checkout`}>
          {data.status === 'expired'
            ? t`The checkout expired before it was accepted. Place the order again.`
            : t`The checkout was declined. Place the order again or contact TopiComspot.`}
        </Alert>
      )}
      {dismiss}
    </div>
  );
}
