import type { EmployeeTableView } from '@equip/domain/employees';
import { EMPLOYEE_COLUMN_KEYS, EMPLOYEE_COLUMNS_STORAGE_KEY } from '@equip/domain/employees-rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BellRing } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { exportColumnsQuery } from '@/lib/csv-import/download-export';
import { shownColumns } from '@/lib/list-state/use-column-preferences';
import { useAppSelector } from '@/lib/store';
import { Button } from '@/ui/button';
import { ExportMenu } from '@/ui/csv-import/export-menu';
import { LinkTabs } from '@/ui/link-tabs';
import { PageHeader } from '@/ui/page-header';
import { exportEmployees } from '../api/export-employees';
import { AddEmployeesActions } from '../components/add-employees-actions';
import { EmployeeDrawer } from '../components/employee-drawer';
import { EmployeesTable } from '../components/employees-table';
import { VIEW_COLUMNS } from '../components/employees-table-columns';
import { employeesTableList } from '../employees-list';
import { selectEmployeesTable } from '../employees-table-slice';
import { parseTableUrl, parseView, serializeTableUrl } from '../lib/table-url';

const VIEW_LABELS: Record<EmployeeTableView, MessageDescriptor> = {
  all: msg`All employees`,
  onboarding: msg`Onboarding`,
  offboarding: msg`Offboarding`,
};
const VIEWS = ['all', 'onboarding', 'offboarding'] as const;

/**
 * The table's current view with its filters, as Excel or CSV (fetched with the token, saved from a
 * blob): the columns the view shows (in the all view, those the person keeps in the column menu), or
 * all of them.
 */
function ExportButton({ view }: { view: EmployeeTableView }) {
  const [searchParams] = useSearchParams();
  return (
    <ExportMenu
      hasColumnChoice
      onExport={(format, separator, scope) => {
        const optional = view === 'all' ? EMPLOYEE_COLUMN_KEYS : [];
        const shown = shownColumns(VIEW_COLUMNS[view], EMPLOYEE_COLUMNS_STORAGE_KEY, optional);
        return exportEmployees(
          employeesTableList.toQuery(view, parseTableUrl(searchParams, view)),
          format,
          separator,
          exportColumnsQuery(scope, shown),
        );
      }}
    />
  );
}

export function EmployeesPage() {
  const { t, i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const view = parseView(searchParams.get('view'));
  const tableState = useAppSelector(selectEmployeesTable);
  return (
    <div className="space-y-5">
      <PageHeader
        description={t`Everyone in your organisation, and who is joining or leaving.`}
        actions={
          <>
            <Button asChild variant="ghost">
              <Link to={paths.dashboard.deviceRegistration}>
                <BellRing aria-hidden="true" />
                <Trans>Registration reminders</Trans>
              </Link>
            </Button>
            <ExportButton view={view} />
            <AddEmployeesActions />
          </>
        }
      />
      <LinkTabs
        label={t`Employee views`}
        current={view}
        tabs={VIEWS.map((id) => {
          // Each tab returns to that view as it was left (its filters and sorting).
          const search = serializeTableUrl(id, tableState[id]).toString();
          return {
            id,
            label: i18n._(VIEW_LABELS[id]),
            to: `${paths.dashboard.employees()}${search ? `?${search}` : ''}`,
          };
        })}
      />
      <EmployeesTable key={view} view={view} />
      <EmployeeDrawer />
    </div>
  );
}
