import { FileSpreadsheet } from 'lucide-react';
import { paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export function ImportEmployeesPage() {
  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.employees()}>Employees</BackLink>
      <PageHeader description="Columns: First Name, Last Name, Email (required); Phone, Start Date, End Date, Department, Position." />
      <EmptyState
        icon={FileSpreadsheet}
        title="CSV import is coming"
        description="Upload a CSV file, review every row with its errors, fix or remove rows, then import them in one go."
      />
    </div>
  );
}
