import type { PersonApplication, PersonApplicationStatus } from '@equip/domain/bundle-installs';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, RotateCw } from 'lucide-react';
import { errorMessage } from '@/lib/api/error-message';
import { Badge, type BadgeTone } from '@/ui/badge';
import { Button } from '@/ui/button';
import { LoadError } from '@/ui/load-error';
import { Skeleton } from '@/ui/skeleton';
import { toast } from '@/ui/toast-store';
import { useInstallForPerson, usePersonApplications, useRetryInstall } from '../api/get-person-applications';
import { PERSON_APPLICATION_STATUS_LABELS } from '../lib/bundle-labels';

const TONES: Record<PersonApplicationStatus, BadgeTone> = {
  pending: 'amber',
  installed: 'green',
  failed: 'red',
  offered: 'sky',
  skipped: 'neutral',
  not_requested: 'neutral',
};

function ApplicationRow({ personUuid, item }: { personUuid: string; item: PersonApplication }) {
  const { t } = useLingui();
  const retry = useRetryInstall(personUuid);
  const install = useInstallForPerson(personUuid);
  const name = item.application.name;
  const deviceUuid = item.deviceUuid;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
      <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{name}</span>
      <Badge tone={TONES[item.status]} dot>
        {PERSON_APPLICATION_STATUS_LABELS[item.status]}
      </Badge>
      {item.status === 'failed' && deviceUuid ? (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t`Retry the install of ${name}`}
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(
              { deviceUuid, applicationUuid: item.application.uuid },
              {
                onError: (error) =>
                  toast({ variant: 'negative', content: t`Could not retry ${name}: ${errorMessage(error)}` }),
              },
            )
          }
        >
          <RotateCw aria-hidden="true" />
          <Trans>Retry</Trans>
        </Button>
      ) : null}
      {item.status === 'not_requested' ? (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t`Install ${name} now`}
          disabled={install.isPending}
          onClick={() =>
            install.mutate(item.application.uuid, {
              onError: (error) =>
                toast({ variant: 'negative', content: t`Could not install ${name}: ${errorMessage(error)}` }),
            })
          }
        >
          <Download aria-hidden="true" />
          <Trans>Install</Trans>
        </Button>
      ) : null}
      {item.reason ? <p className="w-full text-sm text-slate-500">{item.reason}</p> : null}
    </li>
  );
}

/**
 * A person's applications from their bundle and where each stands on their devices (issue 29, item 5):
 * pending until an inventory confirms it, installed, failed with the MDM's reason (and a retry), offered
 * in self service or skipped with why. Read again while one is pending.
 */
export function PersonApplications({
  personUuid,
  showBundle = true,
}: {
  personUuid: string;
  showBundle?: boolean;
}) {
  const { t } = useLingui();
  const query = usePersonApplications(personUuid);
  if (query.isError && !query.data)
    return (
      <LoadError
        title={t`Could not load the applications`}
        fallback={t`Please try again.`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data)
    return (
      <div className="space-y-2 py-2">
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-full" />
      </div>
    );
  const { bundle, items } = query.data;
  if (!bundle)
    return (
      <p className="py-2 text-sm text-slate-500">
        <Trans>Not in a bundle: no applications are installed for this person.</Trans>
      </p>
    );
  const bundleName = bundle.name;
  return (
    <section aria-label={t`Applications of ${bundleName}`}>
      {showBundle ? (
        <p className="text-sm text-slate-500">
          <Trans>From the bundle {bundleName}</Trans>
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="py-2 text-sm text-slate-500">
          <Trans>The bundle has no applications.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <ApplicationRow key={item.application.uuid} personUuid={personUuid} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
