import type { EmployeeTableView } from '@equip/domain/employees';
import { BellRing, Download } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAppSelector } from '@/lib/store';
import { Button } from '@/ui/button';
import { LinkTabs } from '@/ui/link-tabs';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { exportEmployeesCsv } from '../api/export-employees';
import { AddEmployeesActions } from '../components/add-employees-actions';
import { EmployeeDrawer } from '../components/employee-drawer';
import { EmployeesTable } from '../components/employees-table';
import { employeesTableList, selectEmployeesTable } from '../employees-table-slice';
import { parseTableUrl, parseView, serializeTableUrl } from '../lib/table-url';

const VIEW_LABELS: Record<EmployeeTableView, string> = {
  all: 'All employees',
  onboarding: 'Onboarding',
  offboarding: 'Offboarding',
};
const VIEWS = ['all', 'onboarding', 'offboarding'] as const;

/** The table's current view with its filters, as CSV (fetched with the token, saved from a blob). */
function ExportButton({ view }: { view: EmployeeTableView }) {
  const [searchParams] = useSearchParams();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);
  async function onExport() {
    const state = parseTableUrl(searchParams, view);
    setPending(true);
    try {
      await exportEmployeesCsv(employeesTableList.toQuery(view, state));
    } catch (error) {
      toast({ variant: 'negative', content: `Could not export: ${(error as Error).message}` });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="secondary" onClick={onExport} disabled={pending}>
      <Download aria-hidden="true" />
      {pending ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}

export function EmployeesPage() {
  const [searchParams] = useSearchParams();
  const view = parseView(searchParams.get('view'));
  const tableState = useAppSelector(selectEmployeesTable);
  return (
    <div className="space-y-5">
      <PageHeader
        description="Everyone in your organisation, and who is joining or leaving."
        actions={
          <>
            <Button asChild variant="ghost">
              <Link to={paths.dashboard.deviceRegistration}>
                <BellRing aria-hidden="true" />
                Registration reminders
              </Link>
            </Button>
            <ExportButton view={view} />
            <AddEmployeesActions />
          </>
        }
      />
      <LinkTabs
        label="Employee views"
        current={view}
        tabs={VIEWS.map((id) => {
          // Each tab returns to that view as it was left (its filters and sorting).
          const search = serializeTableUrl(id, tableState[id]).toString();
          return {
            id,
            label: VIEW_LABELS[id],
            to: `${paths.dashboard.employees()}${search ? `?${search}` : ''}`,
          };
        })}
      />
      <EmployeesTable key={view} view={view} />
      <EmployeeDrawer />
    </div>
  );
}
