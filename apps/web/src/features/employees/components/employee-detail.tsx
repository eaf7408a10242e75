import type { EmployeeDetailTab } from '@equip/domain/employees';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Skeleton } from '@/ui/skeleton';
import { Tabs } from '@/ui/tabs';
import { useEmployee } from '../api/get-employee';
import { selectEmployeeViewState, setActiveTab } from '../employees-slice';
import { useEmployeeUrl } from '../lib/employee-url';
import { DevicesTab } from './devices-tab';
import { PersonalInfoTab } from './personal-info-tab';
import { StatusTab } from './status-tab';

const TAB_LABELS: Record<EmployeeDetailTab, MessageDescriptor> = {
  status: msg`Status`,
  devices: msg`Devices`,
  'personal-information': msg`Personal information`,
};

/** An open employee's tabs (SPEC §2): loaded with the drawer's first opening, not with the list. */
export function EmployeeDetail({ employeeId }: { employeeId: string }) {
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
