import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { fullName } from '@/lib/format';
import { SearchInput } from '@/ui/search-input';
import { usePeopleSearch } from '../api/find-people';

/**
 * A person of the organisation, searched by name or email, picked from the first matches: whom a device
 * or a peripheral goes to (assets use it through `public.ts`).
 */
export function PersonPicker({
  value,
  onChange,
}: {
  value: string | null;
  /** The person picked (their name and email too, for showing who was picked). */
  onChange: (personUuid: string, person: { firstName: string; lastName: string; email: string }) => void;
}) {
  const { t } = useLingui();
  const groupId = useId();
  const [search, setSearch] = useState('');
  const people = usePeopleSearch(search);
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-900">
        <Trans>Person</Trans>
      </legend>
      <SearchInput
        label={t`Search people`}
        placeholder={t`Search name or email`}
        value={search}
        onValueChange={setSearch}
      />
      <ul className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200">
        {people.data?.length === 0 ? (
          <li className="px-3 py-2 text-sm text-slate-500">
            <Trans>Nobody matches.</Trans>
          </li>
        ) : null}
        {people.data?.map((person) => (
          <li key={person.uuid}>
            <label
              className={cn(
                'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50',
                value === person.uuid && 'bg-indigo-50',
              )}
            >
              <input
                type="radio"
                name={`${groupId}-person`}
                value={person.uuid}
                checked={value === person.uuid}
                onChange={() => onChange(person.uuid, person)}
                className="size-4 accent-indigo-600"
              />
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{fullName(person)}</span>
                <span className="block truncate text-xs text-slate-500">{person.email}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
