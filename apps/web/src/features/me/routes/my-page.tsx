import type { Employee } from '@equip/domain/employees';
import type { CurrentUser } from '@equip/domain/identity';
import { Trans, useLingui } from '@lingui/react/macro';
import { LifeBuoy, MonitorSmartphone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmployeeStatusBadge } from '@/features/employees/public';
import { MyHardwareRequests } from '@/features/procurement/public';
import { useBootConfig } from '@/lib/boot-config-context';
import { formatDate, fullName } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { InitialsAvatar } from '@/ui/avatar';
import { buttonClasses } from '@/ui/button';
import { Card } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { PageSpinner } from '@/ui/spinner';
import { useMyDevices } from '../api/get-my-devices';
import { useMyRecord } from '../api/get-my-record';
import { DeviceCard } from '../components/device-card';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 truncate text-sm text-slate-900">{children || '—'}</dd>
    </div>
  );
}

function DetailsCard({ employee }: { employee: Employee }) {
  const { t } = useLingui();
  return (
    <Card className="p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          <InitialsAvatar person={employee} className="size-14 bg-indigo-600 text-lg text-white" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-slate-900">{fullName(employee)}</p>
            <p className="truncate text-sm text-slate-500">
              {[employee.position, employee.department].filter(Boolean).join(' · ') || employee.email}
            </p>
          </div>
        </div>
        <EmployeeStatusBadge status={employee.employeeStatus} className="self-start sm:self-center" />
      </div>
      <dl className="mt-6 grid gap-x-6 gap-y-4 border-t border-slate-100 pt-6 sm:grid-cols-2 lg:grid-cols-3">
        <Detail label={t`Work email`}>{employee.email}</Detail>
        <Detail label={t`Phone`}>{employee.phone}</Detail>
        <Detail label={t`Department`}>{employee.department}</Detail>
        <Detail label={t`Position`}>{employee.position}</Detail>
        <Detail label={t`Start date`}>{formatDate(employee.startDate)}</Detail>
        <Detail label={t`Software bundle`}>{employee.assignedBundle?.name}</Detail>
      </dl>
    </Card>
  );
}

function Devices({ accountUuid }: { accountUuid: string }) {
  const { t } = useLingui();
  const devices = useMyDevices(accountUuid);
  if (devices.isPending) return <PageSpinner label={t`Loading your devices`} />;
  if (devices.isError) {
    return (
      <LoadError
        error={devices.error}
        fallback={t`This could not be loaded.`}
        retrying={devices.isFetching}
        onRetry={() => devices.refetch()}
      />
    );
  }
  if (devices.data.length === 0) {
    return (
      <EmptyState
        icon={MonitorSmartphone}
        headingLevel={3}
        title={t`No devices assigned to you`}
        description={t`When your IT team hands you a laptop or phone, it will be listed here.`}
      />
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {devices.data.map((device) => (
        <li key={device.uuid}>
          <DeviceCard device={device} />
        </li>
      ))}
    </ul>
  );
}

/** `/dashboard/me`: a regular user's own record and devices (all they see of the dashboard). */
export function MyPage() {
  const user = useCurrentUser();
  return user ? <MyPageContent user={user} /> : null;
}

function MyPageContent({ user }: { user: CurrentUser }) {
  // A provider admin is no employee of the organisation they act for: there is no record to ask for.
  return user.role === 'equip-admin' ? <ProviderAdminNote /> : <MyRecord user={user} />;
}

function ProviderAdminNote() {
  const { t } = useLingui();
  return (
    <EmptyState
      icon={UserRound}
      title={t`No equipment of yours here`}
      description={t`Provider admins are not employees of the organisations they look after, so no details or devices of yours are kept here.`}
    />
  );
}

function MyRecord({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const { helpDeskUrl } = useBootConfig();
  const { accountUuid, firstName, organizationName } = user;
  const record = useMyRecord(accountUuid);
  return (
    <div className="space-y-10">
      <div>
        <h2 className="text-2xl font-semibold tracking-tight text-slate-900">
          <Trans>Hello, {firstName}</Trans>
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          <Trans>What {organizationName} has on file for you, and the equipment you have been given.</Trans>
        </p>
      </div>

      <section aria-labelledby="my-details-title" className="space-y-4">
        <h2 id="my-details-title" className="text-base font-semibold text-slate-900">
          <Trans>Your details</Trans>
        </h2>
        {record.isPending ? (
          <PageSpinner label={t`Loading your details`} />
        ) : record.isError ? (
          <LoadError
            error={record.error}
            fallback={t`This could not be loaded.`}
            retrying={record.isFetching}
            onRetry={() => record.refetch()}
          />
        ) : (
          <DetailsCard employee={record.data} />
        )}
      </section>

      <section aria-labelledby="my-devices-title" className="space-y-4">
        <h2 id="my-devices-title" className="text-base font-semibold text-slate-900">
          <Trans>Your devices</Trans>
        </h2>
        <Devices accountUuid={accountUuid} />
      </section>

      <MyHardwareRequests />

      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-medium text-slate-900">
            <Trans>Something missing or wrong?</Trans>
          </p>
          <p className="text-sm text-slate-500">
            <Trans>Your IT team can correct your details or help with a device.</Trans>
          </p>
        </div>
        <a
          href={helpDeskUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary')}
        >
          <LifeBuoy aria-hidden="true" />
          <Trans>Request support</Trans>
          <span className="sr-only">
            {' '}
            <Trans>(opens in a new tab)</Trans>
          </span>
        </a>
      </Card>
    </div>
  );
}
