import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, Blocks, Laptop, type LucideIcon, Package, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/ui/page-header';
import { SummaryCards } from '../components/summary-cards';

interface NextStep {
  title: MessageDescriptor;
  description: MessageDescriptor;
  to: string;
  icon: LucideIcon;
}

const NEXT_STEPS: NextStep[] = [
  {
    title: msg`Add your employees`,
    description: msg`Add people one by one or import a CSV file.`,
    to: paths.dashboard.addEmployeesManual,
    icon: Users,
  },
  {
    title: msg`Register devices`,
    description: msg`Enrol Macs, PCs, iPhones and iPads in device management.`,
    to: paths.dashboard.registerDevices(),
    icon: Laptop,
  },
  {
    title: msg`Create a bundle`,
    description: msg`Group the apps a team needs and assign them in one go.`,
    to: paths.dashboard.createBundle(),
    icon: Package,
  },
  {
    title: msg`Connect your HR system`,
    description: msg`Keep employees in sync with Personio, HiBob, BambooHR and others.`,
    to: paths.dashboard.integrations,
    icon: Blocks,
  },
];

export function OverviewPage() {
  const { t, i18n } = useLingui();
  return (
    <div className="space-y-10">
      <PageHeader
        eyebrow={t`Overview`}
        title={t`Welcome to Equip`}
        description={t`Your organisation’s people, devices and software in one place. Here is where to start.`}
      />

      <section aria-labelledby="overview-summary">
        <h3 id="overview-summary" className="sr-only">
          <Trans>Summary</Trans>
        </h3>
        <SummaryCards />
      </section>

      <section aria-labelledby="overview-next-steps" className="space-y-4">
        <h3 id="overview-next-steps" className="text-base font-semibold text-slate-900">
          <Trans>Get set up</Trans>
        </h3>
        <ul className="grid gap-4 sm:grid-cols-2">
          {NEXT_STEPS.map(({ title, description, to, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs transition hover:border-indigo-200 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-slate-900">{i18n._(title)}</span>
                  <span className="mt-1 block text-sm text-slate-500">{i18n._(description)}</span>
                </span>
                <ArrowRight
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-slate-300 transition group-hover:translate-x-0.5 group-hover:text-indigo-500"
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
