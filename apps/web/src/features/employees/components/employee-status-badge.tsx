import type { EmployeeStatus } from '@equip/domain/identity';
import { Badge } from '@/ui/badge';
import { EMPLOYEE_STATUS_LABELS } from '../lib/format';

export function EmployeeStatusBadge({ status }: { status: EmployeeStatus }) {
  const { label, tone } = EMPLOYEE_STATUS_LABELS[status];
  return (
    <Badge tone={tone} dot>
      {label}
    </Badge>
  );
}
