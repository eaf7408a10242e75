import type { FailedJob } from '@equip/domain/jobs-admin';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime, formatNumber } from '@/lib/format';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import {
  ActionsTh,
  Table,
  TableErrorRow,
  TableFrame,
  TableHead,
  TableMessageRow,
  TableSkeletonRows,
  Td,
  Th,
} from '@/ui/table';

const COLUMNS = 5;

/**
 * Jobs that failed after their last try: queue, the last error, tries made of allowed, when it failed,
 * and Retry. A dead letter (its original already archived) is marked: its retry sends it to its queue
 * again.
 */
export function FailedJobsTable({
  jobs,
  error,
  onReload,
  onRetry,
  retryingId,
}: {
  /** Undefined while loading. */
  jobs: readonly FailedJob[] | undefined;
  /** Why loading failed (null or undefined when it did not). */
  error: unknown;
  onReload: () => void;
  onRetry: (job: FailedJob) => void;
  /** The job whose retry is under way. */
  retryingId: string | null;
}) {
  const { t } = useLingui();
  let body: ReactNode;
  if (error != null && !jobs) {
    body = (
      <TableErrorRow
        colSpan={COLUMNS}
        title={t`The failed jobs could not be loaded`}
        error={error instanceof Error ? error : new Error(String(error))}
        onRetry={onReload}
      />
    );
  } else if (!jobs) {
    body = <TableSkeletonRows rows={3} cells={['text', 'text', 'text', 'text', 'none']} />;
  } else if (jobs.length === 0) {
    body = (
      <TableMessageRow
        colSpan={COLUMNS}
        icon={CircleCheck}
        title={t`No failed jobs`}
        description={t`Every job has run or is still being tried.`}
      />
    );
  } else {
    body = jobs.map((job) => {
      const attempts = formatNumber(job.attempts);
      const maxAttempts = formatNumber(job.maxAttempts);
      const failedAt = formatDateTime(job.failedAt);
      const createdAt = formatDateTime(job.createdAt);
      const retrying = retryingId === job.id;
      const queue = job.queue;
      return (
        <tr key={job.id}>
          <Td className="align-top">
            <span className="flex flex-col items-start gap-1 py-1">
              <code className="font-mono text-sm text-slate-900">{queue}</code>
              {job.deadLetter ? (
                <Badge tone="violet">
                  <Trans>Dead letter</Trans>
                </Badge>
              ) : null}
              <span className="font-mono text-xs text-slate-400">{job.id}</span>
            </span>
          </Td>
          <Td className="max-w-md align-top">
            <p className="py-1 break-words whitespace-pre-wrap text-red-800">
              {job.error ?? <Trans>No error was recorded.</Trans>}
            </p>
          </Td>
          <Td className="align-top whitespace-nowrap tabular-nums">
            <span className="inline-block py-1">
              <Trans>
                {attempts} of {maxAttempts}
              </Trans>
            </span>
          </Td>
          <Td className="align-top whitespace-nowrap">
            <span className="flex flex-col py-1">
              {failedAt ? <time dateTime={job.failedAt ?? undefined}>{failedAt}</time> : '—'}
              <span className="text-xs text-slate-500">
                <Trans>
                  Queued <time dateTime={job.createdAt}>{createdAt}</time>
                </Trans>
              </span>
            </span>
          </Td>
          <Td className="text-right align-top">
            <Button
              variant="secondary"
              size="sm"
              aria-label={t`Retry job ${job.id} of ${queue}`}
              disabled={retryingId !== null}
              onClick={() => onRetry(job)}
            >
              <RotateCcw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
              {retrying ? <Trans>Retrying…</Trans> : <Trans>Retry</Trans>}
            </Button>
          </Td>
        </tr>
      );
    });
  }
  return (
    <TableFrame loadingLabel={jobs || error != null ? undefined : t`Loading failed jobs`}>
      <Table>
        <caption className="sr-only">
          <Trans>Failed jobs</Trans>
        </caption>
        <TableHead>
          <tr>
            <Th>
              <Trans>Queue</Trans>
            </Th>
            <Th>
              <Trans>Error</Trans>
            </Th>
            <Th>
              <Trans>Tries</Trans>
            </Th>
            <Th>
              <Trans>Failed</Trans>
            </Th>
            <ActionsTh />
          </tr>
        </TableHead>
        <tbody>{body}</tbody>
      </Table>
    </TableFrame>
  );
}
