import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Laptop, type LucideIcon, Package, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { Card } from '@/ui/card';
import { Skeleton } from '@/ui/skeleton';
import { deviceCountsQueryOptions, employeeCountsQueryOptions } from '../api/get-overview-counts';

interface FigureCardProps {
  label: string;
  icon: LucideIcon;
  to: string;
  /** Undefined while loading. */
  figure: number | undefined;
  failed: boolean;
  children?: ReactNode;
}

/** One figure of the organisation, linking to the list it counts. */
function FigureCard({ label, icon: Icon, to, figure, failed, children }: FigureCardProps) {
  return (
    <Card className="h-full p-5">
      <Link
        to={to}
        className="flex items-center gap-2 text-sm font-medium text-slate-500 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <Icon aria-hidden="true" className="size-4 text-slate-400" />
        {label}
      </Link>
      {failed ? (
        <p className="mt-3 text-sm text-slate-500">
          <Trans>Could not be loaded right now.</Trans>
        </p>
      ) : figure === undefined ? (
        <>
          <Skeleton className="mt-3 h-9 w-20" />
          <Skeleton className="mt-3 h-4 w-40" />
        </>
      ) : (
        <>
          <p className="mt-3 text-3xl font-semibold tracking-tight text-slate-900">{formatNumber(figure)}</p>
          <p className="mt-2 text-xs text-slate-500">{children}</p>
        </>
      )}
    </Card>
  );
}

/** Employees, devices and bundle coverage of the organisation, each linking to its list. */
export function SummaryCards() {
  const { t } = useLingui();
  const employees = useQuery(employeeCountsQueryOptions());
  const devices = useQuery(deviceCountsQueryOptions());
  const people = employees.data;
  const fleet = devices.data;
  const onboarding = formatNumber(people?.onboarding ?? 0);
  const offboarding = formatNumber(people?.offboarding ?? 0);
  const unencrypted = formatNumber(fleet?.unencrypted ?? 0);
  const unprotected = formatNumber(fleet?.unprotected ?? 0);
  const covered = people ? people.employees - people.withoutBundle : undefined;
  const everyone = formatNumber(people?.employees ?? 0);
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      <li>
        <FigureCard
          label={t`Employees`}
          icon={Users}
          to={paths.dashboard.employees()}
          figure={people?.employees}
          failed={employees.isError}
        >
          <Trans>
            {onboarding} onboarding · {offboarding} offboarding
          </Trans>
        </FigureCard>
      </li>
      <li>
        <FigureCard
          label={t`Devices`}
          icon={Laptop}
          to={paths.dashboard.devices()}
          figure={fleet?.devices}
          failed={devices.isError}
        >
          <Trans>
            {unencrypted} unencrypted · {unprotected} unprotected
          </Trans>
        </FigureCard>
      </li>
      <li>
        <FigureCard
          label={t`Employees with a bundle`}
          icon={Package}
          to={paths.dashboard.bundles}
          figure={covered}
          failed={employees.isError}
        >
          <Trans>of {everyone} employees</Trans>
        </FigureCard>
      </li>
    </ul>
  );
}
