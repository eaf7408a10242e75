import { EMPLOYEE_IMPORT } from '@equip/domain/employee-import';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '@/config/paths';
import { employeesCount } from '@/lib/format';
import { BackLink } from '@/ui/back-link';
import { ColumnsHint, ImportPage, TemplateLink } from '@/ui/csv-import/import-page';
import { PageHeader } from '@/ui/page-header';
import { useImportEmployees } from '../lib/use-import-employees';

const GRID =
  '5rem repeat(2, minmax(6.5rem, 1fr)) minmax(12rem, 1.8fr) minmax(7rem, 1fr) repeat(2, minmax(7.5rem, 0.8fr)) repeat(2, minmax(7rem, 1fr))';

/** `/dashboard/action/import-employees`: choose a CSV or Excel file, fix its rows, import them all at once. */
export function ImportEmployeesPage() {
  const { t } = useLingui();
  const flow = useImportEmployees();
  const header = (
    <>
      <BackLink to={paths.dashboard.employees()}>
        <Trans>Employees</Trans>
      </BackLink>
      <PageHeader
        description={
          <>
            <ColumnsHint schema={EMPLOYEE_IMPORT} /> <Trans>Dates as YYYY-MM-DD or DD.MM.YYYY.</Trans>
          </>
        }
        actions={<TemplateLink schema={EMPLOYEE_IMPORT} fileName="employees-template.csv" />}
      />
    </>
  );
  return (
    <ImportPage
      schema={EMPLOYEE_IMPORT}
      flow={flow}
      header={header}
      gridTemplate={GRID}
      commitLabel={(count) => {
        const employees = employeesCount(count);
        return t`Import ${employees}`;
      }}
    />
  );
}
