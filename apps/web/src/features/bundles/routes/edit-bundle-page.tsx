import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PackageCheck } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { EDIT_BUNDLE_VIEWS, type EditBundleView, paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

const VIEW_COPY: Record<EditBundleView, MessageDescriptor> = {
  'edit-software': msg`Change the apps in the bundle and how each is managed.`,
  'edit-assigned-employees': msg`Change who the bundle is assigned to.`,
};

export function EditBundlePage() {
  const { t, i18n } = useLingui();
  const { view } = useParams();
  const current = EDIT_BUNDLE_VIEWS.find((candidate) => candidate === view);
  if (view !== undefined && !current) return <Navigate to={paths.dashboard.editBundle()} replace />;
  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.bundles}>
        <Trans>Bundles</Trans>
      </BackLink>
      <PageHeader
        description={
          current ? i18n._(VIEW_COPY[current]) : t`Change a bundle’s software or assigned employees.`
        }
      />
      <EmptyState
        icon={PackageCheck}
        title={t`Bundle editing is coming`}
        description={t`Open a bundle from the Bundles page to edit its software or its employees.`}
      />
    </div>
  );
}
