import { Trans, useLingui } from '@lingui/react/macro';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { PageHeader } from '@/ui/page-header';
import { CatalogAnnouncements } from '../components/catalog-announcements';
import { CatalogTable } from '../components/catalog-table';

/**
 * `/dashboard/catalog` (issue 31, item 1): the hardware catalog — General models curated by Equip and
 * the organisation's own — searched and filtered on the list machinery, with its banners.
 */
export function CatalogPage() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.orders()}>
        <Trans>Orders</Trans>
      </BackLink>
      <PageHeader
        description={t`Models you can order for your employees, bought once or rented monthly.`}
        actions={
          <Button asChild>
            <Link to={paths.dashboard.orderWizard()}>
              <ShoppingCart aria-hidden="true" />
              <Trans>Order hardware</Trans>
            </Link>
          </Button>
        }
      />
      <CatalogAnnouncements />
      <CatalogTable />
    </div>
  );
}
