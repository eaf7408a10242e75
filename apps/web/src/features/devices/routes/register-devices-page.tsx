import {
  parseRegisterType,
  REGISTRATION_SKIPPED_FLAG,
  type RegisterType,
  type UpdateOrganizationSetup,
} from '@equip/domain/device-registration';
import type { OrganizationSetup } from '@equip/domain/identity';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FlaskConical, SkipForward, Undo2 } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format';
import { Alert } from '@/ui/alert';
import { BackLink } from '@/ui/back-link';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { Tabs } from '@/ui/tabs';
import { toast } from '@/ui/toast-store';
import { useOrganizationSetup } from '../api/get-organization-setup';
import { useUpdateOrganizationSetup } from '../api/update-organization-setup';
import { RegisterDevicesSteps } from '../components/register-devices-steps';

export const REGISTER_TYPE_LABELS: Record<RegisterType, MessageDescriptor> = {
  macos: msg`macOS`,
  windows: msg`Windows`,
  ios: msg`iPhone and iPad`,
};

const PLATFORMS: readonly RegisterType[] = ['macos', 'windows', 'ios'];

/**
 * `/dashboard/devices/register-devices?registerType=macos|windows|ios` (and `/dashboard/devices?registerType=…`,
 * which comes here): the steps that register the organisation's company devices on each platform, with
 * the platform in the address. "Skip for now" and "Register a test device" are the organisation setup's
 * progress (SPEC §3), kept on the server and shown when someone comes back.
 */
export function RegisterDevicesPage() {
  const { t, i18n } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const platform = parseRegisterType(searchParams.get('registerType')) ?? 'macos';
  const setup = useOrganizationSetup();

  function choose(next: RegisterType) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('registerType', next);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.devices()}>
        <Trans>Devices</Trans>
      </BackLink>
      <PageHeader
        description={t`Register your company’s computers, phones and tablets so Equip can show who has them, keep them secure and act on them.`}
      />
      <Tabs
        label={t`Platform`}
        value={platform}
        onValueChange={choose}
        tabs={PLATFORMS.map((id) => ({
          id,
          label: (
            <span className="flex items-center gap-2">
              {i18n._(REGISTER_TYPE_LABELS[id])}
              {setup.data?.[REGISTRATION_SKIPPED_FLAG[id]] ? (
                <Badge tone="neutral">
                  <Trans>Skipped</Trans>
                </Badge>
              ) : null}
            </span>
          ),
          content: (
            <div className="space-y-6 pt-6">
              <RegisterDevicesSteps platform={id} />
              <RegistrationProgress platform={id} setup={setup} />
            </div>
          ),
        }))}
      />
    </div>
  );
}

/**
 * The platform's setup progress and its two actions: start registering a test device (its start is
 * shown from then on), or skip the platform for now (undone the same way).
 */
function RegistrationProgress({
  platform,
  setup,
}: {
  platform: RegisterType;
  setup: ReturnType<typeof useOrganizationSetup>;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const update = useUpdateOrganizationSetup();
  const flag = REGISTRATION_SKIPPED_FLAG[platform];
  const platformName = i18n._(REGISTER_TYPE_LABELS[platform]);
  // Which of the two actions is under way (both send the same request).
  const pending = update.isPending ? update.variables : undefined;
  const startPending = pending?.testDeviceRegistrationStarted !== undefined;
  const skipPending = pending?.[flag] !== undefined;

  if (setup.isError)
    return (
      <LoadError
        title={t`Your registration progress could not be loaded`}
        error={setup.error}
        fallback={t`Please try again.`}
        retrying={setup.isFetching}
        onRetry={() => void setup.refetch()}
      />
    );
  if (!setup.data)
    return (
      <div role="status" aria-label={t`Loading your registration progress`} className="flex gap-3">
        <Skeleton className="h-10 w-48 rounded-lg" />
        <Skeleton className="h-10 w-32 rounded-lg" />
      </div>
    );

  const current: OrganizationSetup = setup.data;
  const skipped = current[flag];
  const startedAt = formatDateTime(current.testDeviceRegistrationStartedAt);

  function startTestDevice() {
    update.mutate(
      { testDeviceRegistrationStarted: true },
      {
        onError: (error) =>
          toast({
            variant: 'negative',
            content: failureMessage(t`Could not start registering a test device`, error),
          }),
      },
    );
  }

  function setSkipped(value: boolean) {
    const change: UpdateOrganizationSetup = {};
    change[flag] = value;
    update.mutate(change, {
      onSuccess: () => {
        if (!value) return;
        toast({
          variant: 'info',
          content: t`Registering ${platformName} devices was skipped for now. You can come back to it from the devices list.`,
        });
        navigate(paths.dashboard.devices());
      },
      onError: (error) =>
        toast({ variant: 'negative', content: failureMessage(t`Could not save your choice`, error) }),
    });
  }

  return (
    <section aria-label={t`Registration progress`} className="space-y-4 border-t border-slate-200 pt-6">
      {startedAt ? (
        <Alert variant="success" title={t`Test device registration started`}>
          <p>
            <Trans>
              You started registering a test device on{' '}
              <time dateTime={current.testDeviceRegistrationStartedAt ?? undefined}>{startedAt}</time>. Follow
              the steps on one device; once it is enrolled, it appears in the{' '}
              <Link
                to={paths.dashboard.devices()}
                className="font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                devices list
              </Link>
              .
            </Trans>
          </p>
        </Alert>
      ) : null}
      {skipped ? (
        <Alert variant="info" title={t`Skipped for now`}>
          <Trans>
            You skipped registering {platformName} devices. The steps stay here for when you are ready.
          </Trans>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {startedAt ? null : (
          <Button onClick={startTestDevice} loading={startPending} disabled={skipPending}>
            <FlaskConical aria-hidden="true" />
            <Trans>Register a test device</Trans>
          </Button>
        )}
        {skipped ? (
          <Button
            variant="secondary"
            onClick={() => setSkipped(false)}
            loading={skipPending}
            disabled={startPending}
          >
            <Undo2 aria-hidden="true" />
            <Trans>Don’t skip {platformName}</Trans>
          </Button>
        ) : (
          <Button
            variant="ghost"
            onClick={() => setSkipped(true)}
            loading={skipPending}
            disabled={startPending}
          >
            <SkipForward aria-hidden="true" />
            <Trans>Skip for now</Trans>
          </Button>
        )}
      </div>
    </section>
  );
}
