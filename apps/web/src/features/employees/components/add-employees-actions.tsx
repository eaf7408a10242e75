import { Trans } from '@lingui/react/macro';
import { FileUp, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/ui/button';

/** The two ways to add people: import a CSV file, or type them in. */
export function AddEmployeesActions() {
  return (
    <>
      <Button asChild variant="secondary">
        <Link to={paths.dashboard.importEmployees}>
          <FileUp aria-hidden="true" />
          <Trans>Import CSV</Trans>
        </Link>
      </Button>
      <Button asChild>
        <Link to={paths.dashboard.addEmployeesManual}>
          <UserPlus aria-hidden="true" />
          <Trans>Add employees</Trans>
        </Link>
      </Button>
    </>
  );
}
