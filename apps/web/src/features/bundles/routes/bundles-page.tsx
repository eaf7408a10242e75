import type { BundleTab } from '@equip/domain/bundles';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useRecordUrl } from '@/lib/record-url';
import { useAppDispatch } from '@/lib/store';
import { Button } from '@/ui/button';
import { PageHeader } from '@/ui/page-header';
import { selectBundle, setTab } from '../bundles-slice';
import { BUNDLE_TABS, BundleView } from '../components/bundle-view';
import { BundlesTable } from '../components/bundles-table';

/** People-list parameters belong to the open bundle: opening another or closing it drops them. */
const isBundleParam = (name: string) => name.startsWith('people');

/**
 * `/dashboard/bundles/:bundleUuid?` (SPEC §2): the bundles list, or one bundle in view mode at its own
 * address (lib/record-url.ts), its tab in `?tab=`; the `bundles` slice follows the URL.
 */
export function BundlesPage() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const record = useRecordUrl<BundleTab>('bundleUuid', BUNDLE_TABS, isBundleParam);
  const tab = record.tab ?? 'applications';

  useEffect(() => {
    dispatch(selectBundle(record.recordId));
  }, [dispatch, record.recordId]);
  useEffect(() => {
    dispatch(setTab(tab));
  }, [dispatch, tab]);

  if (record.recordId)
    return <BundleView key={record.recordId} uuid={record.recordId} tab={tab} onTab={record.setTab} />;

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
      <BundlesTable onOpen={(uuid) => record.open(uuid)} />
    </div>
  );
}
