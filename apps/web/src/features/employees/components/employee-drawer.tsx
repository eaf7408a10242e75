import type { EmployeeDetailTab } from '@equip/domain/employees';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { fullName } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { RecordDrawer, type RecordHeader } from '@/ui/record-drawer';
import { Skeleton } from '@/ui/skeleton';
import { Tabs } from '@/ui/tabs';
import { useEmployee, useEmployeeSummary } from '../api/get-employee';
import { selectEmployee, selectEmployeeViewState, setActiveTab } from '../employees-slice';
import { useEmployeeUrl } from '../lib/employee-url';
import { DevicesTab } from './devices-tab';
import { EmployeeAvatar } from './employee-avatar';
import { EmployeeStatusBadge } from './employee-status-badge';
import { PersonalInfoTab } from './personal-info-tab';
import { StatusTab } from './status-tab';

const TAB_LABELS: Record<EmployeeDetailTab, MessageDescriptor> = {
  status: msg`Status`,
  devices: msg`Devices`,
  'personal-information': msg`Personal information`,
};

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
      {(id) => <EmployeeDetail employeeId={id} />}
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

function EmployeeDetail({ employeeId }: { employeeId: string }) {
  const { t, i18n } = useLingui();
  const dispatch = useAppDispatch();
  const viewState = useAppSelector((state) => selectEmployeeViewState(state, employeeId));
  const url = useEmployeeUrl();
  const activeTab = url.tab ?? viewState?.activeTab ?? 'status';
  const employee = useEmployee(employeeId);

  if (employee.isError && !employee.data) {
    const reason = employee.error.message;
    return (
      <p role="alert" className="p-6 text-sm text-red-700">
        <Trans>Could not load this employee: {reason}</Trans>
      </p>
    );
  }

  return (
    <Tabs
      label={t`Employee details`}
      value={activeTab}
      onValueChange={(tab) => {
        dispatch(setActiveTab({ employeeId, tab }));
        url.setTab(tab);
      }}
      listClassName="sticky top-0 z-10 bg-white px-6"
      tabs={[
        {
          id: 'status',
          label: i18n._(TAB_LABELS.status),
          content: <StatusTab employee={employee.data} />,
        },
        {
          id: 'devices',
          label: i18n._(TAB_LABELS.devices),
          content: <DevicesTab employeeId={employeeId} />,
        },
        {
          id: 'personal-information',
          label: i18n._(TAB_LABELS['personal-information']),
          content: employee.data ? (
            <PersonalInfoTab employee={employee.data} />
          ) : (
            <div className="space-y-4 p-6">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
            </div>
          ),
        },
      ]}
    />
  );
}
