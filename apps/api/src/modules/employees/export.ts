import type { EmployeeExportField, EmployeeListItem } from '@equip/domain/employees';
import type { ShippedLocale } from '@equip/domain/locale';
import type { TableExportTexts } from '../../imports/export.ts';
import type { ExportWords } from '../../imports/words.ts';

/** A person as the export reads them: the table's row and the phone (which the table does not show). */
export type EmployeeExportRow = EmployeeListItem & { phone: string | null };

/**
 * The headers of the employees export in each language: the words of the table and of the person's
 * details; the person fields' are headers the import reads back (EMPLOYEE_IMPORT's headers and aliases).
 */
export const EMPLOYEE_EXPORT_TEXTS: Record<ShippedLocale, TableExportTexts<EmployeeExportField>> = {
  en: {
    sheetName: 'Employees',
    headers: {
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email',
      phone: 'Phone',
      department: 'Department',
      position: 'Position',
      startDate: 'Start date',
      lastDate: 'Last day',
      employeeStatus: 'Status',
      devicesAssigned: 'Devices',
      assignedBundle: 'Bundle',
      license: 'License',
      source: 'Source',
      userType: 'User type',
      role: 'Role',
      uuid: 'ID',
    },
  },
  de: {
    sheetName: 'Mitarbeitende',
    headers: {
      firstName: 'Vorname',
      lastName: 'Nachname',
      email: 'E-Mail',
      phone: 'Telefon',
      department: 'Abteilung',
      position: 'Position',
      startDate: 'Startdatum',
      lastDate: 'Letzter Arbeitstag',
      employeeStatus: 'Status',
      devicesAssigned: 'Geräte',
      assignedBundle: 'Bundle',
      license: 'Lizenz',
      source: 'Quelle',
      userType: 'Nutzertyp',
      role: 'Rolle',
      uuid: 'ID',
    },
  },
};

/** One person as a row of the export: values in the reader's words, dates as ISO dates (typed by the machinery). */
export function employeeExportEntry(
  person: EmployeeExportRow,
  words: ExportWords,
): Record<EmployeeExportField, string> {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone: person.phone ?? '',
    department: person.department ?? '',
    position: person.position ?? '',
    startDate: person.startDate ?? '',
    lastDate: person.lastDate ?? '',
    employeeStatus: words.values.employeeStatus[person.employeeStatus],
    devicesAssigned: String(person.devicesAssigned),
    assignedBundle: person.assignedBundle?.name ?? '',
    license: person.license ?? '',
    source: words.values.userSource[person.source],
    userType: words.values.userType[person.userType],
    role: words.values.role[person.role],
    uuid: person.uuid,
  };
}
