import { type Application, isMobileApplication, ManagementType } from '@equip/domain/bundles';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { compareText, formatNumber, fullName } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { TextField } from '@/ui/form-field';
import { SearchInput } from '@/ui/search-input';
import { SelectField } from '@/ui/select-field';
import { Skeleton } from '@/ui/skeleton';
import { useApplications } from '../api/get-applications';
import { getDepartmentPeople, usePeople } from '../api/get-people';
import {
  addDraftEmployees,
  chooseDraftApplication,
  type DraftApplication,
  type DraftEmployee,
  removeDraftApplication,
  selectDraft,
  setDraftDescription,
  setDraftName,
  toggleDraftEmployee,
} from '../bundles-slice';
import { MANAGEMENT_TYPE_LABELS, PLATFORM_LABELS } from '../lib/bundle-labels';

/** Step set-name: the bundle's name (required) and description. */
export function SetNameStep({ error }: { error: string | undefined }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  return (
    <div className="max-w-xl space-y-4">
      <TextField
        label={t`Name`}
        value={draft.name}
        maxLength={100}
        required
        error={error}
        onChange={(event) => dispatch(setDraftName(event.target.value))}
      />
      <TextField
        label={t`Description`}
        hint={t`Who the bundle is for (optional).`}
        value={draft.description}
        maxLength={1000}
        onChange={(event) => dispatch(setDraftDescription(event.target.value))}
      />
    </div>
  );
}

interface ApplicationChoices {
  /** The chosen applications with how each is installed. */
  chosen: readonly DraftApplication[];
  /** Chooses an application, or changes how a chosen one is installed. */
  onChoose: (entry: DraftApplication) => void;
  onRemove: (applicationUuid: string) => void;
}

function ApplicationChoice({
  application,
  chosen,
  onChoose,
  onRemove,
}: { application: Application; chosen: DraftApplication | undefined } & Omit<ApplicationChoices, 'chosen'>) {
  const { t } = useLingui();
  const managementOptions = ManagementType.options.map((value) => ({
    value,
    label: MANAGEMENT_TYPE_LABELS[value],
  }));
  const entry = (management: DraftApplication['management']): DraftApplication => ({
    application: { uuid: application.uuid, name: application.name, platforms: application.platforms },
    management,
  });
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <Checkbox
          label={application.name}
          checked={chosen !== undefined}
          onChange={() => (chosen ? onRemove(application.uuid) : onChoose(entry('MANAGED_INSTALLS')))}
        />
        <span className="min-w-0">
          <span className="block truncate font-medium text-slate-900">{application.name}</span>
          <span className="block truncate text-xs text-slate-500">
            {application.platforms.map((platform) => PLATFORM_LABELS[platform]).join(' · ')}
          </span>
        </span>
      </div>
      {chosen ? (
        <SelectField
          label={<span className="sr-only">{t`How ${application.name} is installed`}</span>}
          className="w-full sm:w-64"
          options={managementOptions}
          value={chosen.management}
          onChange={(event) => onChoose(entry(ManagementType.parse(event.target.value)))}
        />
      ) : null}
    </li>
  );
}

/**
 * The catalog to choose from (the wizard's add-software step, editing's edit-software): desktop and
 * mobile apps, searched by name, each chosen one with how it is installed.
 */
export function ApplicationPicker({ chosen, onChoose, onRemove }: ApplicationChoices) {
  const { t, i18n } = useLingui();
  const catalog = useApplications();
  const [search, setSearch] = useState('');
  if (catalog.isPending)
    return (
      <div className="space-y-2" aria-busy="true">
        <span className="sr-only">
          <Trans>Loading the applications…</Trans>
        </span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (catalog.isError)
    return <Alert variant="error">{errorMessage(catalog.error, t`Could not load the applications`)}</Alert>;
  const words = search.trim().toLocaleLowerCase(i18n.locale);
  const shown = catalog.data.items
    .filter((app) => words === '' || app.name.toLocaleLowerCase(i18n.locale).includes(words))
    .sort((a, b) => compareText(a.name, b.name));
  const chosenOf = (uuid: string) => chosen.find((e) => e.application.uuid === uuid);
  const section = (title: string, apps: Application[]) => (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white">
      <h3 className="border-b border-slate-200 px-4 py-2.5 text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto">
        {apps.map((app) => (
          <ApplicationChoice
            key={app.uuid}
            application={app}
            chosen={chosenOf(app.uuid)}
            onChoose={onChoose}
            onRemove={onRemove}
          />
        ))}
      </ul>
    </section>
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          label={t`Search applications`}
          placeholder={t`Application name`}
          value={search}
          onValueChange={setSearch}
          className="w-full sm:w-72"
        />
        <p aria-live="polite" className="text-sm text-slate-500 tabular-nums">
          <Trans>{formatNumber(chosen.length)} chosen</Trans>
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {section(
          t`Desktop apps`,
          shown.filter((app) => !isMobileApplication(app)),
        )}
        {section(
          t`Mobile apps`,
          shown.filter((app) => isMobileApplication(app)),
        )}
      </div>
    </div>
  );
}

/**
 * A whole department at once: its name, and everyone whose department it is joins the chosen people
 * (assigned through the same route as one by one, issue 29).
 */
function DepartmentAdder({ onAdd }: { onAdd: (people: DraftEmployee[]) => void }) {
  const { t } = useLingui();
  const [department, setDepartment] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ error: boolean; text: string } | null>(null);
  const add = async () => {
    const name = department.trim();
    if (!name) return;
    setBusy(true);
    try {
      const people = await getDepartmentPeople(name);
      onAdd(people.map((person) => ({ uuid: person.uuid, name: fullName(person) })));
      const count = formatNumber(people.length);
      setResult({
        error: people.length === 0,
        text:
          people.length === 0
            ? t`Nobody is in the department ${name}.`
            : t`Added ${count} people of ${name}.`,
      });
    } catch (error) {
      setResult({ error: true, text: errorMessage(error, t`Could not load the employees`) });
    } finally {
      setBusy(false);
    }
  };
  return (
    // Not a form: the wizard's steps are in one.
    <fieldset aria-label={t`Add a department`} className="flex flex-wrap items-end gap-3">
      <TextField
        label={t`Department`}
        value={department}
        maxLength={100}
        onChange={(event) => setDepartment(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          void add();
        }}
        className="w-full sm:w-72"
      />
      <Button
        type="button"
        variant="secondary"
        onClick={() => void add()}
        loading={busy}
        disabled={!department.trim()}
      >
        <Trans>Add the department</Trans>
      </Button>
      {result ? (
        <p role="status" className={result.error ? 'text-sm text-red-700' : 'text-sm text-slate-600'}>
          {result.text}
        </p>
      ) : null}
    </fieldset>
  );
}

/** People found by name, chosen with a checkbox (the wizard's assign-employees step, editing's employees). */
export function PeoplePicker({
  isChosen,
  count,
  onToggle,
  onAddMany,
}: {
  isChosen: (uuid: string) => boolean;
  /** How many are chosen. */
  count: number;
  onToggle: (person: DraftEmployee) => void;
  /** Adds many at once (a department); without it, people are chosen one by one. */
  onAddMany?: (people: DraftEmployee[]) => void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const people = usePeople(search.trim());
  return (
    <div className="space-y-4">
      {onAddMany ? <DepartmentAdder onAdd={onAddMany} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          label={t`Search employees`}
          placeholder={t`Name or email`}
          value={search}
          onValueChange={setSearch}
          className="w-full sm:w-72"
        />
        <p aria-live="polite" className="text-sm text-slate-500 tabular-nums">
          <Trans>{formatNumber(count)} chosen</Trans>
        </p>
      </div>
      {people.isError ? (
        <Alert variant="error">{errorMessage(people.error, t`Could not load the employees`)}</Alert>
      ) : (
        <ul
          aria-label={t`Employees`}
          aria-busy={people.isFetching}
          className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 bg-white"
        >
          {(people.data?.items ?? []).map((person) => {
            const name = fullName(person);
            return (
              <li key={person.uuid} className="px-4 py-2.5">
                <div className="flex items-center gap-3">
                  <Checkbox
                    label={name}
                    checked={isChosen(person.uuid)}
                    onChange={() => onToggle({ uuid: person.uuid, name })}
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{name}</span>
                    <span className="block truncate text-xs text-slate-500">{person.email}</span>
                  </span>
                </div>
              </li>
            );
          })}
          {people.data && people.data.items.length === 0 ? (
            <li className="px-4 py-6 text-sm text-slate-500">
              <Trans>Nobody matches this search.</Trans>
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );
}

/** Step add-software: the draft's applications. */
export function AddSoftwareStep() {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  return (
    <ApplicationPicker
      chosen={draft.selection.applications}
      onChoose={(entry) => dispatch(chooseDraftApplication(entry))}
      onRemove={(uuid) => dispatch(removeDraftApplication(uuid))}
    />
  );
}

/** Step assign-employees: the draft's people. */
export function AssignEmployeesStep() {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  const chosen = new Set(draft.employees.map((e) => e.uuid));
  return (
    <PeoplePicker
      isChosen={(uuid) => chosen.has(uuid)}
      count={chosen.size}
      onToggle={(person) => dispatch(toggleDraftEmployee(person))}
      onAddMany={(people) => dispatch(addDraftEmployees(people))}
    />
  );
}

/** Step summary: what the bundle will hold before it is created. */
export function SummaryStep() {
  const draft = useAppSelector(selectDraft);
  const apps = [...draft.selection.applications].sort((a, b) =>
    compareText(a.application.name, b.application.name),
  );
  return (
    <dl className="grid max-w-3xl gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <dt className="text-sm font-medium text-slate-500">
          <Trans>Name</Trans>
        </dt>
        <dd className="text-lg font-semibold text-slate-900">{draft.name}</dd>
        {draft.description ? <dd className="text-sm text-slate-600">{draft.description}</dd> : null}
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-500">
          <Trans>Applications ({formatNumber(apps.length)})</Trans>
        </dt>
        <dd>
          <ul className="mt-1 space-y-1 text-sm text-slate-800">
            {apps.map((entry) => (
              <li key={entry.application.uuid}>
                {entry.application.name} — {MANAGEMENT_TYPE_LABELS[entry.management]}
              </li>
            ))}
          </ul>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-500">
          <Trans>Employees ({formatNumber(draft.employees.length)})</Trans>
        </dt>
        <dd>
          <ul className="mt-1 space-y-1 text-sm text-slate-800">
            {draft.employees.map((person) => (
              <li key={person.uuid}>{person.name}</li>
            ))}
          </ul>
        </dd>
      </div>
    </dl>
  );
}
