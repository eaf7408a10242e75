import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Drawer } from './drawer';
import { Skeleton } from './skeleton';

/** What a record's drawer shows in its header: a picture or icon, the name, a status and details. */
export interface RecordHeader {
  media: ReactNode;
  name: string;
  status: ReactNode;
  /** Shown joined by `·` under the name (empty ones are left out). */
  details: readonly (string | null | undefined)[];
}

export interface RecordDrawerProps {
  /** The open record (the URL's, `lib/record-url.ts`), or null when closed. */
  recordId: string | null;
  onClose: () => void;
  /** The title while nothing is open (for the closing animation). */
  emptyTitle: ReactNode;
  /**
   * The header of a record, from what is known of it (a list row while its detail loads); a hook, called
   * only while the record is open.
   */
  useHeader: (recordId: string) => RecordHeader | undefined;
  /** The record's tabs. */
  children: (recordId: string) => ReactNode;
}

/**
 * The side sheet of a list's open record (an employee, a device …): the header comes from the record's
 * summary as soon as it is known, a placeholder before; the body is the area's tabs.
 */
export function RecordDrawer({ recordId, onClose, emptyTitle, useHeader, children }: RecordDrawerProps) {
  return (
    <Drawer
      open={recordId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={recordId ? <HeaderTitle recordId={recordId} useHeader={useHeader} /> : emptyTitle}
      description={recordId ? <HeaderDetails recordId={recordId} useHeader={useHeader} /> : undefined}
      headerExtra={recordId ? <HeaderStatus recordId={recordId} useHeader={useHeader} /> : undefined}
    >
      {recordId ? children(recordId) : null}
    </Drawer>
  );
}

type HeaderPartProps = Pick<RecordDrawerProps, 'useHeader'> & { recordId: string };

function HeaderTitle({ recordId, useHeader }: HeaderPartProps) {
  const header = useHeader(recordId);
  if (!header) return <Skeleton className="h-5 w-48" />;
  return (
    <span className="flex items-center gap-3">
      {header.media}
      <span className="truncate">{header.name}</span>
    </span>
  );
}

function HeaderStatus({ recordId, useHeader }: HeaderPartProps) {
  const header = useHeader(recordId);
  return header ? <span className="mt-2">{header.status}</span> : null;
}

function HeaderDetails({ recordId, useHeader }: HeaderPartProps) {
  const header = useHeader(recordId);
  if (!header)
    return (
      <span className="sr-only">
        <Trans>Loading</Trans>
      </span>
    );
  return <span className="ml-12 block truncate">{header.details.filter(Boolean).join(' · ')}</span>;
}
