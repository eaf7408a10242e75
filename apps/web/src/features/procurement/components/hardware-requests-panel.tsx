import { type HardwareRequest, HardwareRequestStatus } from '@equip/domain/hardware-requests';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { Inbox } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime, formatNumber, fullName } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { useAppDispatch } from '@/lib/store';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { actionsColumn } from '@/ui/data-table/actions-column';
import { DataTable } from '@/ui/data-table/data-table';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { ListCount } from '@/ui/data-table/list-count';
import { noMatchesState } from '@/ui/data-table/no-matches';
import type { EmptyStateProps } from '@/ui/empty-state';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { MultiSelect } from '@/ui/multi-select';
import { toast } from '@/ui/toast-store';
import {
  getHardwareRequestsQueryOptions,
  HARDWARE_REQUESTS_PAGE_SIZE,
  useApproveHardwareRequest,
  useDeclineHardwareRequest,
} from '../api/hardware-requests';
import { hardwareRequestsListBinding } from '../hardware-requests-list-slice';
import { HARDWARE_REQUEST_STATUS_LABELS, HARDWARE_REQUEST_STATUS_TONES } from '../lib/procurement-labels';
import { addLine, clearOrder, setDraftUuid, setRecipient } from '../procurement-slice';
import { specificationText } from './catalog-columns';
import { requestedThing } from './my-hardware-requests';

const rowId = (request: HardwareRequest) => request.uuid;
const column = createColumnHelper<HardwareRequest>();

/**
 * The orders screen's Requests tab (decision 037): the organisation's hardware requests on the list
 * machinery (`lib/list-state`, `ui/data-table`), newest first, filtered by status in the URL; Approve
 * opens the order wizard with the requester (and the model) already in the `procurement` slice and the
 * approval's draft to complete; Decline asks for the reason.
 */
export function HardwareRequestsPanel() {
  const { t } = useLingui();
  const table = useListTable(hardwareRequestsListBinding, 'all', {
    queryOptions: getHardwareRequestsQueryOptions,
    pageSize: HARDWARE_REQUESTS_PAGE_SIZE,
    getRowId: rowId,
  });
  const [declining, setDeclining] = useState<HardwareRequest | null>(null);
  const columns = useMemo(
    () => [
      column.display({
        id: 'requester',
        header: () => <Trans>Requested by</Trans>,
        meta: { className: 'min-w-40 font-medium text-slate-900' },
        cell: ({ row }) => <RequesterName request={row.original} />,
      }),
      column.display({
        id: 'device',
        header: () => <Trans>Device</Trans>,
        meta: { priority: 2 },
        cell: ({ row }) => requestedThing(row.original),
      }),
      column.accessor('reason', {
        header: () => <Trans>Reason</Trans>,
        // What the IT owner decides on: the last to make room.
        meta: { priority: 5, maxWidth: '20rem' },
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span className="truncate">{row.original.reason}</span>
            {row.original.status === 'declined' && row.original.decisionReason ? (
              <span className="truncate text-xs text-red-700">
                <Trans>Declined: {row.original.decisionReason}</Trans>
              </span>
            ) : null}
          </span>
        ),
      }),
      column.accessor('status', {
        header: () => <Trans>Status</Trans>,
        meta: { priority: 4, skeleton: 'badge' },
        cell: (info) => (
          <Badge dot tone={HARDWARE_REQUEST_STATUS_TONES[info.getValue()]}>
            {HARDWARE_REQUEST_STATUS_LABELS[info.getValue()]}
          </Badge>
        ),
      }),
      column.accessor('createdAt', {
        header: () => <Trans>Requested</Trans>,
        meta: { sortKey: 'createdAt', priority: 1 },
        cell: (info) => formatDateTime(info.getValue()),
      }),
      actionsColumn<HardwareRequest>(({ row }) => (
        <RequestActions request={row.original} onDecline={() => setDeclining(row.original)} />
      )),
    ],
    [],
  );
  const statusOptions = HardwareRequestStatus.options.map((value) => ({
    value,
    label: HARDWARE_REQUEST_STATUS_LABELS[value],
  }));
  const empty: EmptyStateProps = table.hasDefaultFilters
    ? {
        icon: Inbox,
        title: t`No requests`,
        description: t`When someone asks for a device from their own page, their request appears here.`,
      }
    : noMatchesState(
        t`No requests waiting`,
        t`Requests with another status show without this filter.`,
        table.resetFilters,
      );
  return (
    <div className="space-y-3">
      <FilterBar
        label={t`Filter the requests`}
        isDefault={table.hasDefaultFilters}
        onReset={table.resetFilters}
        trailing={<ListCount>{table.query.data ? requestsCount(table.total) : null}</ListCount>}
      >
        <MultiSelect
          label={t`Status`}
          options={statusOptions}
          value={table.state.filters.statuses}
          onValueChange={(value) => table.setFilter('statuses', value)}
        />
      </FilterBar>
      <DataTable
        {...table.tableProps}
        label={t`Hardware requests`}
        className="max-h-[calc(100vh-20rem)] min-h-[12rem]"
        columns={columns}
        messages={{ loading: t`Loading the requests`, error: t`The requests could not be loaded` }}
        empty={empty}
        pagination={{ ...table.tableProps.pagination, label: t`Request pages` }}
        keyboardHint={t`Use Tab to reach a request's Decline and Approve buttons.`}
      />
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
    </div>
  );
}

function requestsCount(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} request`, other: `${n} requests` });
}

function RequesterName({ request }: { request: HardwareRequest }) {
  const { t } = useLingui();
  return <>{request.requester ? fullName(request.requester) : t`Someone no longer here`}</>;
}

function RequestActions({ request, onDecline }: { request: HardwareRequest; onDecline: () => void }) {
  const { t } = useLingui();
  const approve = useApproveHardwareRequest();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const name = request.requester ? fullName(request.requester) : t`Someone no longer here`;

  const onApprove = () =>
    approve.mutate(request.uuid, {
      onSuccess: ({ draftUuid }) => {
        // The wizard starts from the request: its recipient, its model, and the draft to complete.
        dispatch(clearOrder());
        if (request.requester) dispatch(setRecipient({ uuid: request.requester.uuid, name }));
        const spec = request.specification;
        if (spec)
          dispatch(
            addLine({
              specificationUuid: spec.uuid,
              label: spec.label,
              description: specificationText(spec),
              priceCents: spec.priceCents,
              rentPriceCents: spec.rentPriceCents,
              currency: spec.currency,
            }),
          );
        dispatch(setDraftUuid(draftUuid));
        navigate(paths.dashboard.orderWizard());
      },
      onError: (error) =>
        toast({ variant: 'negative', content: errorMessage(error, t`The request could not be approved.`) }),
    });

  if (request.status !== 'requested') return null;
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" variant="secondary" onClick={onDecline} disabled={approve.isPending}>
        <Trans>Decline</Trans>
        <span className="sr-only"> {name}</span>
      </Button>
      <Button size="sm" onClick={onApprove} loading={approve.isPending}>
        <Trans>Approve and order</Trans>
        <span className="sr-only"> {name}</span>
      </Button>
    </div>
  );
}

function DeclineDialog({ request, onClose }: { request: HardwareRequest | null; onClose: () => void }) {
  const { t } = useLingui();
  const decline = useDeclineHardwareRequest();
  const name = request?.requester ? fullName(request.requester) : '';
  return (
    <FormDialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      busy={decline.isPending}
      title={t`Decline the request`}
      description={t`${name} is told that their request was declined, with your reason.`}
    >
      {request ? (
        <DeclineForm
          pending={decline.isPending}
          onSubmit={async (reason) => {
            try {
              await decline.mutateAsync({ uuid: request.uuid, reason });
              toast({ variant: 'info', content: t`The request was declined.` });
              onClose();
              return null;
            } catch (error) {
              return errorMessage(error, t`The request could not be declined.`);
            }
          }}
        />
      ) : null}
    </FormDialog>
  );
}

function DeclineForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (reason: string) => Promise<string | null>;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t`Give a reason; the requester reads it.`);
      return;
    }
    setError(undefined);
    setFailure(await onSubmit(reason.trim()));
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t`Reason`}
        value={reason}
        maxLength={1000}
        onChange={(event) => setReason(event.target.value)}
        error={error}
        required
      />
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <FormDialogActions
        submitLabel={t`Decline`}
        submitVariant="danger"
        pending={pending}
        pendingLabel={t`Declining…`}
      />
    </form>
  );
}
