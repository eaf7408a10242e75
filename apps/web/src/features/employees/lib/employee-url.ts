import { EmployeeDetailTab } from '@equip/domain/employees';
import { useRecordUrl } from '@/lib/record-url';

/** The open employee in the URL: `/dashboard/employees/<uuid>?tab=devices` (lib/record-url.ts). */
export const useEmployeeUrl = () => useRecordUrl('employeeUuid', EmployeeDetailTab.options);
