import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { PageHeader } from '@/ui/page-header';
import { AddEmployeesForm } from '../components/add-employees-form';

export function AddEmployeesManualPage() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.employees()}>
        <Trans>Employees</Trans>
      </BackLink>
      <PageHeader
        description={t`Add one or several people at once. First name, last name and email are required; each row is checked as you fill it in.`}
      />
      <AddEmployeesForm />
    </div>
  );
}
