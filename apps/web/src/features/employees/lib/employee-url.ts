import { EMPLOYEE_DETAIL_TABS } from '@equip/domain/employees-rules';
import { useRecordUrl } from '@/lib/record-url';

/** The open employee in the URL: `/dashboard/employees/<uuid>?tab=devices` (lib/record-url.ts). */
export const useEmployeeUrl = () => useRecordUrl('employeeUuid', EMPLOYEE_DETAIL_TABS);
