import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PackagePlus } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { CREATE_BUNDLE_STEPS, type CreateBundleStep, paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { StepList } from '@/ui/step-list';

const STEP_COPY: Record<
  CreateBundleStep,
  { label: MessageDescriptor; description: MessageDescriptor; coming: MessageDescriptor }
> = {
  'set-name': {
    label: msg`Name`,
    description: msg`Name the bundle and describe who it is for.`,
    coming: msg`The name step is coming`,
  },
  'add-software': {
    label: msg`Software`,
    description: msg`Pick desktop and mobile apps and choose how each is installed and managed.`,
    coming: msg`The software step is coming`,
  },
  'assign-employees': {
    label: msg`Employees`,
    description: msg`Choose the employees who receive the bundle.`,
    coming: msg`The employees step is coming`,
  },
  summary: {
    label: msg`Summary`,
    description: msg`Review the bundle before creating it.`,
    coming: msg`The summary step is coming`,
  },
};

export function CreateBundlePage() {
  const { t, i18n } = useLingui();
  const { step } = useParams();
  const current = CREATE_BUNDLE_STEPS.find((candidate) => candidate === step);
  if (!current) return <Navigate to={paths.dashboard.createBundle()} replace />;
  const copy = STEP_COPY[current];
  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.bundles}>
        <Trans>Bundles</Trans>
      </BackLink>
      <PageHeader description={i18n._(copy.description)} />
      <StepList
        label={t`Bundle creation steps`}
        current={current}
        steps={CREATE_BUNDLE_STEPS.map((id) => ({ id, label: i18n._(STEP_COPY[id].label) }))}
      />
      <EmptyState
        icon={PackagePlus}
        title={i18n._(copy.coming)}
        description={t`The bundle wizard arrives with the bundles release; this page already holds its place in the flow.`}
      />
    </div>
  );
}
