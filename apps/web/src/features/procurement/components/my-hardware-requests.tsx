import type { HardwareRequest } from '@equip/domain/hardware-requests';
import { Trans, useLingui } from '@lingui/react/macro';
import { PackagePlus } from 'lucide-react';
import { useState } from 'react';
import { DEVICE_TYPE_LABELS } from '@/features/devices/public';
import { errorMessage } from '@/lib/api/error-message';
import { useFeatureFlag } from '@/lib/flags-context';
import { formatDate } from '@/lib/format';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { PageSpinner } from '@/ui/spinner';
import { toast } from '@/ui/toast-store';
import { useMyHardwareRequests, useWithdrawHardwareRequest } from '../api/hardware-requests';
import { HARDWARE_REQUEST_STATUS_LABELS, HARDWARE_REQUEST_STATUS_TONES } from '../lib/procurement-labels';
import { specificationText } from './catalog-columns';
import { RequestDeviceDialog } from './request-device-dialog';

/** What was asked for: the model when one was chosen, else the device type. */
export function requestedThing(request: HardwareRequest): string {
  if (!request.specification) return DEVICE_TYPE_LABELS[request.deviceType];
  const details = specificationText(request.specification);
  return details ? `${request.specification.label} · ${details}` : request.specification.label;
}

/**
 * The person's own hardware requests on their page (decision 037, behind `it-2305-hardware-requests`):
 * "Request a device" and every request with its status and a decline's reason.
 */
export function MyHardwareRequests() {
  const on = useFeatureFlag('it-2305-hardware-requests');
  return on ? <MyHardwareRequestsSection /> : null;
}

function MyHardwareRequestsSection() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const requests = useMyHardwareRequests();
  return (
    <section aria-labelledby="my-requests-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-requests-title" className="text-base font-semibold text-slate-900">
          <Trans>Your device requests</Trans>
        </h2>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <PackagePlus aria-hidden="true" />
          <Trans>Request a device</Trans>
        </Button>
      </div>
      {requests.isPending ? (
        <PageSpinner label={t`Loading your requests`} />
      ) : requests.isError ? (
        <LoadError
          error={requests.error}
          fallback={t`This could not be loaded.`}
          retrying={requests.isFetching}
          onRetry={() => requests.refetch()}
        />
      ) : requests.data.items.length === 0 ? (
        <EmptyState
          icon={PackagePlus}
          headingLevel={3}
          title={t`No requests yet`}
          description={t`Need a new laptop or phone? Request one and your IT team will get back to you.`}
        />
      ) : (
        <ul className="space-y-3" aria-label={t`Your device requests`}>
          {requests.data.items.map((request) => (
            <li key={request.uuid}>
              <MyRequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
      <RequestDeviceDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}

function MyRequestCard({ request }: { request: HardwareRequest }) {
  const { t } = useLingui();
  const withdraw = useWithdrawHardwareRequest();
  const thing = requestedThing(request);
  const asked = formatDate(request.createdAt);
  return (
    <Card className="space-y-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-900">{thing}</p>
        <Badge dot tone={HARDWARE_REQUEST_STATUS_TONES[request.status]}>
          {HARDWARE_REQUEST_STATUS_LABELS[request.status]}
        </Badge>
      </div>
      <p className="text-sm text-slate-600">
        <Trans>
          Asked on {asked}: {request.reason}
        </Trans>
      </p>
      {request.status === 'declined' && request.decisionReason ? (
        <p className="text-sm text-red-700">
          <Trans>Declined: {request.decisionReason}</Trans>
        </p>
      ) : null}
      {request.status === 'approved' ? (
        <p className="text-sm text-emerald-700">
          <Trans>Approved. Your IT team is ordering it.</Trans>
        </p>
      ) : null}
      {request.status === 'requested' ? (
        <Button
          variant="secondary"
          size="sm"
          loading={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(request.uuid, {
              onError: (error) =>
                toast({
                  variant: 'negative',
                  content: errorMessage(error, t`The request could not be withdrawn.`),
                }),
            })
          }
        >
          <Trans>Withdraw</Trans>
        </Button>
      ) : null}
    </Card>
  );
}
