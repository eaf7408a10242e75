import type { BundleApplicationView } from '@equip/domain/bundles';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { EDIT_BUNDLE_VIEWS, type EditBundleView, paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { LinkTabs } from '@/ui/link-tabs';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { useChangeBundleEmployees } from '../api/change-bundle-employees';
import { useBundle } from '../api/get-bundle';
import { useSetBundleApplications } from '../api/set-bundle-applications';
import type { DraftApplication } from '../bundles-slice';
import { ApplicationPicker, PeoplePicker } from '../components/wizard-steps';

const VIEW_COPY: Record<EditBundleView, MessageDescriptor> = {
  'edit-software': msg`Change the apps in the bundle and how each is installed.`,
  'edit-assigned-employees': msg`Change who the bundle is assigned to.`,
};

/** The bundle's address with its tab, where editing goes back to. */
const bundlePath = (uuid: string, tab: 'applications' | 'employees') =>
  `${paths.dashboard.bundles}/${encodeURIComponent(uuid)}?tab=${tab}`;

const draftOf = (entry: BundleApplicationView): DraftApplication => ({
  application: entry.application,
  management: entry.management,
});

/** edit-software: the bundle's applications chosen again; those kept keep their account settings. */
function EditSoftware({ uuid, applications }: { uuid: string; applications: BundleApplicationView[] }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<DraftApplication[]>(() => applications.map(draftOf));
  const save = useSetBundleApplications(uuid);
  const before = new Map(applications.map((entry) => [entry.application.uuid, entry]));
  const submit = () =>
    save.mutate(
      {
        applications: chosen.map((entry) => {
          const kept = before.get(entry.application.uuid);
          return kept
            ? {
                applicationUuid: entry.application.uuid,
                management: entry.management,
                offboardingType: kept.offboardingType,
                onboardingShouldCreateAccount: kept.onboardingShouldCreateAccount,
                owners: kept.owners,
              }
            : { applicationUuid: entry.application.uuid, management: entry.management };
        }),
      },
      { onSuccess: () => navigate(bundlePath(uuid, 'applications')) },
    );
  return (
    <div className="space-y-4">
      <ApplicationPicker
        chosen={chosen}
        onChoose={(entry) =>
          setChosen((current) =>
            current.some((e) => e.application.uuid === entry.application.uuid)
              ? current.map((e) => (e.application.uuid === entry.application.uuid ? entry : e))
              : [...current, entry],
          )
        }
        onRemove={(applicationUuid) =>
          setChosen((current) => current.filter((e) => e.application.uuid !== applicationUuid))
        }
      />
      {save.isError ? (
        <Alert variant="error">{errorMessage(save.error, t`Could not save the bundle`)}</Alert>
      ) : null}
      <Button loading={save.isPending} onClick={submit}>
        <Trans>Save software</Trans>
      </Button>
    </div>
  );
}

/** edit-assigned-employees: people added to and taken out of the bundle. */
function EditEmployees({ uuid, employeeUuids }: { uuid: string; employeeUuids: string[] }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState(() => new Set(employeeUuids));
  const save = useChangeBundleEmployees(uuid);
  const submit = () => {
    const before = new Set(employeeUuids);
    save.mutate(
      {
        added: [...chosen].filter((person) => !before.has(person)),
        removed: employeeUuids.filter((person) => !chosen.has(person)),
      },
      { onSuccess: () => navigate(bundlePath(uuid, 'employees')) },
    );
  };
  return (
    <div className="space-y-4">
      <PeoplePicker
        isChosen={(person) => chosen.has(person)}
        count={chosen.size}
        onToggle={(person) =>
          setChosen((current) => {
            const next = new Set(current);
            if (next.has(person.uuid)) next.delete(person.uuid);
            else next.add(person.uuid);
            return next;
          })
        }
        onAddMany={(people) => setChosen((current) => new Set([...current, ...people.map((p) => p.uuid)]))}
      />
      {save.isError ? (
        <Alert variant="error">{errorMessage(save.error, t`Could not save the bundle`)}</Alert>
      ) : null}
      <Button loading={save.isPending} onClick={submit}>
        <Trans>Save employees</Trans>
      </Button>
    </div>
  );
}

/**
 * Editing a bundle (SPEC §2) at `/dashboard/action/edit-bundle/{view}?bundle=<uuid>`, with the sub-views
 * edit-software and edit-assigned-employees; saving goes back to the bundle.
 */
export function EditBundlePage() {
  const { t, i18n } = useLingui();
  const { view } = useParams();
  const [search] = useSearchParams();
  const uuid = search.get('bundle');
  const current = EDIT_BUNDLE_VIEWS.find((candidate) => candidate === view);
  const bundle = useBundle(uuid ?? '', { enabled: uuid !== null });
  if (uuid && !current)
    return <Navigate to={`${paths.dashboard.editBundle('edit-software')}?${search.toString()}`} replace />;
  if (!uuid || !current)
    return (
      <div className="space-y-6">
        <BackLink to={paths.dashboard.bundles}>
          <Trans>Bundles</Trans>
        </BackLink>
        <EmptyState
          icon={PackageCheck}
          title={t`Choose a bundle to edit`}
          description={t`Open a bundle from the Bundles page to edit its software or its employees.`}
        />
      </div>
    );
  return (
    <div className="space-y-6">
      <BackLink to={bundlePath(uuid, current === 'edit-software' ? 'applications' : 'employees')}>
        {bundle.data?.name ?? <Trans>Bundle</Trans>}
      </BackLink>
      <PageHeader title={bundle.data?.name} description={i18n._(VIEW_COPY[current])} />
      <LinkTabs
        label={t`Edit the bundle`}
        current={current}
        tabs={EDIT_BUNDLE_VIEWS.map((id) => ({
          id,
          to: `${paths.dashboard.editBundle(id)}?${search.toString()}`,
          label: id === 'edit-software' ? t`Software` : t`Employees`,
        }))}
      />
      {bundle.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : bundle.isError ? (
        <LoadError
          error={bundle.error}
          fallback={t`Could not load the bundle`}
          onRetry={() => void bundle.refetch()}
          retrying={bundle.isRefetching}
        />
      ) : current === 'edit-software' ? (
        <EditSoftware uuid={uuid} applications={bundle.data.applications} />
      ) : (
        <EditEmployees uuid={uuid} employeeUuids={bundle.data.employeeUuids} />
      )}
    </div>
  );
}
