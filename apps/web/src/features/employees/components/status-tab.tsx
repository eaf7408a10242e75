import type { Employee } from '@equip/domain/employees';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { MailCheck, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { formatDate, fullName } from '@/lib/format';
import { ROLE_LABELS } from '@/lib/role-labels';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Skeleton } from '@/ui/skeleton';
import { useToast } from '@/ui/toast';
import { useInviteEmployee } from '../api/invite-employee';
import { USER_SOURCE_LABELS, USER_TYPE_LABELS } from '../lib/employee-labels';
import { EmployeeStatusBadge } from './employee-status-badge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-4 py-2.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function None({ children }: { children?: ReactNode }) {
  return <span className="text-slate-400">{children ?? <Trans>Not set</Trans>}</span>;
}

function InviteSection({ employee }: { employee: Employee }) {
  const { t } = useLingui();
  const invite = useInviteEmployee();
  const { toast } = useToast();
  const name = fullName(employee);
  const email = employee.email;
  const invitedOn = formatDate(employee.invitedAt);
  const send = () =>
    invite.mutate(employee.uuid, {
      onSuccess: () =>
        toast({
          variant: 'positive',
          content: t`Invitation sent to ${name} (${email})`,
        }),
      onError: (error) =>
        toast({ variant: 'negative', content: failureMessage(t`Could not send the invitation`, error) }),
    });
  return (
    <section aria-labelledby="invite-heading" className="rounded-lg border border-slate-200 p-4">
      <h3 id="invite-heading" className="text-sm font-semibold text-slate-900">
        <Trans>Equip access</Trans>
      </h3>
      {employee.invitedAt ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <MailCheck aria-hidden="true" className="size-4 text-emerald-600" />
            <Trans>Invited on {invitedOn}</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={send} disabled={invite.isPending}>
            {invite.isPending ? <Trans>Sending…</Trans> : <Trans>Send again</Trans>}
          </Button>
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">
            <Trans>Not invited yet. The invitation mails a link to set a password.</Trans>
          </p>
          <Button size="sm" onClick={send} disabled={invite.isPending}>
            <Send aria-hidden="true" />
            {invite.isPending ? <Trans>Sending…</Trans> : <Trans>Invite to Equip</Trans>}
          </Button>
        </div>
      )}
    </section>
  );
}

export function StatusTab({ employee }: { employee: Employee | undefined }) {
  const { t } = useLingui();
  if (!employee) {
    return (
      <div className="space-y-3 p-6" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    );
  }
  const devicesCount = employee.devicesAssigned;
  return (
    <div className="space-y-6 p-6">
      <dl className="divide-y divide-slate-100">
        <Field label={t`Status`}>
          <EmployeeStatusBadge status={employee.employeeStatus} />
        </Field>
        <Field label={t`Start date`}>{formatDate(employee.startDate) || <None />}</Field>
        <Field label={t`Last day`}>{formatDate(employee.lastDate) || <None />}</Field>
        <Field label={t`Bundle`}>
          {employee.assignedBundle ? (
            <Badge tone="indigo">{employee.assignedBundle.name}</Badge>
          ) : (
            <None>
              <Trans>No bundle assigned</Trans>
            </None>
          )}
        </Field>
        <Field label={t`Devices`}>
          {employee.devicesAssigned === 0 ? (
            <None>
              <Trans>No devices</Trans>
            </None>
          ) : (
            <Plural value={devicesCount} one="# device" other="# devices" />
          )}
        </Field>
        <Field label={t`License`}>{employee.license ?? <None />}</Field>
        <Field label={t`User type`}>{USER_TYPE_LABELS[employee.userType]}</Field>
        <Field label={t`Role`}>{ROLE_LABELS[employee.role]}</Field>
        <Field label={t`Source`}>
          {employee.source === 'hris' ? (
            <Trans>Synced from your HR system</Trans>
          ) : (
            USER_SOURCE_LABELS[employee.source]
          )}
        </Field>
        <Field label={t`Added`}>{formatDate(employee.createdAt)}</Field>
      </dl>
      <InviteSection employee={employee} />
    </div>
  );
}
