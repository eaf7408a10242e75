import { useLingui } from '@lingui/react/macro';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { useMdmConnections } from '../api/get-mdm-connections';
import { MdmServerCard } from '../components/mdm-server-card';

/**
 * The organisation's MDM servers (organisation settings, decision 015): Fleet connected with its
 * address and an API token, Jamf Pro with an API client's ID and secret, ManageEngine with an API key,
 * each tested before it is saved; one card component for the three (mdm-server-card.tsx).
 */
export function MdmServersPage() {
  const { t } = useLingui();
  const connections = useMdmConnections();

  return (
    <div className="space-y-6">
      {/* The top bar's title says "MDM servers". */}
      <PageHeader
        description={t`Connect the servers that manage your organisation’s devices. Device actions such as lock and wipe go through them.`}
      />
      {connections.isPending ? (
        <div className="space-y-4" role="status" aria-label={t`Loading MDM servers…`}>
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : connections.isError ? (
        <LoadError
          error={connections.error}
          fallback={t`The MDM servers could not be loaded.`}
          onRetry={() => connections.refetch()}
          retrying={connections.isFetching}
        />
      ) : (
        <ul className="space-y-4" aria-label={t`MDM servers`}>
          {(['FLEET', 'JAMF', 'MANAGE_ENGINE'] as const).map((provider) => (
            <li key={provider}>
              <MdmServerCard
                provider={provider}
                connection={connections.data.find((c) => c.provider === provider)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
