import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { ssoSettingsQueryOptions } from '../api/sso-settings';
import { SsoForm } from '../components/sso-form';

/**
 * `/dashboard/settings/single-sign-on`: the organisation's people sign in with their Google or Microsoft
 * account through OpenID Connect (IT owners).
 */
export function SingleSignOnPage() {
  const { t } = useLingui();
  const settings = useQuery(ssoSettingsQueryOptions());
  return (
    <div className="max-w-3xl space-y-6">
      {/* The top bar's title says "Single sign-on". */}
      <PageHeader
        description={t`Let your people sign in with the account your organisation already gives them. Register Equip with your identity provider, then enter what it shows you.`}
      />
      {settings.isPending ? (
        <div role="status" aria-label={t`Loading the single sign-on settings…`}>
          <Skeleton className="h-80 w-full" />
        </div>
      ) : settings.isError ? (
        <LoadError
          title={<Trans>The single sign-on settings could not be loaded</Trans>}
          error={settings.error}
          fallback={t`Please try again in a moment.`}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <SsoForm settings={settings.data} />
      )}
    </div>
  );
}
