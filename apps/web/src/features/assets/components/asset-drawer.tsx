import type { AssetItem, AssetPanelTab } from '@equip/domain/assets';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { PersonPicker } from '@/features/devices/public';
import { failureMessage } from '@/lib/api/error-message';
import { formatDate, fullName } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { LoadError } from '@/ui/load-error';
import { RecordDrawer, type RecordHeader } from '@/ui/record-drawer';
import { Skeleton } from '@/ui/skeleton';
import { Tabs } from '@/ui/tabs';
import { useToast } from '@/ui/toast';
import { useAssignAsset } from '../api/assign-assets';
import { useDeleteAssets } from '../api/delete-assets';
import { useAsset, useAssetSummary } from '../api/get-assets';
import { useUpdateAsset } from '../api/update-asset';
import { selectAsset, selectPanelTab, setPanelTab } from '../assets-slice';
import { ASSET_KIND_LABELS } from '../lib/asset-labels';
import { useAssetsAddress, useAssetUrl } from '../lib/asset-url';
import { AssetStatusBadge } from './asset-badges';
import { AssetKindIcon } from './asset-kind-icon';

const TAB_LABELS: Record<AssetPanelTab, MessageDescriptor> = {
  assignment: msg`Assignment`,
  overview: msg`Overview`,
};

/**
 * The open item's panel (SPEC §2: assignment is its first tab, overview beside it). Which item is open is
 * the URL's (`/dashboard/devices/assets/<uuid>?tab=overview`); the `assets` slice follows it.
 */
export function AssetDrawer() {
  const dispatch = useAppDispatch();
  const { recordId, tab } = useAssetUrl();
  const { closeAsset: close } = useAssetsAddress();
  useEffect(() => {
    dispatch(selectAsset(recordId));
  }, [dispatch, recordId]);
  useEffect(() => {
    if (recordId && tab) dispatch(setPanelTab(tab));
  }, [dispatch, recordId, tab]);
  return (
    <RecordDrawer
      recordId={recordId}
      onClose={close}
      emptyTitle={<Trans>Asset</Trans>}
      useHeader={useAssetHeader}
    >
      {(id) => <AssetDetailView assetId={id} onDeleted={close} />}
    </RecordDrawer>
  );
}

function useAssetHeader(assetId: string): RecordHeader | undefined {
  const item = useAssetSummary(assetId);
  return (
    item && {
      media: (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <AssetKindIcon kind={item.kind} className="size-5" />
        </span>
      ),
      name: item.name,
      status: <AssetStatusBadge status={item.status} />,
      details: [ASSET_KIND_LABELS[item.kind], item.vendor, item.serialNumber],
    }
  );
}

function AssetDetailView({ assetId, onDeleted }: { assetId: string; onDeleted: () => void }) {
  const { t, i18n } = useLingui();
  const dispatch = useAppDispatch();
  const url = useAssetUrl();
  const storedTab = useAppSelector(selectPanelTab);
  const activeTab = url.tab ?? storedTab;
  const asset = useAsset(assetId);

  if (asset.isError && !asset.data) {
    return (
      <div className="p-6">
        <LoadError
          title={<Trans>Could not load this asset</Trans>}
          error={asset.error}
          fallback={t`Please try again in a moment.`}
          onRetry={() => void asset.refetch()}
          retrying={asset.isFetching}
        />
      </div>
    );
  }
  const item = asset.data;
  return (
    <Tabs
      label={t`Asset details`}
      value={activeTab}
      onValueChange={(next) => {
        dispatch(setPanelTab(next));
        url.setTab(next);
      }}
      listClassName="sticky top-0 z-10 bg-white px-6"
      tabs={[
        {
          id: 'assignment',
          label: i18n._(TAB_LABELS.assignment),
          content: item ? <AssignmentTab key={item.uuid} item={item} /> : <PanelSkeleton />,
        },
        {
          id: 'overview',
          label: i18n._(TAB_LABELS.overview),
          content: item ? <OverviewTab item={item} onDeleted={onDeleted} /> : <PanelSkeleton />,
        },
      ]}
    />
  );
}

function PanelSkeleton() {
  return (
    <div className="space-y-3 p-6">
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-4 w-64" />
    </div>
  );
}

/** Who has the item; hand it to a person (from stock or from another person) or take it back. */
function AssignmentTab({ item }: { item: AssetItem }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const assign = useAssignAsset(item.uuid);
  const [personUuid, setPersonUuid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = item.name;

  function change(employeeUuid: string | null) {
    setError(null);
    assign.mutate(employeeUuid, {
      onSuccess: (updated) => {
        const person = updated.assignedTo ? fullName(updated.assignedTo) : '';
        toast({
          variant: 'positive',
          content: updated.assignedTo ? t`${name} is now with ${person}` : t`${name} is back in stock`,
        });
        setPersonUuid(null);
      },
      onError: (failure) => setError(failureMessage(t`Could not change the assignment`, failure)),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!personUuid) {
      setError(t`Choose the person who gets the asset.`);
      return;
    }
    change(personUuid);
  }

  const holder = item.assignedTo ? fullName(item.assignedTo) : null;
  return (
    <div className="space-y-6 p-6">
      <section aria-labelledby="asset-holder" className="rounded-lg bg-slate-50 p-4">
        <h3 id="asset-holder" className="text-sm font-medium text-slate-500">
          <Trans>With</Trans>
        </h3>
        <p className="mt-1 flex items-center gap-3 text-base font-medium text-slate-900">
          {holder ?? <Trans>Nobody (in stock)</Trans>}
          <AssetStatusBadge status={item.status} />
        </p>
        {holder ? (
          <Button
            className="mt-3"
            variant="secondary"
            disabled={assign.isPending}
            onClick={() => change(null)}
          >
            <Trans>Take back to stock</Trans>
          </Button>
        ) : null}
      </section>
      <form onSubmit={submit} noValidate className="space-y-4">
        <h3 className="text-sm font-semibold text-slate-900">
          {holder ? <Trans>Transfer to another person</Trans> : <Trans>Assign to a person</Trans>}
        </h3>
        <PersonPicker
          value={personUuid}
          onChange={(uuid) => {
            setPersonUuid(uuid);
            setError(null);
          }}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={assign.isPending}>
          {assign.isPending ? (
            <Trans>Saving…</Trans>
          ) : holder ? (
            <Trans>Transfer</Trans>
          ) : (
            <Trans>Assign</Trans>
          )}
        </Button>
      </form>
    </div>
  );
}

/** What the item is: its definition, serial number, notes and properties; and deleting it. */
function OverviewTab({ item, onDeleted }: { item: AssetItem; onDeleted: () => void }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const remove = useDeleteAssets();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const update = useUpdateAsset(item.uuid);
  const name = item.name;
  const rows: [string, string | null][] = [
    [t`Model`, item.name],
    [t`Kind`, ASSET_KIND_LABELS[item.kind]],
    [t`Vendor`, item.vendor],
    [t`Model number`, item.modelNumber],
    [t`Serial number`, item.serialNumber],
    [t`Notes`, item.notes],
    [t`Added`, formatDate(item.createdAt)],
    ...item.properties.map((property): [string, string] => [property.key, property.value]),
  ];
  return (
    <div className="space-y-6 p-6">
      <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-6 gap-y-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-words text-slate-900">{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <div className="flex gap-3">
        <Button variant="secondary" onClick={() => setEditing(true)}>
          <Trans>Edit</Trans>
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          <Trans>Delete asset</Trans>
        </Button>
      </div>
      <FormDialog
        open={editing}
        onOpenChange={setEditing}
        busy={update.isPending}
        title={t`Edit ${name}`}
        description={<Trans>This item's serial number and notes.</Trans>}
      >
        {editing ? <ItemForm item={item} onDone={() => setEditing(false)} /> : null}
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Delete ${name}?`}
        description={t`The asset leaves the inventory; its history stays in the audit log.`}
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting…`}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { assetUuids: [item.uuid] },
            {
              onSuccess: () => {
                setConfirming(false);
                toast({ variant: 'positive', content: t`${name} deleted` });
                onDeleted();
              },
              onError: (failure) =>
                toast({
                  variant: 'negative',
                  content: failureMessage(t`Could not delete the asset`, failure),
                }),
            },
          )
        }
      />
    </div>
  );
}

/** An item's serial number and notes (only what changed is sent). */
function ItemForm({ item, onDone }: { item: AssetItem; onDone: () => void }) {
  const { t } = useLingui();
  const update = useUpdateAsset(item.uuid);
  const [serialNumber, setSerialNumber] = useState(item.serialNumber ?? '');
  const [notes, setNotes] = useState(item.notes ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { serialNumber: serialNumber.trim() || null, notes: notes.trim() || null },
      {
        onSuccess: onDone,
        onError: (failure) => setError(failureMessage(t`Could not save the asset`, failure)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t`Serial number`}
        value={serialNumber}
        onChange={(event) => setSerialNumber(event.target.value)}
      />
      <TextField label={t`Notes`} value={notes} onChange={(event) => setNotes(event.target.value)} />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <FormDialogActions submitLabel={t`Save`} pending={update.isPending} pendingLabel={t`Saving…`} />
    </form>
  );
}
