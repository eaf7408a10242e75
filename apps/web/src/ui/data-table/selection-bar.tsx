import { Trans, useLingui } from '@lingui/react/macro';
import { type LucideIcon, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNumber } from '@/lib/format';
import { Button } from '../button';

/**
 * The bar that floats at the bottom of a list while rows are selected: how many, "select all N
 * matching" when the page is fully selected and more rows match, what is under way, the area's bulk
 * actions (`children`) and a clear button. Nothing while no row is selected.
 */
export function SelectionBar({
  count,
  total,
  allMatchingSelected,
  canSelectAllMatching,
  onSelectAllMatching,
  onClear,
  progress,
  children,
}: {
  /** How many rows are selected ("all matching" counts every matching row). */
  count: number;
  /** How many rows the filters match. */
  total: number;
  allMatchingSelected: boolean;
  canSelectAllMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** What a bulk action is doing right now ("Inviting 40 of 120…"). */
  progress?: string | null;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  if (count === 0) return null;
  const matching = formatNumber(total);
  const selected = formatNumber(count);
  return (
    <section
      aria-label={t`Selection`}
      className="fixed bottom-6 left-1/2 z-30 flex max-w-[calc(100%-2rem)] -translate-x-1/2 flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-slate-900 py-2 pr-2 pl-4 text-sm text-white shadow-2xl"
    >
      <p aria-live="polite" className="font-medium tabular-nums">
        {allMatchingSelected ? (
          <Trans>All {matching} matching selected</Trans>
        ) : (
          <Trans>{selected} selected</Trans>
        )}
      </p>
      {canSelectAllMatching && !allMatchingSelected ? (
        <button
          type="button"
          onClick={onSelectAllMatching}
          className="rounded-md px-1 font-medium text-indigo-300 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white"
        >
          <Trans>Select all {matching} matching</Trans>
        </button>
      ) : null}
      {progress ? (
        <p role="status" className="text-slate-300">
          {progress}
        </p>
      ) : null}
      <div className="flex items-center gap-1">
        {children}
        <button
          type="button"
          aria-label={t`Clear selection`}
          onClick={onClear}
          className="flex size-8 items-center justify-center rounded-lg text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </section>
  );
}

/** A bulk action of the selection bar: a light button on its dark background, off while one runs. */
export function SelectionAction({
  icon: Icon,
  busy,
  onClick,
  children,
}: {
  icon: LucideIcon;
  /** A bulk action is under way (the bar's `progress`): no second one starts meanwhile. */
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant="ghost"
      className="text-white hover:bg-white/10 hover:text-white"
      disabled={busy}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
      {children}
    </Button>
  );
}
