import type { CompanionPlatform } from '@equip/domain/companion';
import type { RegisterType } from '@equip/domain/device-registration';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { InstallerDownload } from '@/features/companion/public';
import { useHosts } from '@/lib/hosts';
import { Button } from '@/ui/button';
import { HostLink } from '@/ui/host-link';

/** Apple's portal where an organisation's iPhones and iPads are assigned to a device-management server. */
export const APPLE_BUSINESS_MANAGER_URL = 'https://business.apple.com';

interface RegistrationStep {
  id: string;
  title: ReactNode;
  body: ReactNode;
  action?: ReactNode;
}

const linkClasses =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** The numbered steps that register one platform's company devices. */
export function RegisterDevicesSteps({ platform }: { platform: RegisterType }) {
  return platform === 'ios' ? <AppleSteps /> : <CompanionSteps platform={platform} />;
}

function StepCards({ steps }: { steps: RegistrationStep[] }) {
  return (
    <ol className="space-y-3">
      {steps.map((step, index) => (
        <li
          key={step.id}
          className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
        >
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-sm font-semibold text-indigo-700"
          >
            {index + 1}
          </span>
          <div className="min-w-0 flex-1 space-y-2">
            <h3 className="text-sm font-semibold text-slate-900">{step.title}</h3>
            <div className="space-y-2 text-sm text-slate-600">{step.body}</div>
            {step.action ? <div className="pt-1">{step.action}</div> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** macOS and Windows: the companion app enrols the computer through the unified enrolment page. */
function CompanionSteps({ platform }: { platform: CompanionPlatform }) {
  const { t } = useLingui();
  // The companion's installers and the enrolment page live on their hosts (COMPANION_URL, ENROLMENT_URL).
  const hosts = useHosts();
  const startUrl = hosts.address('enrolment', paths.start);
  const steps: RegistrationStep[] = [
    {
      id: 'download',
      title:
        platform === 'macos'
          ? t`Download the Equip companion for macOS`
          : t`Download the Equip companion for Windows`,
      body: (
        <p>
          <Trans>
            The companion is a small app that enrols the computer and keeps its inventory and security status
            up to date. Download it on each computer, or hand the installer out with your software
            distribution.
          </Trans>{' '}
          <HostLink host="companion" path={paths.companion} className={linkClasses}>
            <Trans>About the companion</Trans>
          </HostLink>
        </p>
      ),
      action: (
        <InstallerDownload platform={platform}>
          {platform === 'macos' ? (
            <Trans>Download for macOS (.pkg)</Trans>
          ) : (
            <Trans>Download for Windows (.exe)</Trans>
          )}
        </InstallerDownload>
      ),
    },
    {
      id: 'install',
      title: t`Install it`,
      body:
        platform === 'macos' ? (
          <p>
            <Trans>
              Open the .pkg file and follow the installer. If macOS asks, allow the Equip companion in System
              Settings › Privacy & Security.
            </Trans>
          </p>
        ) : (
          <p>
            <Trans>
              Run the .exe file and follow the installer. If Windows asks whether the app may make changes to
              the device, choose Yes.
            </Trans>
          </p>
        ),
    },
    {
      id: 'enrol',
      title: t`Sign in and enrol`,
      body: (
        <p>
          <Trans>
            The companion opens the enrolment page. The employee who uses the computer signs in with their
            work email and the code Equip sends them; the computer is then enrolled and assigned to them. The
            page is also at{' '}
            <HostLink host="enrolment" path={paths.start} newTab className={linkClasses}>
              {startUrl}
            </HostLink>
            .
          </Trans>
        </p>
      ),
    },
    {
      id: 'appear',
      title: t`See the device appear`,
      body: (
        <p>
          <Trans>
            Within a minute the computer shows up in the{' '}
            <Link to={paths.dashboard.devices()} className={linkClasses}>
              devices list
            </Link>{' '}
            as enrolled, with its model, operating system and disk encryption.
          </Trans>
        </p>
      ),
    },
  ];
  return <StepCards steps={steps} />;
}

/** iPhone and iPad: Apple Business Manager assigns the devices, which enrol themselves when set up. */
function AppleSteps() {
  const { t } = useLingui();
  const steps: RegistrationStep[] = [
    {
      id: 'abm-sign-in',
      title: t`Sign in to Apple Business Manager`,
      body: (
        <p>
          <Trans>
            Use an administrator or device manager account of your organisation. If you don’t have Apple
            Business Manager yet, your organisation can enrol for free; devices bought from Apple or an
            authorised reseller are added to it automatically.
          </Trans>
        </p>
      ),
      action: (
        <Button asChild variant="secondary" size="sm">
          <a href={APPLE_BUSINESS_MANAGER_URL} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" />
            <Trans>Open Apple Business Manager</Trans>
            <span className="sr-only">
              <Trans>(opens in a new tab)</Trans>
            </span>
          </a>
        </Button>
      ),
    },
    {
      id: 'abm-server',
      title: t`Add Equip as a device management server`,
      body: (
        <p>
          <Trans>
            Under Preferences › Your MDM Servers, add a server named Equip. Set it as the default server for
            iPhone and iPad, so new purchases go to Equip without further steps.
          </Trans>
        </p>
      ),
    },
    {
      id: 'abm-assign',
      title: t`Assign your devices to Equip`,
      body: (
        <p>
          <Trans>
            Under Devices, choose the iPhones and iPads you already have — by serial number, order number or
            all at once — and assign them to the Equip server.
          </Trans>
        </p>
      ),
    },
    {
      id: 'abm-setup',
      title: t`Switch the devices on`,
      body: (
        <p>
          <Trans>
            When an assigned device is switched on or reset and set up, it enrols itself in Equip. It then
            shows up in the{' '}
            <Link to={paths.dashboard.devices()} className={linkClasses}>
              devices list
            </Link>{' '}
            and can be assigned to an employee.
          </Trans>
        </p>
      ),
    },
  ];
  return <StepCards steps={steps} />;
}
