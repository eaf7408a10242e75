import type { AssetKindCode } from '@equip/domain/assets';
import {
  Camera,
  Headphones,
  Headset,
  Keyboard,
  type LucideIcon,
  Monitor,
  Mouse,
  Package,
  Printer,
  Webcam,
} from 'lucide-react';

const ICONS: Record<AssetKindCode, LucideIcon> = {
  camera: Camera,
  webcam: Webcam,
  mouse: Mouse,
  keyboard: Keyboard,
  monitor: Monitor,
  headphones: Headphones,
  headset: Headset,
  printer: Printer,
  unknown: Package,
};

/** The picture of a fixed kind (decorative: say the kind in words beside it). */
export function AssetKindIcon({ kind, className }: { kind: AssetKindCode; className?: string }) {
  const Icon = ICONS[kind];
  return <Icon aria-hidden="true" className={className} />;
}
