import type { Device, DeviceOs, DeviceType, EnrollmentState } from '@equip/domain/devices';
import {
  Laptop,
  Lock,
  LockOpen,
  type LucideIcon,
  ShieldAlert,
  ShieldCheck,
  Smartphone,
  Tablet,
} from 'lucide-react';
import { Badge, type BadgeTone } from '@/ui/badge';
import { Card } from '@/ui/card';
import { formatDate } from '../format';

const TYPE_ICONS: Record<DeviceType, LucideIcon> = { COMPUTER: Laptop, PHONE: Smartphone, TABLET: Tablet };
const TYPE_LABELS: Record<DeviceType, string> = { COMPUTER: 'Computer', PHONE: 'Phone', TABLET: 'Tablet' };
const OS_LABELS: Record<DeviceOs, string> = {
  MACOS: 'macOS',
  WINDOWS: 'Windows',
  IOS: 'iOS',
  UNKNOWN: 'Unknown OS',
};
const ENROLLMENT: Record<EnrollmentState, { label: string; tone: BadgeTone }> = {
  ENROLLED: { label: 'Managed', tone: 'green' },
  PENDING_ENROLLMENT: { label: 'Enrolment pending', tone: 'amber' },
  READY_TO_ENROLL: { label: 'Ready to enrol', tone: 'indigo' },
  FAILED_ENROLLMENT: { label: 'Enrolment failed', tone: 'red' },
};

export function DeviceCard({ device }: { device: Device }) {
  const Icon = TYPE_ICONS[device.type];
  const model = [device.manufacturer, device.model].filter(Boolean).join(' ');
  const os = [OS_LABELS[device.os], device.osVersion].filter(Boolean).join(' ');
  const enrollment = ENROLLMENT[device.enrollmentState];
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <Icon aria-hidden="true" className="size-5" />
          <span className="sr-only">{TYPE_LABELS[device.type]}</span>
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold text-slate-900">{device.name}</h3>
          <p className="truncate text-sm text-slate-500">{model || TYPE_LABELS[device.type]}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">System</dt>
          <dd className="text-slate-900">{os}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Serial number</dt>
          <dd className="truncate font-mono text-xs leading-5 text-slate-900">
            {device.serialNumber ?? '—'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Last seen</dt>
          <dd className="text-slate-900">{device.lastSeenAt ? formatDate(device.lastSeenAt) : 'Not yet'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Assigned since</dt>
          <dd className="text-slate-900">{formatDate(device.createdAt)}</dd>
        </div>
      </dl>
      <ul aria-label="Security" className="mt-4 flex flex-wrap gap-1.5 border-t border-slate-100 pt-4">
        <li>
          <Badge tone={enrollment.tone}>{enrollment.label}</Badge>
        </li>
        <li>
          {device.isEncrypted ? (
            <Badge tone="green">
              <Lock aria-hidden="true" />
              Encrypted
            </Badge>
          ) : (
            <Badge tone="amber">
              <LockOpen aria-hidden="true" />
              Not encrypted
            </Badge>
          )}
        </li>
        <li>
          {device.isProtected ? (
            <Badge tone="green">
              <ShieldCheck aria-hidden="true" />
              Protected
            </Badge>
          ) : (
            <Badge tone="amber">
              <ShieldAlert aria-hidden="true" />
              No protection
            </Badge>
          )}
        </li>
      </ul>
    </Card>
  );
}
