import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Laptop, Package, PartyPopper } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { Card } from '@/ui/card';
import { ComingSoonList } from '@/ui/coming-soon-list';
import { Notice } from '@/ui/notice';
import { StepList } from '@/ui/step-list';

/** The organisation's setup steps (SPEC §2): registerDevices, createBundle, finished. */
const STEPS = [
  { id: 'register-devices', label: msg`Register devices` },
  { id: 'create-bundle', label: msg`Create a bundle` },
  { id: 'finished', label: msg`Finished` },
];

/** `/onboarding/:page/*`: the first-run setup of an organisation. */
export function OnboardingPage() {
  const { t, i18n } = useLingui();
  const { page } = useParams();
  const current = STEPS.find((step) => step.id === page)?.id ?? STEPS[0]!.id;
  return (
    <Card className="space-y-6 p-8">
      <div className="space-y-2">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">
          <Trans>Set up your organisation</Trans>
        </h1>
        <p className="text-sm text-slate-500">
          <Trans>A few steps to get your first devices and apps managed by Equip.</Trans>
        </p>
      </div>
      <StepList
        label={t`Setup steps`}
        steps={STEPS.map((step) => ({ id: step.id, label: i18n._(step.label) }))}
        current={current}
      />
      <Notice>
        <Trans>Guided setup is not available on this server yet. It will walk you through:</Trans>
      </Notice>
      <ComingSoonList
        items={[
          {
            icon: Laptop,
            title: t`Register devices`,
            description: t`Enrol a test Mac, Windows PC or iPhone, or skip a platform for now.`,
          },
          {
            icon: Package,
            title: t`Create a bundle`,
            description: t`Pick the apps every new employee should get.`,
          },
          {
            icon: PartyPopper,
            title: t`Finish`,
            description: t`Land on your dashboard, ready to onboard people.`,
          },
        ]}
      />
      <Link
        to={paths.dashboard.overview}
        className="inline-flex text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Trans>Go to the dashboard</Trans>
      </Link>
    </Card>
  );
}
