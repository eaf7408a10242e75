import type { WebhookEndpointWithSecret } from '@equip/domain/webhooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { useWebhooks } from '../api/get-webhooks';
import { EndpointCard } from '../components/endpoint-card';
import { EndpointFormDialog } from '../components/endpoint-form-dialog';
import { SecretDialog } from '../components/secret-dialog';

/**
 * The organisation's webhooks (organisation settings): endpoints that receive Equip's events, signed
 * the Standard Webhooks way, with their deliveries.
 */
export function WebhooksPage() {
  const { t } = useLingui();
  const endpoints = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  function showSecret(endpoint: WebhookEndpointWithSecret) {
    setAdding(false);
    setSecret(endpoint.secret);
  }

  const add = (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      <Trans>Add endpoint</Trans>
    </Button>
  );

  return (
    <div className="space-y-6">
      {/* The top bar's title says "Webhooks". */}
      <PageHeader
        description={t`Send events from Equip to your own systems: each endpoint receives a signed POST request for the event types it subscribes to. Failed deliveries are retried for about a day.`}
        actions={endpoints.data && endpoints.data.length > 0 ? add : undefined}
      />
      {endpoints.isPending ? (
        <div className="space-y-4" role="status" aria-label={t`Loading webhook endpoints…`}>
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : endpoints.isError ? (
        <LoadError
          error={endpoints.error}
          fallback={t`The webhook endpoints could not be loaded.`}
          onRetry={() => endpoints.refetch()}
          retrying={endpoints.isFetching}
        />
      ) : endpoints.data.length === 0 ? (
        <EmptyState
          icon={Webhook}
          title={t`No webhook endpoints yet`}
          description={t`Add an endpoint to receive events such as new employees or enrolled devices.`}
          action={add}
        />
      ) : (
        <ul className="space-y-4" aria-label={t`Webhook endpoints`}>
          {endpoints.data.map((endpoint) => (
            <li key={endpoint.uuid}>
              <EndpointCard endpoint={endpoint} onSecret={showSecret} />
            </li>
          ))}
        </ul>
      )}
      <EndpointFormDialog open={adding} onOpenChange={setAdding} onCreated={showSecret} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
