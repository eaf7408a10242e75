import { Trans } from '@lingui/react/macro';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { Alert } from './alert';
import { Button } from './button';

/**
 * Something on the page could not be loaded: an alert that says why (the shared error mapping) and a
 * button to try again, busy while the retry runs. Tables use `TableErrorRow` instead.
 */
export function LoadError({
  title,
  error,
  fallback,
  onRetry,
  retrying = false,
}: {
  title?: ReactNode;
  error: unknown;
  /** Said when the error itself says nothing a person can use (a server failure). */
  fallback: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div className="space-y-3">
      <Alert variant="error" title={title}>
        {errorMessage(error, fallback)}
      </Alert>
      <Button variant="secondary" size="sm" loading={retrying} onClick={onRetry}>
        {retrying ? null : <RotateCw aria-hidden="true" />}
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
