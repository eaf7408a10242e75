import type { AssetDefinitionTab } from '@equip/domain/assets';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Trash2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { formatNumber } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Button, IconButton } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { LoadError } from '@/ui/load-error';
import { Skeleton } from '@/ui/skeleton';
import { Tabs } from '@/ui/tabs';
import { useToast } from '@/ui/toast';
import { useAssetDefinition } from '../api/get-asset-definitions';
import { useDeleteAssetDefinition, useUpdateAssetDefinition } from '../api/update-asset-definition';
import { selectDefinition, selectDefinitionTab, setDefinitionTab } from '../assets-slice';
import { ASSET_STATUS_LABELS, assetsWord, kindName } from '../lib/asset-labels';
import { AssetKindIcon } from './asset-kind-icon';
import { DefinitionDialog } from './definition-dialog';

const TAB_LABELS: Record<AssetDefinitionTab, MessageDescriptor> = { overview: msg`Overview` };

/** The selected definition (SPEC §2: its overview tab): what it is, its properties, its counts. */
export function AssetDefinitionOverview({
  definitionId,
  urlTab,
  onClose,
}: {
  definitionId: string;
  urlTab: AssetDefinitionTab | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const dispatch = useAppDispatch();
  const storedTab = useAppSelector(selectDefinitionTab);
  const definition = useAssetDefinition(definitionId);
  const update = useUpdateAssetDefinition(definitionId);
  const remove = useDeleteAssetDefinition(definitionId);
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useEffect(() => {
    dispatch(selectDefinition(definitionId));
    return () => {
      dispatch(selectDefinition(null));
    };
  }, [dispatch, definitionId]);
  useEffect(() => {
    if (urlTab) dispatch(setDefinitionTab(urlTab));
  }, [dispatch, urlTab]);

  if (definition.isError && !definition.data) {
    return (
      <LoadError
        title={<Trans>Could not load this asset definition</Trans>}
        error={definition.error}
        fallback={t`Please try again in a moment.`}
        onRetry={() => void definition.refetch()}
        retrying={definition.isFetching}
      />
    );
  }
  const data = definition.data;
  const name = data?.name ?? '';
  const itemCount = assetsWord((data?.inUse ?? 0) + (data?.inStock ?? 0));
  const inUse = formatNumber(data?.inUse ?? 0);
  const inStock = formatNumber(data?.inStock ?? 0);
  return (
    <section
      aria-labelledby="asset-definition-title"
      className="rounded-xl bg-white p-5 ring-1 ring-slate-200"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          {data ? <AssetKindIcon kind={data.kind} className="size-5" /> : null}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="asset-definition-title" className="truncate text-lg font-semibold text-slate-900">
            {data ? data.name : <Skeleton className="h-5 w-56" />}
          </h2>
          <p className="truncate text-sm text-slate-500">
            {data ? [kindName(data), data.vendor, data.modelNumber].filter(Boolean).join(' · ') : null}
          </p>
        </div>
        {data ? (
          <>
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              <Trans>Edit</Trans>
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              <Trans>Delete</Trans>
            </Button>
          </>
        ) : null}
        <IconButton label={t`Show all assets`} onClick={onClose}>
          <X aria-hidden="true" />
        </IconButton>
      </div>
      {data ? (
        <>
          <DefinitionDialog
            open={editing}
            onOpenChange={setEditing}
            title={t`Edit ${name}`}
            description={<Trans>Its items show the new name and kind.</Trans>}
            submitLabel={t`Save`}
            initial={data}
            pending={update.isPending}
            onSubmit={(values) =>
              update.mutateAsync(values).then(
                () => {
                  setEditing(false);
                  return null;
                },
                (failure: unknown) => failureMessage(t`Could not save the model`, failure),
              )
            }
          />
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            title={t`Delete ${name}?`}
            description={t`The model and its ${itemCount} leave the inventory; their history stays in the audit log.`}
            confirmLabel={t`Delete`}
            pendingLabel={t`Deleting…`}
            tone="danger"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  setDeleting(false);
                  toast({ variant: 'positive', content: t`${name} deleted` });
                  onClose();
                },
                onError: (failure) =>
                  toast({
                    variant: 'negative',
                    content: failureMessage(t`Could not delete the model`, failure),
                  }),
              })
            }
          />
        </>
      ) : null}
      <Tabs
        className="mt-3"
        label={t`Asset definition details`}
        value={urlTab ?? storedTab}
        onValueChange={(next) => dispatch(setDefinitionTab(next))}
        tabs={[
          {
            id: 'overview',
            label: i18n._(TAB_LABELS.overview),
            content: data ? (
              <dl className="grid grid-cols-2 gap-x-6 gap-y-3 pt-4 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-slate-500">{ASSET_STATUS_LABELS['in-use']}</dt>
                  <dd className="text-xl font-semibold text-slate-900 tabular-nums">{inUse}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">{ASSET_STATUS_LABELS['in-stock']}</dt>
                  <dd className="text-xl font-semibold text-slate-900 tabular-nums">{inStock}</dd>
                </div>
                {data.properties.map((property) => (
                  <div key={property.key}>
                    <dt className="text-slate-500">{property.key}</dt>
                    <dd className="text-slate-900">{property.value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <Skeleton className="mt-4 h-10 w-full" />
            ),
          },
        ]}
      />
    </section>
  );
}
