import { HrProvider } from '@equip/domain/integrations';
import { useLingui } from '@lingui/react/macro';
import { LoadError } from '@/ui/load-error';
import { Notice } from '@/ui/notice';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { useIntegrations } from '../api/get-integrations';
import { IntegrationCard } from '../components/integration-card';
import { ScimSection } from '../components/scim-section';

/**
 * The organisation's integrations (issue 30, decision 029): the seven kinds of HR system as cards, each
 * connected through the shared connection dialog (tested before it is saved), tested again, paused,
 * resumed and removed, with its status and the reason it fails; and SCIM provisioning (decision 034).
 */
export function IntegrationsPage() {
  const { t } = useLingui();
  const integrations = useIntegrations();

  return (
    <div className="space-y-6">
      <PageHeader
        description={t`Connect your HR system so that Equip learns who starts and who leaves without anyone typing them twice.`}
      />
      {integrations.isPending ? (
        <div className="space-y-4" role="status" aria-label={t`Loading integrations…`}>
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : integrations.isError ? (
        <LoadError
          error={integrations.error}
          fallback={t`The integrations could not be loaded.`}
          onRetry={() => integrations.refetch()}
          retrying={integrations.isFetching}
        />
      ) : (
        <>
          {integrations.data.length === 0 ? (
            <Notice>
              {t`No HR system is connected yet. Connect Personio, HiBob, Kenjo, HeavenHR, HRworks, Factorial or BambooHR to keep employees in sync.`}
            </Notice>
          ) : null}
          <ul className="space-y-4" aria-label={t`HR systems`}>
            {HrProvider.options.map((provider) => (
              <li key={provider}>
                <IntegrationCard
                  provider={provider}
                  integration={integrations.data.find((i) => i.provider === provider)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <ScimSection />
    </div>
  );
}
