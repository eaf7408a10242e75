import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect } from 'react';
import { fullName } from '@/lib/format';
import { withCatalogs } from '@/lib/i18n/i18n';
import { useAppDispatch } from '@/lib/store';
import { RecordDrawer, type RecordHeader } from '@/ui/record-drawer';
import { Skeleton } from '@/ui/skeleton';
import { useEmployeeSummary } from '../api/get-employee';
import { selectEmployee } from '../employees-slice';
import { useEmployeeUrl } from '../lib/employee-url';
import { EmployeeAvatar } from './employee-avatar';
import { EmployeeStatusBadge } from './employee-status-badge';

/**
 * The tabs and what they need (forms, the devices' and bundles' parts, and their areas' texts) are no
 * part of the list's first load (bench/lighthouse.mjs): fetched when a drawer first opens.
 */
const loadEmployeeDetail = withCatalogs(() => import('./employee-detail'), ['areas']);
const EmployeeDetail = lazy(() =>
  loadEmployeeDetail().then((module) => ({ default: module.EmployeeDetail })),
);

function DetailSkeleton() {
  return (
    <div className="space-y-4 p-6">
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

/**
 * The open employee's details in a side sheet, with the tabs of SPEC §2. Which employee is open is the
 * URL's (`/dashboard/employees/<uuid>`); the employees slice follows it (SPEC §4's selectedEmployeeId).
 */
export function EmployeeDrawer() {
  const dispatch = useAppDispatch();
  const { recordId: employeeId, close } = useEmployeeUrl();
  useEffect(() => {
    dispatch(selectEmployee(employeeId));
  }, [dispatch, employeeId]);
  return (
    <RecordDrawer
      recordId={employeeId}
      onClose={close}
      emptyTitle={<Trans>Employee</Trans>}
      useHeader={useEmployeeHeader}
    >
      {(id) => (
        <Suspense fallback={<DetailSkeleton />}>
          <EmployeeDetail employeeId={id} />
        </Suspense>
      )}
    </RecordDrawer>
  );
}

function useEmployeeHeader(employeeId: string): RecordHeader | undefined {
  const data = useEmployeeSummary(employeeId);
  return (
    data && {
      media: <EmployeeAvatar person={data} className="size-9" />,
      name: fullName(data),
      status: <EmployeeStatusBadge status={data.employeeStatus} />,
      details: [data.email, data.position, data.department],
    }
  );
}
