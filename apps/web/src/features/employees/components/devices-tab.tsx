import type { AssetItem } from '@equip/domain/assets';
import type { Device } from '@equip/domain/devices';
import { Trans, useLingui } from '@lingui/react/macro';
import { Laptop, Lock, type LucideIcon, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ASSET_KIND_LABELS, AssetKindIcon, AssetStatusBadge } from '@/features/assets/public';
import { PersonApplications } from '@/features/bundles/public';
import {
  DEVICE_OS_LABELS,
  DEVICE_TYPE_LABELS,
  DeviceStatusBadge,
  DeviceTypeIcon,
  ENROLLMENT_STATE_LABELS,
  encryptionLabel,
  protectionLabel,
} from '@/features/devices/public';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { SkeletonMedia } from '@/ui/skeleton';
import { useEmployeeDevices } from '../api/get-employee-devices';

const OS_STYLES: Record<Device['os'], string> = {
  MACOS: 'bg-slate-900 text-white',
  IOS: 'bg-slate-700 text-white',
  WINDOWS: 'bg-sky-600 text-white',
  UNKNOWN: 'bg-slate-200 text-slate-700',
};

function SecurityNote({ ok, icon: Icon, label }: { ok: boolean; icon: LucideIcon; label: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Icon aria-hidden="true" className={cn('size-3.5', ok ? 'text-emerald-600' : 'text-amber-600')} />
      {label}
    </span>
  );
}

function DeviceItem({ device }: { device: Device }) {
  const serial = device.serialNumber;
  const lastSeen = formatDate(device.lastSeenAt);
  const details = [device.manufacturer, device.model].filter(Boolean).join(' ');
  return (
    <li className="flex gap-4 py-4">
      <span className="relative flex size-11 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
        <DeviceTypeIcon type={device.type} className="size-5" />
        <span
          className={`absolute -right-1.5 -bottom-1.5 rounded px-1 text-[10px] leading-4 font-semibold ${OS_STYLES[device.os]}`}
        >
          {DEVICE_OS_LABELS[device.os]}
        </span>
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate font-medium text-slate-900">{device.name}</p>
          <DeviceStatusBadge status={device.status} />
        </div>
        <p className="truncate text-sm text-slate-500">
          {DEVICE_TYPE_LABELS[device.type]} · {DEVICE_OS_LABELS[device.os]}
          {device.osVersion ? ` ${device.osVersion}` : ''}
          {details ? ` · ${details}` : ''}
        </p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          {serial ? (
            <span>
              <Trans>Serial {serial}</Trans>
            </span>
          ) : null}
          <span>{ENROLLMENT_STATE_LABELS[device.enrollmentState]}</span>
          <SecurityNote ok={device.isEncrypted} icon={Lock} label={encryptionLabel(device.isEncrypted)} />
          <SecurityNote
            ok={device.isProtected}
            icon={device.isProtected ? ShieldCheck : ShieldAlert}
            label={protectionLabel(device.isProtected)}
          />
          {lastSeen ? (
            <span>
              <Trans>Last seen {lastSeen}</Trans>
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}

export function DevicesTab({ employeeId }: { employeeId: string }) {
  const { t } = useLingui();
  const devices = useEmployeeDevices(employeeId);
  if (devices.isPending) {
    return (
      <div className="space-y-4 p-6" aria-hidden="true">
        {[0, 1].map((i) => (
          <SkeletonMedia key={i} media="size-11 rounded-lg" lines={['h-4 w-40', 'h-3 w-64']} />
        ))}
      </div>
    );
  }
  if (devices.isError) {
    return (
      <div className="p-6">
        <LoadError
          title={t`Could not load the devices`}
          error={devices.error}
          fallback={t`Please try again.`}
          retrying={devices.isFetching}
          onRetry={() => void devices.refetch()}
        />
      </div>
    );
  }
  const { items, assets } = devices.data;
  if (items.length === 0 && assets.length === 0) {
    return (
      <div className="p-6">
        <EmptyState
          icon={Laptop}
          headingLevel={3}
          title={t`No devices assigned`}
          description={t`Devices assigned to this person, or registered by them, are listed here.`}
        />
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {items.length > 0 ? (
        <ul aria-label={t`Devices`} className="divide-y divide-slate-100 px-6">
          {items.map((device) => (
            <DeviceItem key={device.uuid} device={device} />
          ))}
        </ul>
      ) : null}
      {assets.length > 0 ? (
        <section aria-labelledby="employee-peripherals" className="px-6 pb-4">
          <h3 id="employee-peripherals" className="pt-4 text-sm font-semibold text-slate-900">
            <Trans>Peripherals</Trans>
          </h3>
          <ul aria-label={t`Peripherals`} className="divide-y divide-slate-100">
            {assets.map((asset) => (
              <PeripheralItem key={asset.uuid} asset={asset} />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="employee-applications" className="px-6 pb-4">
        <h3 id="employee-applications" className="pt-4 text-sm font-semibold text-slate-900">
          <Trans>Applications</Trans>
        </h3>
        <PersonApplications personUuid={employeeId} />
      </section>
    </div>
  );
}

/** A peripheral the person has (a monitor, a headset …), with its own address on the assets tab. */
function PeripheralItem({ asset }: { asset: AssetItem }) {
  const serial = asset.serialNumber;
  return (
    <li className="flex gap-4 py-3">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
        <AssetKindIcon kind={asset.kind} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.dashboard.asset(asset.uuid)}
            className="truncate font-medium text-slate-900 hover:underline"
          >
            {asset.name}
          </Link>
          <AssetStatusBadge status={asset.status} />
        </div>
        <p className="truncate text-sm text-slate-500">
          {[ASSET_KIND_LABELS[asset.kind], asset.vendor, asset.modelNumber].filter(Boolean).join(' · ')}
        </p>
        {serial ? (
          <p className="mt-1 text-xs text-slate-500">
            <Trans>Serial {serial}</Trans>
          </p>
        ) : null}
      </div>
    </li>
  );
}
