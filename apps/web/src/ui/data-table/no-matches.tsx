import { Trans } from '@lingui/react/macro';
import { SearchX } from 'lucide-react';
import { Button } from '../button';
import type { EmptyStateProps } from '../empty-state';

/**
 * What a list shows when its filters match nothing (as opposed to a list with no rows at all): the
 * list's own words, and a button that puts the filters back to the list's defaults.
 */
export function noMatchesState(title: string, description: string, onReset: () => void): EmptyStateProps {
  return {
    icon: SearchX,
    title,
    description,
    action: (
      <Button variant="secondary" onClick={onReset}>
        <Trans>Reset filters</Trans>
      </Button>
    ),
  };
}
