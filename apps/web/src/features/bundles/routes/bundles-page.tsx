import { Trans, useLingui } from '@lingui/react/macro';
import { Package, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export function BundlesPage() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeader
        description={t`Sets of desktop and mobile apps assigned to employees together.`}
        actions={
          <Button asChild>
            <Link to={paths.dashboard.createBundle()}>
              <Plus aria-hidden="true" />
              <Trans>Create bundle</Trans>
            </Link>
          </Button>
        }
      />
      <EmptyState
        icon={Package}
        title={t`No bundles yet`}
        description={t`Bundles will list their applications — auto-installed, self-service, managed by your IT owners or by Equip — and the employees they are assigned to.`}
      />
    </div>
  );
}
