import type { AssetDefinition } from '@equip/domain/assets';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { compareText, formatNumber } from '@/lib/format';
import { LoadError } from '@/ui/load-error';
import { Skeleton } from '@/ui/skeleton';
import { useAssetDefinitions } from '../api/get-asset-definitions';
import { kindName } from '../lib/asset-labels';
import { AssetKindIcon } from './asset-kind-icon';

/** The definitions under each kind's name, kinds and definitions in the reader's collation. */
export function groupByKind(definitions: readonly AssetDefinition[]) {
  const groups = new Map<string, AssetDefinition[]>();
  for (const definition of definitions) {
    const name = kindName(definition);
    groups.set(name, [...(groups.get(name) ?? []), definition]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => compareText(a, b))
    .map(([kind, members]) => ({
      kind,
      definitions: [...members].sort((a, b) => compareText(a.name, b.name)),
    }));
}

/** "3 in use · 2 in stock". */
function countsText(definition: AssetDefinition): string {
  const inUse = formatNumber(definition.inUse);
  const inStock = formatNumber(definition.inStock);
  return translate`${inUse} in use · ${inStock} in stock`;
}

/**
 * The organisation's definitions grouped by kind, each with its items in use and in stock (SPEC §2,
 * the assets screen); each is a link to its own address, the selected one marked as the current page.
 */
export function AssetDefinitionsPanel({ selectedId }: { selectedId: string | null }) {
  const { t } = useLingui();
  const location = useLocation();
  const definitions = useAssetDefinitions();
  // The list's filters and sorting go along; its page starts again.
  const search = new URLSearchParams(location.search);
  for (const key of ['tab', 'definition', 'page']) search.delete(key);
  const query = search.toString() ? `?${search.toString()}` : '';

  if (definitions.isError && !definitions.data) {
    return (
      <LoadError
        title={<Trans>Could not load the asset definitions</Trans>}
        error={definitions.error}
        fallback={t`Please try again in a moment.`}
        onRetry={() => void definitions.refetch()}
        retrying={definitions.isFetching}
      />
    );
  }
  if (!definitions.data) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label={t`Loading asset definitions…`}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  const total = definitions.data.items.reduce((sum, d) => sum + d.inUse + d.inStock, 0);
  return (
    <nav aria-label={t`Asset definitions`} className="space-y-4">
      <Link
        to={`${paths.dashboard.assets()}${query}`}
        aria-current={selectedId === null ? 'page' : undefined}
        className={cn(
          'flex items-center justify-between rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600',
          selectedId === null ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700',
        )}
      >
        <Trans>All assets</Trans>
        <span className="text-slate-500 tabular-nums">{formatNumber(total)}</span>
      </Link>
      {groupByKind(definitions.data.items).map((group) => (
        <section key={group.kind} aria-label={group.kind}>
          <h3 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.kind}</h3>
          <ul className="mt-1 space-y-0.5">
            {group.definitions.map((definition) => (
              <li key={definition.uuid}>
                <Link
                  to={`${paths.dashboard.assetDefinition(definition.uuid)}${query}`}
                  aria-current={selectedId === definition.uuid ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600',
                    selectedId === definition.uuid && 'bg-indigo-50',
                  )}
                >
                  <AssetKindIcon kind={definition.kind} className="size-4 shrink-0 text-slate-500" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">
                      {definition.name}
                    </span>
                    <span className="block truncate text-xs text-slate-500">{countsText(definition)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
