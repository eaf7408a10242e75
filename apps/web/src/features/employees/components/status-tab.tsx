import type { Employee } from '@equip/domain/employees';
import { MailCheck, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { formatDate, fullName } from '@/lib/format';
import { ROLE_LABELS, USER_SOURCE_LABELS, USER_TYPE_LABELS } from '@/lib/labels';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Skeleton } from '@/ui/skeleton';
import { EmployeeStatusBadge } from '@/ui/status-badges';
import { useToast } from '@/ui/toast';
import { useInviteEmployee } from '../api/invite-employee';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-4 py-2.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const none = (text = 'Not set') => <span className="text-slate-400">{text}</span>;

function InviteSection({ employee }: { employee: Employee }) {
  const invite = useInviteEmployee();
  const { toast } = useToast();
  const send = () =>
    invite.mutate(employee.uuid, {
      onSuccess: () =>
        toast({
          variant: 'positive',
          content: `Invitation sent to ${fullName(employee)} (${employee.email})`,
        }),
      onError: (error) =>
        toast({ variant: 'negative', content: failureMessage('Could not send the invitation', error) }),
    });
  return (
    <section aria-labelledby="invite-heading" className="rounded-lg border border-slate-200 p-4">
      <h3 id="invite-heading" className="text-sm font-semibold text-slate-900">
        Equip access
      </h3>
      {employee.invitedAt ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <MailCheck aria-hidden="true" className="size-4 text-emerald-600" />
            Invited on {formatDate(employee.invitedAt)}
          </p>
          <Button variant="secondary" size="sm" onClick={send} disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send again'}
          </Button>
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">
            Not invited yet. The invitation mails a link to set a password.
          </p>
          <Button size="sm" onClick={send} disabled={invite.isPending}>
            <Send aria-hidden="true" />
            {invite.isPending ? 'Sending…' : 'Invite to Equip'}
          </Button>
        </div>
      )}
    </section>
  );
}

export function StatusTab({ employee }: { employee: Employee | undefined }) {
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
  return (
    <div className="space-y-6 p-6">
      <dl className="divide-y divide-slate-100">
        <Field label="Status">
          <EmployeeStatusBadge status={employee.employeeStatus} />
        </Field>
        <Field label="Start date">{formatDate(employee.startDate) || none()}</Field>
        <Field label="Last day">{formatDate(employee.lastDate) || none()}</Field>
        <Field label="Bundle">
          {employee.assignedBundle ? (
            <Badge tone="indigo">{employee.assignedBundle.name}</Badge>
          ) : (
            none('No bundle assigned')
          )}
        </Field>
        <Field label="Devices">
          {employee.devicesAssigned === 0
            ? none('No devices')
            : `${employee.devicesAssigned} ${employee.devicesAssigned === 1 ? 'device' : 'devices'}`}
        </Field>
        <Field label="License">{employee.license ?? none()}</Field>
        <Field label="User type">{USER_TYPE_LABELS[employee.userType]}</Field>
        <Field label="Role">{ROLE_LABELS[employee.role]}</Field>
        <Field label="Source">
          {employee.source === 'hris' ? 'Synced from your HR system' : USER_SOURCE_LABELS[employee.source]}
        </Field>
        <Field label="Added">{formatDate(employee.createdAt)}</Field>
      </dl>
      <InviteSection employee={employee} />
    </div>
  );
}
