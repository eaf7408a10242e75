import {
  accountDeletionOf,
  type BundleApplicationView,
  SubscriptionOffboardingType,
} from '@equip/domain/bundles';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { getEmployeeQueryOptions } from '@/features/employees/public';
import { describeFailure } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { Button, IconButton } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { SearchInput } from '@/ui/search-input';
import { SelectField } from '@/ui/select-field';
import { usePeople } from '../api/get-people';
import { useSetBundleApplication } from '../api/set-bundle-application';
import { OFFBOARDING_TYPE_LABELS } from '../lib/bundle-labels';

/** How many people a search offers as owners at once. */
const OFFERED = 6;

const personName = (person: { firstName: string; lastName: string; email: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

/**
 * An application's account settings in a bundle (SPEC §3/§4): whether joining creates an account, what
 * happens to a leaver's account, and the people who own its accounts. Who then deletes a leaver's
 * account is the domain's rule (`accountDeletionOf`), shown as it changes.
 */
export function ApplicationAccountDialog({
  bundleUuid,
  entry,
  open,
  onOpenChange,
}: {
  bundleUuid: string;
  entry: BundleApplicationView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const { application } = entry;
  const save = useSetBundleApplication(bundleUuid, application.uuid);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={save.isPending}
      title={t`Accounts of ${application.name}`}
      description={t`What Equip does with people's ${application.name} accounts when they join or leave.`}
    >
      <AccountForm entry={entry} save={save} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function AccountForm({
  entry,
  save,
  onDone,
}: {
  entry: BundleApplicationView;
  save: ReturnType<typeof useSetBundleApplication>;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const [createAccount, setCreateAccount] = useState(entry.onboardingShouldCreateAccount);
  const [offboardingType, setOffboardingType] = useState(entry.offboardingType);
  const [owners, setOwners] = useState<string[]>(entry.owners);
  const [search, setSearch] = useState('');
  const createAccountId = useId();
  const people = usePeople(search.trim());
  const ownerRecords = useQueries({ queries: owners.map((uuid) => getEmployeeQueryOptions(uuid)) });
  const failure = save.isError
    ? describeFailure(save.error, { fallback: t`The account settings could not be saved.` })
    : undefined;
  const deletion = accountDeletionOf(entry.application, { offboardingType, owners });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { management: entry.management, onboardingShouldCreateAccount: createAccount, offboardingType, owners },
      { onSuccess: onDone },
    );
  }

  const offered = search.trim()
    ? (people.data?.items ?? []).filter((person) => !owners.includes(person.uuid)).slice(0, OFFERED)
    : [];
  return (
    <form className="space-y-5" onSubmit={onSubmit} aria-label={t`Account settings`}>
      <div className="flex items-center gap-2 text-sm text-slate-900">
        <Checkbox
          id={createAccountId}
          checked={createAccount}
          onChange={(event) => setCreateAccount(event.target.checked)}
        />
        <label htmlFor={createAccountId}>
          <Trans>Create an account when someone joins</Trans>
        </label>
      </div>
      <SelectField
        label={t`When someone leaves`}
        options={[
          { value: '', label: t`Leave the account as it is` },
          ...SubscriptionOffboardingType.options.map((value) => ({
            value,
            label: i18n._(OFFBOARDING_TYPE_LABELS[value]),
          })),
        ]}
        value={offboardingType ?? ''}
        onChange={(event) =>
          setOffboardingType(
            event.target.value === '' ? null : SubscriptionOffboardingType.parse(event.target.value),
          )
        }
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">
          <Trans>Owners</Trans>
        </legend>
        <p className="text-sm text-slate-500">
          <Trans>The people who look after this application's accounts and licences.</Trans>
        </p>
        {owners.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={t`Owners`}>
            {owners.map((uuid, index) => {
              const record = ownerRecords[index]?.data;
              const name = record ? personName(record) : t`Loading…`;
              return (
                <li
                  key={uuid}
                  className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800"
                >
                  {name}
                  <IconButton
                    label={t`Remove ${name}`}
                    className="size-6 [&_svg]:size-3.5"
                    onClick={() => setOwners(owners.filter((owner) => owner !== uuid))}
                  >
                    <X aria-hidden="true" />
                  </IconButton>
                </li>
              );
            })}
          </ul>
        ) : null}
        <SearchInput
          label={t`Find a person to add as an owner`}
          placeholder={t`Name or email`}
          value={search}
          onValueChange={setSearch}
        />
        {offered.length > 0 ? (
          <ul
            className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200"
            aria-label={t`People found`}
          >
            {offered.map((person) => (
              <li key={person.uuid} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="min-w-0 truncate">
                  {personName(person)} <span className="text-slate-500">{person.email}</span>
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setOwners([...owners, person.uuid]);
                    setSearch('');
                  }}
                >
                  <Trans>Add {personName(person)}</Trans>
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite">
        {deletion === 'managed_by_owners' ? (
          <Trans>A leaver's account is left to the owners.</Trans>
        ) : deletion === 'managed_by_equip' ? (
          <Trans>Equip deletes a leaver's account.</Trans>
        ) : (
          <Trans>Nobody is asked to delete a leaver's account.</Trans>
        )}
      </p>
      {failure?.message ? <Alert variant="error">{failure.message}</Alert> : null}
      <FormDialogActions submitLabel={t`Save`} pending={save.isPending} />
    </form>
  );
}
