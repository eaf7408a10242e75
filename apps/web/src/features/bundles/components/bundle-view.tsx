import { BundleTab } from '@equip/domain/bundles';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate, formatNumber } from '@/lib/format';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { Tabs } from '@/ui/tabs';
import { useBundle } from '../api/get-bundle';
import { BundleApplicationsTab } from './bundle-applications-tab';
import { BundleEmployeesTab } from './bundle-employees-tab';

/**
 * One bundle in view mode (SPEC §2) at its own address, `/dashboard/bundles/<uuid>?tab=employees`:
 * its name and description, and the tabs applications and employees.
 */
export function BundleView({
  uuid,
  tab,
  onTab,
}: {
  uuid: string;
  tab: BundleTab;
  onTab: (tab: BundleTab) => void;
}) {
  const { t } = useLingui();
  const bundle = useBundle(uuid);

  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.bundles}>
        <Trans>All bundles</Trans>
      </BackLink>
      {bundle.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <span className="sr-only">
            <Trans>Loading the bundle…</Trans>
          </span>
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-4 w-96" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : bundle.isError ? (
        <LoadError
          error={bundle.error}
          fallback={t`Could not load the bundle`}
          onRetry={() => void bundle.refetch()}
          retrying={bundle.isRefetching}
        />
      ) : (
        <>
          <PageHeader
            title={bundle.data.name}
            actions={
              <>
                <Button asChild variant="secondary">
                  <Link
                    to={`${paths.dashboard.editBundle('edit-software')}?bundle=${encodeURIComponent(uuid)}`}
                  >
                    <Pencil aria-hidden="true" />
                    <Trans>Edit software</Trans>
                  </Link>
                </Button>
                <Button asChild variant="secondary">
                  <Link
                    to={`${paths.dashboard.editBundle('edit-assigned-employees')}?bundle=${encodeURIComponent(uuid)}`}
                  >
                    <Users aria-hidden="true" />
                    <Trans>Edit employees</Trans>
                  </Link>
                </Button>
              </>
            }
            description={
              <>
                {bundle.data.description ? <span className="block">{bundle.data.description}</span> : null}
                <span className="block text-slate-500">
                  <Trans>
                    {formatNumber(bundle.data.applications.length)} applications ·{' '}
                    {formatNumber(bundle.data.employeeUuids.length)} employees · changed{' '}
                    {formatDate(bundle.data.updatedAt)}
                  </Trans>
                </span>
              </>
            }
          />
          <Tabs
            label={t`Bundle`}
            value={tab}
            onValueChange={onTab}
            listClassName="mb-4"
            tabs={[
              {
                id: 'applications',
                label: <Trans>Applications</Trans>,
                content: (
                  <BundleApplicationsTab
                    bundleUuid={bundle.data.uuid}
                    applications={bundle.data.applications}
                  />
                ),
              },
              {
                id: 'employees',
                label: <Trans>Employees</Trans>,
                content: <BundleEmployeesTab bundleUuid={uuid} />,
              },
            ]}
          />
        </>
      )}
    </div>
  );
}

export const BUNDLE_TABS = BundleTab.options;
