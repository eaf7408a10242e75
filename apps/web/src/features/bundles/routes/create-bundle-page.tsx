import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { CREATE_BUNDLE_STEPS, type CreateBundleStep, paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/error-message';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Alert } from '@/ui/alert';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { PageHeader } from '@/ui/page-header';
import { StepList } from '@/ui/step-list';
import { useCreateBundle } from '../api/create-bundle';
import { clearDraft, selectDraft, selectDraftIsDirty } from '../bundles-slice';
import { AddSoftwareStep, AssignEmployeesStep, SetNameStep, SummaryStep } from '../components/wizard-steps';

const STEP_COPY: Record<CreateBundleStep, { label: MessageDescriptor; description: MessageDescriptor }> = {
  'set-name': { label: msg`Name`, description: msg`Name the bundle and describe who it is for.` },
  'add-software': {
    label: msg`Software`,
    description: msg`Pick desktop and mobile apps and choose how each is installed.`,
  },
  'assign-employees': {
    label: msg`Employees`,
    description: msg`Choose the employees who receive the bundle.`,
  },
  summary: { label: msg`Summary`, description: msg`Review the bundle before creating it.` },
};

/**
 * The bundle creation wizard (SPEC §2) at `/dashboard/action/create-bundle/{step}`: set-name,
 * add-software, assign-employees, summary. The step is the address (Back and Forward move between
 * steps); the work is the `bundles` slice's draft, so leaving and coming back loses nothing, and closing
 * the tab with unsaved work asks first. A step past set-name without a name goes back to it.
 */
export function CreateBundlePage() {
  const { t, i18n } = useLingui();
  const { step } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  const dirty = useAppSelector(selectDraftIsDirty);
  const create = useCreateBundle();
  const [nameError, setNameError] = useState<string | undefined>();
  // The draft is cleared once the wizard has left for the created bundle (not before: the wizard would
  // see no name and go back to its first step).
  const created = useRef(false);
  useEffect(
    () => () => {
      if (created.current) dispatch(clearDraft());
    },
    [dispatch],
  );

  useEffect(() => {
    if (!dirty || created.current) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const current = CREATE_BUNDLE_STEPS.find((candidate) => candidate === step);
  if (!current) return <Navigate to={paths.dashboard.createBundle()} replace />;
  if (current !== 'set-name' && draft.name.trim() === '')
    return <Navigate to={paths.dashboard.createBundle('set-name')} replace />;
  const index = CREATE_BUNDLE_STEPS.indexOf(current);
  const previous = CREATE_BUNDLE_STEPS[index - 1];
  const next = CREATE_BUNDLE_STEPS[index + 1];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (current === 'set-name' && draft.name.trim() === '') {
      setNameError(t`Give the bundle a name.`);
      return;
    }
    setNameError(undefined);
    if (next) {
      navigate(paths.dashboard.createBundle(next));
      return;
    }
    create.mutate(
      {
        name: draft.name.trim(),
        description: draft.description.trim() || null,
        applications: draft.selection.applications.map((entry) => ({
          applicationUuid: entry.application.uuid,
          management: entry.management,
        })),
        employeeUuids: draft.employees.map((person) => person.uuid),
      },
      {
        onSuccess: (bundle) => {
          created.current = true;
          navigate(`${paths.dashboard.bundles}/${encodeURIComponent(bundle.uuid)}`);
        },
      },
    );
  };

  return (
    <form className="space-y-6" onSubmit={submit} noValidate>
      <BackLink to={paths.dashboard.bundles}>
        <Trans>Bundles</Trans>
      </BackLink>
      <PageHeader description={i18n._(STEP_COPY[current].description)} />
      <StepList
        label={t`Bundle creation steps`}
        current={current}
        steps={CREATE_BUNDLE_STEPS.map((id) => ({ id, label: i18n._(STEP_COPY[id].label) }))}
      />
      {current === 'set-name' ? <SetNameStep error={nameError} /> : null}
      {current === 'add-software' ? <AddSoftwareStep /> : null}
      {current === 'assign-employees' ? <AssignEmployeesStep /> : null}
      {current === 'summary' ? <SummaryStep /> : null}
      {create.isError ? (
        <Alert variant="error">{errorMessage(create.error, t`Could not create the bundle`)}</Alert>
      ) : null}
      <div className="flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-4">
        {previous ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => navigate(paths.dashboard.createBundle(previous))}
          >
            <ArrowLeft aria-hidden="true" />
            <Trans>Back</Trans>
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" loading={create.isPending}>
          {next ? (
            <>
              <Trans>Continue</Trans>
              <ArrowRight aria-hidden="true" />
            </>
          ) : (
            <>
              <Check aria-hidden="true" />
              <Trans>Create bundle</Trans>
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
