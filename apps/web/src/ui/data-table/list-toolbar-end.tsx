import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ColumnPreferences } from '@/lib/list-state/use-column-preferences';
import { MenuItem } from '../multi-select';
import type { ColumnFit } from './column-fit';
import { ColumnMenu } from './column-menu';
import { ListCount } from './list-count';

/**
 * The end of a list's filter bar: how many rows match (announced politely as it changes, once the first
 * page has come) and the column menu with the list's one reset, "clear filters, sorting and selection".
 */
export function ListToolbarEnd<C extends string>({
  count,
  columns,
  labels,
  fit,
  onClearAll,
  clearLabel = <Trans>Clear filters, sorting and selection</Trans>,
}: {
  /** The total in words ("12 devices"); nothing is shown while it is `undefined`. */
  count?: string;
  columns: ColumnPreferences<C>;
  labels: Record<C, string>;
  fit: ColumnFit;
  onClearAll: () => void;
  clearLabel?: ReactNode;
}) {
  return (
    <>
      <ListCount>{count}</ListCount>
      <ColumnMenu
        columns={columns.columns}
        labels={labels}
        visible={columns.visible}
        onToggle={columns.toggle}
        onShowAll={columns.reset}
        fit={fit}
      >
        <MenuItem onSelect={onClearAll}>{clearLabel}</MenuItem>
      </ColumnMenu>
    </>
  );
}
