import type { DeviceType } from '@equip/domain/devices';
import { Laptop, type LucideIcon, Smartphone, Tablet } from 'lucide-react';

const ICONS: Record<DeviceType, LucideIcon> = { COMPUTER: Laptop, PHONE: Smartphone, TABLET: Tablet };

/** The picture of a kind of device (decorative: say the kind in words beside it). */
export function DeviceTypeIcon({ type, className }: { type: DeviceType; className?: string }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden="true" className={className} />;
}
