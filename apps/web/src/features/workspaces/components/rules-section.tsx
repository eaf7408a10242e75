import type { WorkspaceGroup, WorkspaceRule } from '@equip/domain/workspaces';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { Button, IconButton } from '@/ui/button';
import { Card } from '@/ui/card';
import { LoadError } from '@/ui/load-error';
import { Skeleton } from '@/ui/skeleton';
import { useToast } from '@/ui/toast';
import { useSaveRules, useWorkspaceGroups, useWorkspaceRules } from '../api/workspaces';

/**
 * Auto-assignment (decision 033): a new employee of a department joins these groups. One rule per
 * department; groups Equip cannot change members of are not offered. Saved whole.
 */
export function RulesSection() {
  const { t } = useLingui();
  const { toast } = useToast();
  const rules = useWorkspaceRules(true);
  const groups = useWorkspaceGroups(true);
  const save = useSaveRules();
  const [draft, setDraft] = useState<WorkspaceRule[] | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (rules.data && draft === null) setDraft(rules.data.map((r) => ({ ...r, groupIds: [...r.groupIds] })));
  }, [rules.data, draft]);

  const assignable = (groups.data ?? []).filter((g) => !g.autoAssignIssue);
  const update = (index: number, change: Partial<WorkspaceRule>) =>
    setDraft((before) => (before ?? []).map((rule, i) => (i === index ? { ...rule, ...change } : rule)));

  return (
    <section className="space-y-3" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        <Trans>Auto-assignment rules</Trans>
      </h2>
      <p className="text-sm text-slate-600">
        <Trans>New employees of a department join its groups when they are onboarded.</Trans>
      </p>
      {rules.isPending || groups.isPending || draft === null ? (
        rules.isError ? (
          <LoadError
            error={rules.error}
            fallback={t`The rules could not be loaded.`}
            onRetry={() => rules.refetch()}
            retrying={rules.isFetching}
          />
        ) : (
          <div role="status" aria-label={t`Loading rules…`}>
            <Skeleton className="h-20 w-full" />
          </div>
        )
      ) : (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { items: draft.filter((r) => r.department.trim() !== '') },
              {
                onSuccess: (saved) => {
                  setDraft(saved.items);
                  toast({ variant: 'positive', content: t`The rules are saved.` });
                },
                onError: (error) => toast({ variant: 'negative', content: errorMessage(error) }),
              },
            );
          }}
        >
          {draft.length === 0 ? (
            <p className="text-sm text-slate-500">
              <Trans>No rules yet.</Trans>
            </p>
          ) : null}
          <ul className="space-y-3">
            {draft.map((rule, index) => (
              <RuleRow
                // biome-ignore lint/suspicious/noArrayIndexKey: a rule being typed has no id yet
                key={index}
                rule={rule}
                groups={assignable}
                onChange={(change) => update(index, change)}
                onRemove={() => setDraft(draft.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setDraft([...draft, { department: '', groupIds: [] }])}
            >
              <Plus aria-hidden="true" className="size-4" />
              <Trans>Add rule</Trans>
            </Button>
            <Button type="submit" size="sm" loading={save.isPending}>
              <Trans>Save rules</Trans>
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function RuleRow({
  rule,
  groups,
  onChange,
  onRemove,
}: {
  rule: WorkspaceRule;
  groups: readonly WorkspaceGroup[];
  onChange: (change: Partial<WorkspaceRule>) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const inputId = useId();
  return (
    <li>
      <Card className="space-y-2 p-4">
        <div className="flex items-end gap-2">
          <div className="grow">
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
              <Trans>Department</Trans>
            </label>
            <input
              id={inputId}
              value={rule.department}
              onChange={(event) => onChange({ department: event.target.value })}
              className="mt-1 h-9 w-full rounded-lg px-3 text-sm ring-1 ring-slate-300 ring-inset focus-visible:outline-2 focus-visible:outline-indigo-600"
            />
          </div>
          <IconButton
            label={rule.department ? t`Remove the rule of ${rule.department}` : t`Remove this rule`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
        <fieldset>
          <legend className="text-sm text-slate-700">
            <Trans>Groups</Trans>
          </legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {groups.map((group) => (
              <label key={group.externalId} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 accent-indigo-600"
                  checked={rule.groupIds.includes(group.externalId)}
                  onChange={(event) =>
                    onChange({
                      groupIds: event.target.checked
                        ? [...rule.groupIds, group.externalId]
                        : rule.groupIds.filter((id) => id !== group.externalId),
                    })
                  }
                />
                {group.name}
              </label>
            ))}
          </div>
        </fieldset>
      </Card>
    </li>
  );
}
