import type { DeviceStatus, EnrollmentState } from '@equip/domain/devices';
import { Badge, type BadgeTone } from '@/ui/badge';
import { DEVICE_STATUS_LABELS, ENROLLMENT_STATE_LABELS } from '../lib/device-labels';

/** The colour of each state, the same wherever it is shown (words: `../lib/device-labels.ts`). */
const DEVICE_STATUS_TONES: Record<DeviceStatus, BadgeTone> = {
  active: 'green',
  'awaiting-registration': 'amber',
  'in-stock': 'neutral',
  ordered: 'sky',
  inactive: 'neutral',
  new: 'indigo',
};

const ENROLLMENT_STATE_TONES: Record<EnrollmentState, BadgeTone> = {
  ENROLLED: 'green',
  PENDING_ENROLLMENT: 'amber',
  READY_TO_ENROLL: 'indigo',
  FAILED_ENROLLMENT: 'red',
};

export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  return (
    <Badge tone={DEVICE_STATUS_TONES[status]} dot>
      {DEVICE_STATUS_LABELS[status]}
    </Badge>
  );
}

export function EnrollmentStateBadge({ state }: { state: EnrollmentState }) {
  return <Badge tone={ENROLLMENT_STATE_TONES[state]}>{ENROLLMENT_STATE_LABELS[state]}</Badge>;
}
