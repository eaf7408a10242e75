import { FileUp, UserMinus, UserPlus, Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EMPLOYEE_VIEWS, type EmployeeView, paths } from '@/config/paths';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { LinkTabs } from '@/ui/link-tabs';
import { PageHeader } from '@/ui/page-header';

const VIEW_LABELS: Record<EmployeeView, string> = {
  all: 'All employees',
  onboarding: 'Onboarding',
  offboarding: 'Offboarding',
};

const VIEW_EMPTY: Record<EmployeeView, { icon: typeof Users; title: string; description: string }> = {
  all: {
    icon: Users,
    title: 'No employees yet',
    description:
      'The employee table will list everyone in your organisation, with filters, sorting, selection and configurable columns.',
  },
  onboarding: {
    icon: UserPlus,
    title: 'No onboardings in progress',
    description: 'New joiners being onboarded — devices, delivery and timeline — will be listed here.',
  },
  offboarding: {
    icon: UserMinus,
    title: 'No offboardings in progress',
    description:
      'Leavers being offboarded, with their workspace and software access decisions, will be listed here.',
  },
};

export function parseEmployeeView(value: string | null): EmployeeView {
  return EMPLOYEE_VIEWS.find((view) => view === value) ?? 'all';
}

export function EmployeesPage() {
  const [searchParams] = useSearchParams();
  const view = parseEmployeeView(searchParams.get('view'));
  const empty = VIEW_EMPTY[view];
  return (
    <div className="space-y-6">
      <PageHeader
        description="Everyone in your organisation, and who is joining or leaving."
        actions={
          <>
            <Button asChild variant="secondary">
              <Link to={paths.dashboard.importEmployees}>
                <FileUp aria-hidden="true" />
                Import CSV
              </Link>
            </Button>
            <Button asChild>
              <Link to={paths.dashboard.addEmployeesManual}>
                <UserPlus aria-hidden="true" />
                Add employees
              </Link>
            </Button>
          </>
        }
      />
      <LinkTabs
        label="Employee views"
        current={view}
        tabs={EMPLOYEE_VIEWS.map((id) => ({ id, label: VIEW_LABELS[id], to: paths.dashboard.employees(id) }))}
      />
      <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
    </div>
  );
}
