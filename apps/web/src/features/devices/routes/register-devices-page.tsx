import { Trans, useLingui } from '@lingui/react/macro';
import { MonitorSmartphone } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export function RegisterDevicesPage() {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const registerType = searchParams.get('registerType');
  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.devices()}>
        <Trans>Devices</Trans>
      </BackLink>
      <PageHeader
        description={
          registerType ? (
            <Trans>
              Registration type: <span className="font-medium text-slate-700">{registerType}</span>
            </Trans>
          ) : (
            t`Enrol devices in device management.`
          )
        }
      />
      <EmptyState
        icon={MonitorSmartphone}
        title={t`Device registration is coming`}
        description={t`Step-by-step enrolment for Macs, Windows PCs, iPhones and iPads, with reminders for employees who haven’t registered yet.`}
      />
    </div>
  );
}
