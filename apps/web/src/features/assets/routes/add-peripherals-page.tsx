import type { AssetDefinition } from '@equip/domain/assets';
import { Trans, useLingui } from '@lingui/react/macro';
import { Minus, Plus, Trash2, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { PersonPicker } from '@/features/devices/public';
import { failureMessage } from '@/lib/api/error-message';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { BackLink } from '@/ui/back-link';
import { Button, IconButton } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { FormDialog } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { useToast } from '@/ui/toast';
import { useCreateAssetDefinition } from '../api/create-asset-definition';
import { useCreateAssets } from '../api/create-assets';
import { useAssetDefinitions } from '../api/get-asset-definitions';
import {
  type AssetsAddEntry,
  add,
  batchOf,
  changeQuantity,
  clear,
  remove,
  selectAssetsToAdd,
  selectNewItemCount,
  setItemDetails,
} from '../assets-add-slice';
import { groupByKind } from '../components/asset-definitions-panel';
import { AssetKindIcon } from '../components/asset-kind-icon';
import { DefinitionDialog } from '../components/definition-dialog';
import { assetsWord, kindName } from '../lib/asset-labels';

/** Per-item rows are offered up to this quantity (more are added without details, or imported). */
const DETAIL_ROWS = 50;

/**
 * `/dashboard/devices/add-peripherals` (issue 28, item 3): pick definitions (or create one), set how many
 * of each, optionally give each item a serial number and a person, and add them all at once (the
 * `assetsAdd` slice holds the list; the server writes all or none).
 */
export function AddPeripheralsPage() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const definitions = useAssetDefinitions();
  const entries = useAppSelector(selectAssetsToAdd);
  const total = useAppSelector(selectNewItemCount);
  const create = useCreateAssets();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const totalText = assetsWord(total);
  const byId = new Map((definitions.data?.items ?? []).map((definition) => [definition.uuid, definition]));

  function submit() {
    setError(null);
    const count = assetsWord(total);
    create.mutate(batchOf(entries), {
      onSuccess: () => {
        toast({ variant: 'positive', content: t`${count} added` });
        dispatch(clear());
        navigate(paths.dashboard.assets());
      },
      onError: (failure) => setError(failureMessage(t`Could not add the assets`, failure)),
    });
  }

  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.devices('assets')}>
        <Trans>Assets</Trans>
      </BackLink>
      <PageHeader
        description={t`Pick the models to add and how many of each; give items a serial number or a person if you like.`}
      />
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <section aria-labelledby="pick-models" className="space-y-3">
          <div className="flex items-center justify-between">
            <h2 id="pick-models" className="text-sm font-semibold text-slate-900">
              <Trans>Models</Trans>
            </h2>
            <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              <Trans>New model</Trans>
            </Button>
          </div>
          {definitions.isError && !definitions.data ? (
            <LoadError
              title={<Trans>Could not load the asset definitions</Trans>}
              error={definitions.error}
              fallback={t`Please try again in a moment.`}
              onRetry={() => void definitions.refetch()}
              retrying={definitions.isFetching}
            />
          ) : !definitions.data ? (
            <Skeleton className="h-40 w-full" />
          ) : definitions.data.items.length === 0 ? (
            <p className="text-sm text-slate-500">
              <Trans>No models yet: create the first one.</Trans>
            </p>
          ) : (
            groupByKind(definitions.data.items).map((group) => (
              <div key={group.kind}>
                <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.kind}</h3>
                <ul className="mt-1 space-y-1">
                  {group.definitions.map(({ name, ...definition }) => (
                    <li key={definition.uuid} className="flex items-center gap-2">
                      <AssetKindIcon kind={definition.kind} className="size-4 shrink-0 text-slate-500" />
                      <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{name}</span>
                      <IconButton label={t`Add ${name}`} onClick={() => dispatch(add(definition.uuid))}>
                        <Plus aria-hidden="true" />
                      </IconButton>
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
        </section>
        <section aria-labelledby="to-add" className="space-y-4">
          <h2 id="to-add" className="text-sm font-semibold text-slate-900">
            <Trans>To add</Trans>
          </h2>
          {entries.length === 0 ? (
            <EmptyState
              icon={Plus}
              headingLevel={3}
              title={t`Nothing picked yet`}
              description={t`Add models from the list; each one starts with one item.`}
            />
          ) : (
            <ul className="space-y-3">
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} definition={byId.get(entry.id)} />
              ))}
            </ul>
          )}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex items-center justify-end gap-3">
            {entries.length > 0 ? (
              <Button variant="secondary" onClick={() => dispatch(clear())} disabled={create.isPending}>
                <Trans>Clear</Trans>
              </Button>
            ) : null}
            <Button onClick={submit} disabled={total === 0} loading={create.isPending}>
              {total === 0 ? <Trans>Add assets</Trans> : t`Add ${totalText}`}
            </Button>
          </div>
        </section>
      </div>
      <NewDefinitionDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(definition) => dispatch(add(definition.uuid))}
      />
    </div>
  );
}

/** One model on the list: its quantity, and each item's serial number and person. */
function EntryRow({ entry, definition }: { entry: AssetsAddEntry; definition: AssetDefinition | undefined }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const [pickingFor, setPickingFor] = useState<number | null>(null);
  const name = definition?.name ?? '';
  const rows = Math.min(entry.quantity, DETAIL_ROWS);
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          {definition ? <AssetKindIcon kind={definition.kind} className="size-4" /> : null}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-500">
            {definition
              ? [kindName(definition), definition.vendor, definition.modelNumber].filter(Boolean).join(' · ')
              : null}
          </p>
        </div>
        <div className="flex items-center gap-1">
          <IconButton
            label={t`One fewer ${name}`}
            disabled={entry.quantity <= 1}
            onClick={() => dispatch(changeQuantity({ id: entry.id, quantity: entry.quantity - 1 }))}
          >
            <Minus aria-hidden="true" />
          </IconButton>
          <QuantityField
            label={t`Quantity of ${name}`}
            value={entry.quantity}
            onChange={(quantity) => dispatch(changeQuantity({ id: entry.id, quantity }))}
          />
          <IconButton
            label={t`One more ${name}`}
            onClick={() => dispatch(changeQuantity({ id: entry.id, quantity: entry.quantity + 1 }))}
          >
            <Plus aria-hidden="true" />
          </IconButton>
          <IconButton label={t`Remove ${name}`} onClick={() => dispatch(remove(entry.id))}>
            <Trash2 aria-hidden="true" />
          </IconButton>
        </div>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm text-indigo-700">
          <Trans>Serial numbers and people (optional)</Trans>
        </summary>
        <ol className="mt-3 space-y-2">
          {Array.from({ length: rows }, (_, index) => {
            const details = entry.items[index];
            const position = index + 1;
            const person = details?.employee?.name;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: an item is its position on the list
              <li key={index} className="flex flex-wrap items-end gap-3">
                <TextField
                  label={t`Serial number of item ${position}`}
                  className="min-w-48 flex-1"
                  value={details?.serialNumber ?? ''}
                  onChange={(event) =>
                    dispatch(
                      setItemDetails({ id: entry.id, index, details: { serialNumber: event.target.value } }),
                    )
                  }
                />
                {person ? (
                  <span className="inline-flex h-10 items-center gap-1 rounded-lg bg-indigo-50 pr-1 pl-3 text-sm text-indigo-800">
                    {person}
                    <IconButton
                      label={t`No person for item ${position}`}
                      onClick={() =>
                        dispatch(setItemDetails({ id: entry.id, index, details: { employee: null } }))
                      }
                    >
                      <X aria-hidden="true" />
                    </IconButton>
                  </span>
                ) : (
                  <Button variant="secondary" onClick={() => setPickingFor(index)}>
                    <UserRound aria-hidden="true" />
                    <span className="sr-only">{t`Person for item ${position}`}</span>
                    <span aria-hidden="true">
                      <Trans>Person…</Trans>
                    </span>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
        {entry.quantity > DETAIL_ROWS ? (
          <p className="mt-2 text-sm text-slate-500">
            <Trans>
              The items past the first 50 are added without details; import a file to give each one.
            </Trans>
          </p>
        ) : null}
      </details>
      <FormDialog
        open={pickingFor !== null}
        onOpenChange={(open) => {
          if (!open) setPickingFor(null);
        }}
        title={t`Who gets it?`}
        description={<Trans>The item is assigned to this person when it is added.</Trans>}
      >
        <PersonPicker
          value={pickingFor === null ? null : (entry.items[pickingFor]?.employee?.uuid ?? null)}
          onChange={(uuid, picked) => {
            if (pickingFor !== null)
              dispatch(
                setItemDetails({
                  id: entry.id,
                  index: pickingFor,
                  details: { employee: { uuid, name: `${picked.firstName} ${picked.lastName}` } },
                }),
              );
            setPickingFor(null);
          }}
        />
      </FormDialog>
    </li>
  );
}

/**
 * A quantity typed freely: the list takes each whole number from 1 up as it is typed; an empty or
 * unfinished field shows the list's number again when left.
 */
function QuantityField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (quantity: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <TextField
      label={label}
      className="w-24 [&_label]:sr-only"
      type="number"
      inputMode="numeric"
      min={1}
      max={1000}
      value={draft ?? String(value)}
      onChange={(event) => {
        setDraft(event.target.value);
        const quantity = Number(event.target.value);
        if (event.target.value !== '' && Number.isInteger(quantity) && quantity >= 1) onChange(quantity);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}

/** A new model, added to the list at once. */
function NewDefinitionDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (definition: AssetDefinition) => void;
}) {
  const { t } = useLingui();
  const create = useCreateAssetDefinition();
  return (
    <DefinitionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`New model`}
      description={<Trans>A model the organisation keeps; it is added to the list at once.</Trans>}
      submitLabel={t`Create model`}
      initial={{ name: '', kind: 'monitor', vendor: null, modelNumber: null }}
      pending={create.isPending}
      onSubmit={(values) =>
        create.mutateAsync({ ...values, assetKindUuid: null, properties: [] }).then(
          (definition) => {
            onCreated(definition);
            onOpenChange(false);
            return null;
          },
          (failure: unknown) => failureMessage(t`Could not create the model`, failure),
        )
      }
    />
  );
}
