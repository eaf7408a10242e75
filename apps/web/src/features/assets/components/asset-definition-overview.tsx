import type { AssetDefinitionTab } from '@equip/domain/assets';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { formatNumber } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { IconButton } from '@/ui/button';
import { LoadError } from '@/ui/load-error';
import { Skeleton } from '@/ui/skeleton';
import { Tabs } from '@/ui/tabs';
import { useAssetDefinition } from '../api/get-asset-definitions';
import { selectDefinition, selectDefinitionTab, setDefinitionTab } from '../assets-slice';
import { ASSET_STATUS_LABELS, kindName } from '../lib/asset-labels';
import { AssetKindIcon } from './asset-kind-icon';

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
        <IconButton label={t`Show all assets`} onClick={onClose}>
          <X aria-hidden="true" />
        </IconButton>
      </div>
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
