import { Trans } from '@lingui/react/macro';
import type { CellContext, DisplayColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { ACTIONS_COLUMN_ID } from './data-table';

/**
 * A table's row actions: the column `DataTable` keeps at the row's end and never hides, its header
 * named for screen readers only, its cells right-aligned, no skeleton while the rows load.
 * `className` replaces the cells' `text-right` (a fixed width beside it, say).
 */
export function actionsColumn<T>(
  cell: (context: CellContext<T, unknown>) => ReactNode,
  className = 'text-right',
): DisplayColumnDef<T, unknown> {
  return {
    id: ACTIONS_COLUMN_ID,
    header: () => (
      <span className="sr-only">
        <Trans>Actions</Trans>
      </span>
    ),
    meta: { className, skeleton: 'none' },
    cell,
  };
}
