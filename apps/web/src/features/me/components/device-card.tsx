import type { Device } from '@equip/domain/devices';
import { Trans, useLingui } from '@lingui/react/macro';
import { Lock, LockOpen, type LucideIcon, ShieldAlert, ShieldCheck } from 'lucide-react';
import {
  DEVICE_OS_LABELS,
  DEVICE_TYPE_LABELS,
  DeviceTypeIcon,
  EnrollmentStateBadge,
  encryptionLabel,
  protectionLabel,
} from '@/features/devices/public';
import { formatDate } from '@/lib/format';
import { Badge } from '@/ui/badge';
import { Card } from '@/ui/card';

/** Disk encryption or a security add-on: green with it, amber without. */
function SecurityBadge({ device, kind }: { device: Device; kind: 'encryption' | 'protection' }) {
  const ok = kind === 'encryption' ? device.isEncrypted : device.isProtected;
  const Icon: LucideIcon = kind === 'encryption' ? (ok ? Lock : LockOpen) : ok ? ShieldCheck : ShieldAlert;
  return (
    <Badge tone={ok ? 'green' : 'amber'}>
      <Icon aria-hidden="true" />
      {kind === 'encryption' ? encryptionLabel(ok) : protectionLabel(ok)}
    </Badge>
  );
}

export function DeviceCard({ device }: { device: Device }) {
  const { t } = useLingui();
  const model = [device.manufacturer, device.model].filter(Boolean).join(' ');
  const os = [DEVICE_OS_LABELS[device.os], device.osVersion].filter(Boolean).join(' ');
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <DeviceTypeIcon type={device.type} className="size-5" />
          <span className="sr-only">{DEVICE_TYPE_LABELS[device.type]}</span>
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold text-slate-900">{device.name}</h3>
          <p className="truncate text-sm text-slate-500">{model || DEVICE_TYPE_LABELS[device.type]}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">
            <Trans>System</Trans>
          </dt>
          <dd className="text-slate-900">{os}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">
            <Trans>Serial number</Trans>
          </dt>
          <dd className="truncate font-mono text-xs leading-5 text-slate-900">
            {device.serialNumber ?? '—'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">
            <Trans>Last seen</Trans>
          </dt>
          <dd className="text-slate-900">
            {device.lastSeenAt ? formatDate(device.lastSeenAt) : <Trans>Not yet</Trans>}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">
            <Trans>Assigned since</Trans>
          </dt>
          <dd className="text-slate-900">{formatDate(device.createdAt)}</dd>
        </div>
      </dl>
      <ul aria-label={t`Security`} className="mt-4 flex flex-wrap gap-1.5 border-t border-slate-100 pt-4">
        <li>
          <EnrollmentStateBadge state={device.enrollmentState} />
        </li>
        <li>
          <SecurityBadge device={device} kind="encryption" />
        </li>
        <li>
          <SecurityBadge device={device} kind="protection" />
        </li>
      </ul>
    </Card>
  );
}
