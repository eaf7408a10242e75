import type { EmployeeStatus } from '@equip/domain/identity';
import { Badge, type BadgeTone } from '@/ui/badge';
import { EMPLOYEE_STATUS_LABELS } from '../lib/employee-labels';

/** The colour of each status, the same wherever it is shown (words: `../lib/employee-labels.ts`). */
const EMPLOYEE_STATUS_TONES: Record<EmployeeStatus, BadgeTone> = {
  ACTIVE: 'green',
  ONBOARDING: 'sky',
  OFFBOARDING: 'amber',
  LEAVE: 'violet',
  INACTIVE: 'neutral',
};

export function EmployeeStatusBadge({ status, className }: { status: EmployeeStatus; className?: string }) {
  return (
    <Badge tone={EMPLOYEE_STATUS_TONES[status]} dot className={className}>
      {EMPLOYEE_STATUS_LABELS[status]}
    </Badge>
  );
}
