import type { EmployeeCsvEntry } from '@equip/domain/employee-import';
import type { Employee } from '@equip/domain/employees';

/** An employee as a row of the import format (what the export writes for them). */
export function toCsvEntry(e: Employee): EmployeeCsvEntry {
  return {
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone ?? '',
    startDate: e.startDate ?? '',
    lastDate: e.lastDate ?? '',
    department: e.department ?? '',
    position: e.position ?? '',
  };
}

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
