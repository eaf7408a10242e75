import type { EmployeeCsvEntry } from '@equip/domain/employee-import';

export const EMPTY_CSV_ENTRY: EmployeeCsvEntry = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  startDate: '',
  lastDate: '',
  department: '',
  position: '',
};

export function isBlankEntry(entry: EmployeeCsvEntry): boolean {
  return Object.values(entry).every((value) => value.trim() === '');
}
