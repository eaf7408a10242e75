import type { WorkspaceGroup, WorkspaceMembersResult } from '@equip/domain/workspaces';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { cn } from '@/lib/cn';
import { fullName } from '@/lib/format';
import { Button } from '@/ui/button';
import { FormDialog } from '@/ui/form-dialog';
import { SearchInput } from '@/ui/search-input';
import { useToast } from '@/ui/toast';
import { useChangeMembers, useEmployeeSearch } from '../api/workspaces';
import { ISSUE_LABELS } from './workspace-labels';

/**
 * Adds employees to the chosen groups, or removes them: employees searched by name or email and ticked,
 * then one request for every group (`groupIds`). A group that cannot take the change says why.
 */
export function MembersDialog({
  direction,
  groups,
  open,
  onOpenChange,
}: {
  direction: 'add' | 'remove';
  groups: readonly WorkspaceGroup[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const change = useChangeMembers();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const people = useEmployeeSearch(search);
  const listId = useId();
  const names = groups.map((g) => g.name).join(', ');

  function toggle(uuid: string, name: string) {
    setPicked((before) => {
      const next = new Map(before);
      if (next.has(uuid)) next.delete(uuid);
      else next.set(uuid, name);
      return next;
    });
  }

  function report(result: WorkspaceMembersResult) {
    const blocked = result.groups.filter((g) => g.issue);
    for (const group of blocked) {
      const name = groups.find((g) => g.externalId === group.groupId)?.name ?? group.groupId;
      toast({ variant: 'negative', content: t`${name}: ${i18n._(ISSUE_LABELS[group.issue!])}` });
    }
    const count = picked.size;
    if (blocked.length < result.groups.length)
      toast({
        variant: 'positive',
        content:
          direction === 'add'
            ? t`Added ${count} employees to ${names}.`
            : t`Removed ${count} employees from ${names}.`,
      });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setPicked(new Map());
          setSearch('');
        }
        onOpenChange(next);
      }}
      busy={change.isPending}
      title={direction === 'add' ? t`Add employees to groups` : t`Remove employees from groups`}
      description={names}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (picked.size === 0) return;
          change.mutate(
            { direction, groupIds: groups.map((g) => g.externalId), userUuids: [...picked.keys()] },
            {
              onSuccess: (result) => {
                report(result);
                setPicked(new Map());
                onOpenChange(false);
              },
              onError: (error) => toast({ variant: 'negative', content: errorMessage(error) }),
            },
          );
        }}
      >
        <SearchInput
          label={t`Search employees`}
          placeholder={t`Search name or email`}
          value={search}
          onValueChange={setSearch}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-900">
            <Trans>Employees</Trans>
          </legend>
          <ul
            id={listId}
            className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200"
          >
            {people.isPending ? (
              <li className="px-3 py-2 text-sm text-slate-500" role="status">
                <Trans>Loading employees…</Trans>
              </li>
            ) : people.isError ? (
              <li className="px-3 py-2 text-sm text-red-700" role="alert">
                <Trans>The employees could not be loaded.</Trans>
              </li>
            ) : people.data.length === 0 ? (
              <li className="px-3 py-2 text-sm text-slate-500">
                <Trans>Nobody matches.</Trans>
              </li>
            ) : (
              people.data.map((person) => (
                <li key={person.uuid}>
                  <label
                    className={cn(
                      'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50',
                      picked.has(person.uuid) && 'bg-indigo-50',
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={picked.has(person.uuid)}
                      onChange={() => toggle(person.uuid, fullName(person))}
                      className="size-4 accent-indigo-600"
                    />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">{fullName(person)}</span>
                      <span className="block truncate text-xs text-slate-500">{person.email}</span>
                    </span>
                  </label>
                </li>
              ))
            )}
          </ul>
        </fieldset>
        <p className="text-sm text-slate-600" aria-live="polite">
          {picked.size === 0 ? (
            <Trans>Nobody chosen yet.</Trans>
          ) : (
            <Trans>Chosen: {[...picked.values()].join(', ')}</Trans>
          )}
        </p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={picked.size === 0} loading={change.isPending}>
            {direction === 'add' ? <Trans>Add to groups</Trans> : <Trans>Remove from groups</Trans>}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
