/**
 * What other areas may use of employees (the person's own page, the audit log): the words and the
 * badge of an employee's enums. Everything else of the folder is the area's own;
 * `architecture.test.ts` holds other features to this file.
 */

export { getEmployeeQueryOptions } from './api/get-employee';
export { EmployeeStatusBadge } from './components/employee-status-badge';
export { EMPLOYEE_STATUS_LABELS, USER_SOURCE_LABELS, USER_TYPE_LABELS } from './lib/employee-labels';
