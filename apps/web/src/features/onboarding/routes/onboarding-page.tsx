import { Laptop, Package, PartyPopper } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { Card } from '@/ui/card';
import { ComingSoonList } from '@/ui/coming-soon-list';
import { Notice } from '@/ui/notice';
import { StepList } from '@/ui/step-list';

/** The organisation's setup steps (SPEC §2): registerDevices, createBundle, finished. */
const STEPS = [
  { id: 'register-devices', label: 'Register devices' },
  { id: 'create-bundle', label: 'Create a bundle' },
  { id: 'finished', label: 'Finished' },
];

/** `/onboarding/:page/*`: the first-run setup of an organisation. */
export function OnboardingPage() {
  const { page } = useParams();
  const current = STEPS.find((step) => step.id === page)?.id ?? STEPS[0]!.id;
  return (
    <Card className="space-y-6 p-8">
      <div className="space-y-2">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">Set up your organisation</h1>
        <p className="text-sm text-slate-500">
          A few steps to get your first devices and apps managed by Equip.
        </p>
      </div>
      <StepList label="Setup steps" steps={STEPS} current={current} />
      <Notice>Guided setup is not available on this server yet. It will walk you through:</Notice>
      <ComingSoonList
        items={[
          {
            icon: Laptop,
            title: 'Register devices',
            description: 'Enrol a test Mac, Windows PC or iPhone, or skip a platform for now.',
          },
          {
            icon: Package,
            title: 'Create a bundle',
            description: 'Pick the apps every new employee should get.',
          },
          {
            icon: PartyPopper,
            title: 'Finish',
            description: 'Land on your dashboard, ready to onboard people.',
          },
        ]}
      />
      <Link
        to={paths.dashboard.overview}
        className="inline-flex text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Go to the dashboard
      </Link>
    </Card>
  );
}
