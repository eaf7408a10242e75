import { PackagePlus } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { CREATE_BUNDLE_STEPS, type CreateBundleStep, paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { StepList } from '@/ui/step-list';

const STEP_COPY: Record<CreateBundleStep, { label: string; description: string }> = {
  'set-name': { label: 'Name', description: 'Name the bundle and describe who it is for.' },
  'add-software': {
    label: 'Software',
    description: 'Pick desktop and mobile apps and choose how each is installed and managed.',
  },
  'assign-employees': { label: 'Employees', description: 'Choose the employees who receive the bundle.' },
  summary: { label: 'Summary', description: 'Review the bundle before creating it.' },
};

export function CreateBundlePage() {
  const { step } = useParams();
  const current = CREATE_BUNDLE_STEPS.find((candidate) => candidate === step);
  if (!current) return <Navigate to={paths.dashboard.createBundle()} replace />;
  const copy = STEP_COPY[current];
  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.bundles}>Bundles</BackLink>
      <PageHeader description={copy.description} />
      <StepList
        label="Bundle creation steps"
        current={current}
        steps={CREATE_BUNDLE_STEPS.map((id) => ({ id, label: STEP_COPY[id].label }))}
      />
      <EmptyState
        icon={PackagePlus}
        title={`${copy.label} step is coming`}
        description="The bundle wizard arrives with the bundles release; this page already holds its place in the flow."
      />
    </div>
  );
}
