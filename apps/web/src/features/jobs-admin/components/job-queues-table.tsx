import type { JobQueue, JobState } from '@equip/domain/jobs-admin';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { Badge } from '@/ui/badge';
import {
  Table,
  TableErrorRow,
  TableFrame,
  TableHead,
  TableMessageRow,
  TableSkeletonRows,
  Td,
  Th,
} from '@/ui/table';

/** The states in pg-boss's order, as column headings. */
export const JOB_STATE_LABELS: Record<JobState, MessageDescriptor> = {
  created: msg`Waiting`,
  retry: msg`Retrying`,
  active: msg`Running`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
  failed: msg`Failed`,
};

const STATES = Object.keys(JOB_STATE_LABELS) as JobState[];

/**
 * One row per queue with its jobs per state. A dead-letter queue (`<name>.dead`) keeps a copy of each
 * job of its queue that failed for good; it is marked as such. Non-zero failures stand out.
 */
export function JobQueuesTable({
  queues,
  error,
  onRetry,
}: {
  /** Undefined while loading. */
  queues: readonly JobQueue[] | undefined;
  /** Why loading failed (null or undefined when it did not). */
  error: unknown;
  onRetry: () => void;
}) {
  const { t, i18n } = useLingui();
  const columns = STATES.length + 1;
  let body: ReactNode;
  if (error != null && !queues) {
    body = (
      <TableErrorRow
        colSpan={columns}
        title={t`The queues could not be loaded`}
        error={error instanceof Error ? error : new Error(String(error))}
        onRetry={onRetry}
      />
    );
  } else if (!queues) {
    body = <TableSkeletonRows rows={4} cells={['text', ...STATES.map(() => 'text' as const)]} />;
  } else if (queues.length === 0) {
    body = (
      <TableMessageRow
        colSpan={columns}
        icon={Inbox}
        title={t`No queues yet`}
        description={t`Queues appear once the job runner has started.`}
      />
    );
  } else {
    body = queues.map((queue) => {
      const deadLetterOf = queue.deadLetterOf;
      return (
        <tr key={queue.name}>
          <th scope="row" className="h-12 border-b border-slate-100 px-3 text-left align-middle font-normal">
            <span className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-sm text-slate-900">{queue.name}</code>
              {deadLetterOf ? (
                <Badge tone="violet">
                  <Trans>Dead letters of {deadLetterOf}</Trans>
                </Badge>
              ) : null}
            </span>
          </th>
          {STATES.map((state) => {
            const count = queue.counts[state];
            return (
              <Td
                key={state}
                className={cn(
                  'text-right tabular-nums',
                  count === 0 && 'text-slate-400',
                  count > 0 && state === 'failed' && 'font-semibold text-red-700',
                )}
              >
                {formatNumber(count)}
              </Td>
            );
          })}
        </tr>
      );
    });
  }
  return (
    <TableFrame loadingLabel={queues || error != null ? undefined : t`Loading queues`}>
      <Table>
        <caption className="sr-only">
          <Trans>Queues and their jobs per state</Trans>
        </caption>
        <TableHead>
          <tr>
            <Th>
              <Trans>Queue</Trans>
            </Th>
            {STATES.map((state) => (
              <Th key={state} className="text-right">
                {i18n._(JOB_STATE_LABELS[state])}
              </Th>
            ))}
          </tr>
        </TableHead>
        <tbody>{body}</tbody>
      </Table>
    </TableFrame>
  );
}
