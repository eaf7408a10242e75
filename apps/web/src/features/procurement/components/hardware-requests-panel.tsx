import { type HardwareRequest, HardwareRequestStatus } from '@equip/domain/hardware-requests';
import { Trans, useLingui } from '@lingui/react/macro';
import { Inbox } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime, fullName } from '@/lib/format';
import { useAppDispatch } from '@/lib/store';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { LoadError } from '@/ui/load-error';
import { SelectField } from '@/ui/select-field';
import { PageSpinner } from '@/ui/spinner';
import { ActionsTh, Table, TableFrame, TableHead, Td, Th } from '@/ui/table';
import { toast } from '@/ui/toast-store';
import {
  useApproveHardwareRequest,
  useDeclineHardwareRequest,
  useHardwareRequests,
} from '../api/hardware-requests';
import { HARDWARE_REQUEST_STATUS_LABELS, HARDWARE_REQUEST_STATUS_TONES } from '../lib/procurement-labels';
import { addLine, clearOrder, setDraftUuid, setRecipient } from '../procurement-slice';
import { specificationText } from './catalog-columns';
import { requestedThing } from './my-hardware-requests';

type StatusFilter = HardwareRequestStatus | 'all';

/**
 * The orders screen's Requests tab (decision 037): the organisation's hardware requests, newest first,
 * filtered by status; Approve opens the order wizard with the requester (and the model) already in
 * the `procurement` slice and the approval's draft to complete; Decline asks for the reason.
 */
export function HardwareRequestsPanel() {
  const { t } = useLingui();
  const [status, setStatus] = useState<StatusFilter>('requested');
  const requests = useHardwareRequests(status === 'all' ? null : status);
  const [declining, setDeclining] = useState<HardwareRequest | null>(null);
  return (
    <div className="space-y-4">
      <SelectField
        label={t`Status`}
        className="max-w-xs"
        value={status}
        onChange={(event) => setStatus(event.target.value as StatusFilter)}
        options={[
          { value: 'all', label: t`All requests` },
          ...HardwareRequestStatus.options.map((value) => ({
            value,
            label: HARDWARE_REQUEST_STATUS_LABELS[value],
          })),
        ]}
      />
      {requests.isPending ? (
        <PageSpinner label={t`Loading the requests`} />
      ) : requests.isError ? (
        <LoadError
          error={requests.error}
          fallback={t`This could not be loaded.`}
          retrying={requests.isFetching}
          onRetry={() => requests.refetch()}
        />
      ) : requests.data.items.length === 0 ? (
        <EmptyState
          icon={Inbox}
          headingLevel={3}
          title={status === 'requested' ? t`No requests waiting` : t`No requests`}
          description={t`When someone asks for a device from their own page, their request appears here.`}
        />
      ) : (
        <TableFrame>
          <Table aria-label={t`Hardware requests`}>
            <TableHead>
              <tr>
                <Th>
                  <Trans>Requested by</Trans>
                </Th>
                <Th>
                  <Trans>Device</Trans>
                </Th>
                <Th>
                  <Trans>Reason</Trans>
                </Th>
                <Th>
                  <Trans>Status</Trans>
                </Th>
                <Th>
                  <Trans>Requested</Trans>
                </Th>
                <ActionsTh />
              </tr>
            </TableHead>
            <tbody>
              {requests.data.items.map((request) => (
                <RequestRow key={request.uuid} request={request} onDecline={() => setDeclining(request)} />
              ))}
            </tbody>
          </Table>
        </TableFrame>
      )}
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
    </div>
  );
}

function RequestRow({ request, onDecline }: { request: HardwareRequest; onDecline: () => void }) {
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

  return (
    <tr>
      <Td className="font-medium text-slate-900">{name}</Td>
      <Td>{requestedThing(request)}</Td>
      <Td className="max-w-xs">
        <span className="line-clamp-2">{request.reason}</span>
        {request.status === 'declined' && request.decisionReason ? (
          <span className="block text-xs text-red-700">
            <Trans>Declined: {request.decisionReason}</Trans>
          </span>
        ) : null}
      </Td>
      <Td>
        <Badge dot tone={HARDWARE_REQUEST_STATUS_TONES[request.status]}>
          {HARDWARE_REQUEST_STATUS_LABELS[request.status]}
        </Badge>
      </Td>
      <Td className="whitespace-nowrap">{formatDateTime(request.createdAt)}</Td>
      <Td className="text-right whitespace-nowrap">
        {request.status === 'requested' ? (
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
        ) : null}
      </Td>
    </tr>
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
