import type { EmployeeDetailTab } from '@equip/domain/employees';
import { fullName } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Drawer } from '@/ui/drawer';
import { Skeleton } from '@/ui/skeleton';
import { EmployeeStatusBadge } from '@/ui/status-badges';
import { Tabs } from '@/ui/tabs';
import { useEmployee, useEmployeeSummary } from '../api/get-employee';
import {
  selectEmployee,
  selectEmployeeViewState,
  selectSelectedEmployeeId,
  setActiveTab,
} from '../employees-slice';
import { DevicesTab } from './devices-tab';
import { EmployeeAvatar } from './employee-avatar';
import { PersonalInfoTab } from './personal-info-tab';
import { StatusTab } from './status-tab';

const TAB_LABELS: Record<EmployeeDetailTab, string> = {
  status: 'Status',
  devices: 'Devices',
  'personal-information': 'Personal information',
};

/** The selected employee's details in a side sheet, with the tabs of SPEC §2. */
export function EmployeeDrawer() {
  const dispatch = useAppDispatch();
  const employeeId = useAppSelector(selectSelectedEmployeeId);
  return (
    <Drawer
      open={employeeId !== null}
      onOpenChange={(open) => {
        if (!open) dispatch(selectEmployee(null));
      }}
      title={employeeId ? <DrawerTitle employeeId={employeeId} /> : 'Employee'}
      description={employeeId ? <DrawerDescription employeeId={employeeId} /> : undefined}
      headerExtra={employeeId ? <DrawerStatus employeeId={employeeId} /> : undefined}
    >
      {employeeId ? <EmployeeDetail employeeId={employeeId} /> : null}
    </Drawer>
  );
}

function DrawerTitle({ employeeId }: { employeeId: string }) {
  const data = useEmployeeSummary(employeeId);
  if (!data) return <Skeleton className="h-5 w-48" />;
  return (
    <span className="flex items-center gap-3">
      <EmployeeAvatar person={data} className="size-9" />
      <span className="truncate">{fullName(data)}</span>
    </span>
  );
}

function DrawerStatus({ employeeId }: { employeeId: string }) {
  const data = useEmployeeSummary(employeeId);
  return data ? (
    <span className="mt-2">
      <EmployeeStatusBadge status={data.employeeStatus} />
    </span>
  ) : null;
}

function DrawerDescription({ employeeId }: { employeeId: string }) {
  const data = useEmployeeSummary(employeeId);
  if (!data) return <span className="sr-only">Loading</span>;
  return (
    <span className="ml-12 block truncate">
      {[data.email, data.position, data.department].filter(Boolean).join(' · ')}
    </span>
  );
}

function EmployeeDetail({ employeeId }: { employeeId: string }) {
  const dispatch = useAppDispatch();
  const viewState = useAppSelector((state) => selectEmployeeViewState(state, employeeId));
  const activeTab = viewState?.activeTab ?? 'status';
  const employee = useEmployee(employeeId);

  if (employee.isError && !employee.data) {
    return (
      <p role="alert" className="p-6 text-sm text-red-700">
        Could not load this employee: {employee.error.message}
      </p>
    );
  }

  return (
    <Tabs
      label="Employee details"
      value={activeTab}
      onValueChange={(tab) => dispatch(setActiveTab({ employeeId, tab }))}
      listClassName="sticky top-0 z-10 bg-white px-6"
      tabs={[
        {
          id: 'status',
          label: TAB_LABELS.status,
          content: <StatusTab employee={employee.data} />,
        },
        {
          id: 'devices',
          label: TAB_LABELS.devices,
          content: <DevicesTab employeeId={employeeId} />,
        },
        {
          id: 'personal-information',
          label: TAB_LABELS['personal-information'],
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
