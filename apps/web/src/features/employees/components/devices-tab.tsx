import type { Device, DeviceType } from '@equip/domain/devices';
import { Laptop, Lock, type LucideIcon, ShieldAlert, ShieldCheck, Smartphone, Tablet } from 'lucide-react';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Skeleton } from '@/ui/skeleton';
import { useEmployeeDevices } from '../api/get-employee-devices';
import {
  DEVICE_OS_LABELS,
  DEVICE_STATUS_LABELS,
  DEVICE_TYPE_LABELS,
  ENROLLMENT_LABELS,
  formatDate,
} from '../lib/format';

const TYPE_ICONS: Record<DeviceType, LucideIcon> = { COMPUTER: Laptop, PHONE: Smartphone, TABLET: Tablet };

const OS_STYLES: Record<Device['os'], string> = {
  MACOS: 'bg-slate-900 text-white',
  IOS: 'bg-slate-700 text-white',
  WINDOWS: 'bg-sky-600 text-white',
  UNKNOWN: 'bg-slate-200 text-slate-700',
};

function DeviceItem({ device }: { device: Device }) {
  const Icon = TYPE_ICONS[device.type];
  const status = DEVICE_STATUS_LABELS[device.status];
  const details = [device.manufacturer, device.model].filter(Boolean).join(' ');
  return (
    <li className="flex gap-4 py-4">
      <span className="relative flex size-11 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
        <Icon aria-hidden="true" className="size-5" />
        <span
          className={`absolute -right-1.5 -bottom-1.5 rounded px-1 text-[10px] leading-4 font-semibold ${OS_STYLES[device.os]}`}
        >
          {DEVICE_OS_LABELS[device.os]}
        </span>
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate font-medium text-slate-900">{device.name}</p>
          <Badge tone={status.tone} dot>
            {status.label}
          </Badge>
        </div>
        <p className="truncate text-sm text-slate-500">
          {DEVICE_TYPE_LABELS[device.type]} · {DEVICE_OS_LABELS[device.os]}
          {device.osVersion ? ` ${device.osVersion}` : ''}
          {details ? ` · ${details}` : ''}
        </p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          {device.serialNumber ? <span>Serial {device.serialNumber}</span> : null}
          <span>{ENROLLMENT_LABELS[device.enrollmentState]}</span>
          <span className="inline-flex items-center gap-1">
            {device.isEncrypted ? (
              <Lock aria-hidden="true" className="size-3.5 text-emerald-600" />
            ) : (
              <Lock aria-hidden="true" className="size-3.5 text-amber-600" />
            )}
            {device.isEncrypted ? 'Encrypted' : 'Not encrypted'}
          </span>
          <span className="inline-flex items-center gap-1">
            {device.isProtected ? (
              <ShieldCheck aria-hidden="true" className="size-3.5 text-emerald-600" />
            ) : (
              <ShieldAlert aria-hidden="true" className="size-3.5 text-amber-600" />
            )}
            {device.isProtected ? 'Protected' : 'Not protected'}
          </span>
          {device.lastSeenAt ? <span>Last seen {formatDate(device.lastSeenAt)}</span> : null}
        </p>
      </div>
    </li>
  );
}

export function DevicesTab({ employeeId }: { employeeId: string }) {
  const devices = useEmployeeDevices(employeeId);
  if (devices.isPending) {
    return (
      <div className="space-y-4 p-6" aria-hidden="true">
        {[0, 1].map((i) => (
          <div key={i} className="flex gap-4">
            <Skeleton className="size-11 rounded-lg" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-64" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (devices.isError) {
    return (
      <div role="alert" className="space-y-3 p-6 text-sm text-red-700">
        <p>Could not load the devices: {devices.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void devices.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (devices.data.length === 0) {
    return (
      <div className="p-6">
        <EmptyState
          icon={Laptop}
          headingLevel={3}
          title="No devices assigned"
          description="Devices assigned to this person, or registered by them, are listed here."
        />
      </div>
    );
  }
  return (
    <ul aria-label="Devices" className="divide-y divide-slate-100 px-6">
      {devices.data.map((device) => (
        <DeviceItem key={device.uuid} device={device} />
      ))}
    </ul>
  );
}
