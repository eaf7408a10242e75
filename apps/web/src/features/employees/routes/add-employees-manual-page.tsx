import { UserPlus } from 'lucide-react';
import { paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export function AddEmployeesManualPage() {
  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.employees()}>Employees</BackLink>
      <PageHeader description="Create employee records one by one." />
      <EmptyState
        icon={UserPlus}
        title="Manual entry is coming"
        description="A form for first name, last name and email (plus phone, dates, department and position) will let you add several employees at once."
      />
    </div>
  );
}
