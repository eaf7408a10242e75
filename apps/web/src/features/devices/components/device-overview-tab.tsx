import type { DeviceDetail } from '@equip/domain/devices';
import { Trans } from '@lingui/react/macro';
import { Lock, LockOpen, ShieldAlert, ShieldCheck, UserRoundPen } from 'lucide-react';
import { useState } from 'react';
import { DeviceOrderNote } from '@/features/procurement/public';
import { useFeatureFlag } from '@/lib/flags-context';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { Button } from '@/ui/button';
import { Skeleton } from '@/ui/skeleton';
import { encryptionLabel, protectionLabel } from '../lib/device-labels';
import { AssignDeviceDialog } from './assign-device-dialog';
import { DeviceStatusBadge, EnrollmentStateBadge } from './device-badges';
import { Field, MDM_PROVIDER_NAMES, None, SECURITY_PROVIDER_NAMES, Section } from './device-fields';
import { DeviceHistorySection } from './device-history';
import { DeviceMdmSection } from './device-mdm-section';
import { AssignedTo, SecurityNote } from './devices-table-columns';
import { MdmMissingNote } from './mdm-missing-note';

/**
 * The overview of one device: who has it (and a way to change that), its security, its enrolment and
 * device management; its history with it-3077-device-history.
 */
export function DeviceOverviewTab({ device }: { device: DeviceDetail | undefined }) {
  const [assigning, setAssigning] = useState(false);
  const showHistory = useFeatureFlag('it-3077-device-history');
  if (!device) {
    return (
      <div className="space-y-4 p-6">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  const lastSeen = device.lastSeenAt;
  return (
    <div>
      <Section
        title={<Trans>Assignment</Trans>}
        action={
          <Button size="sm" variant="secondary" onClick={() => setAssigning(true)}>
            <UserRoundPen aria-hidden="true" />
            <Trans>Change assignment</Trans>
          </Button>
        }
      >
        <Field label={<Trans>Assigned to</Trans>}>
          <AssignedTo device={device} />
        </Field>
        <Field label={<Trans>Location</Trans>}>{device.location ?? <None />}</Field>
        <Field label={<Trans>Status</Trans>}>
          <DeviceStatusBadge status={device.status} />
        </Field>
        {device.orderUuid ? (
          <Field label={<Trans>Order</Trans>}>
            <DeviceOrderNote orderUuid={device.orderUuid} />
          </Field>
        ) : null}
      </Section>
      <Section title={<Trans>Security</Trans>}>
        <Field label={<Trans>Disk encryption</Trans>}>
          <SecurityNote
            ok={device.isEncrypted}
            icon={device.isEncrypted ? Lock : LockOpen}
            label={encryptionLabel(device.isEncrypted)}
          />
        </Field>
        <Field label={<Trans>Protection</Trans>}>
          <span className="inline-flex flex-wrap items-center gap-2">
            <SecurityNote
              ok={device.isProtected}
              icon={device.isProtected ? ShieldCheck : ShieldAlert}
              label={protectionLabel(device.isProtected)}
            />
            {device.securityProvider ? (
              <span className="text-slate-500">({SECURITY_PROVIDER_NAMES[device.securityProvider]})</span>
            ) : null}
          </span>
        </Field>
      </Section>
      <Section title={<Trans>Enrolment and management</Trans>}>
        <Field label={<Trans>Enrolment</Trans>}>
          <EnrollmentStateBadge state={device.enrollmentState} />
        </Field>
        <Field label={<Trans>Device management</Trans>}>
          {device.mdmProvider ? (
            <span className="flex flex-col items-start gap-1">
              {MDM_PROVIDER_NAMES[device.mdmProvider]}
              <MdmMissingNote since={device.mdmMissingSince} provider={device.mdmProvider} />
            </span>
          ) : (
            <None>
              <Trans>Not managed</Trans>
            </None>
          )}
        </Field>
        <Field label={<Trans>Last seen</Trans>}>
          {lastSeen ? (
            <time dateTime={lastSeen} title={formatDateTime(lastSeen)}>
              {formatRelativeTime(lastSeen)}
            </time>
          ) : (
            <None>
              <Trans>Never</Trans>
            </None>
          )}
        </Field>
      </Section>
      <DeviceMdmSection device={device} />
      {showHistory ? <DeviceHistorySection deviceId={device.uuid} /> : null}
      <AssignDeviceDialog device={device} open={assigning} onOpenChange={setAssigning} />
    </div>
  );
}
