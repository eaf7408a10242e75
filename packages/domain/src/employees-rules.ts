/**
 * The employees list's constants as plain lists, kept free of zod: the list page reads them while it
 * loads, and importing `employees.ts` would build its schemas and those of every module it imports
 * (devices, procurement, the areas' registry…), ~50 ms of a phone's first load (bench/lighthouse.mjs).
 * `employees.ts` builds its enums on them and does not import this file's readers, so there is no cycle.
 */

/** The columns a person may show or hide on the "all" view (`columns=`). */
export const EMPLOYEE_COLUMN_KEYS = [
  'employeeStatus',
  'devicesAssigned',
  'assignedBundle',
  'license',
  'source',
] as const;
export const EMPLOYEE_COLUMNS_STORAGE_KEY = 'equip:all_employees_columns';

export const EMPLOYEE_SORTING_KEYS = [
  'name',
  'email',
  'employeeStatus',
  'devicesAssigned',
  'assignedBundle',
  'source',
  'department',
  'startDate',
  'lastDate',
] as const;

/** The tabs of an employee's drawer (`tab=`). */
export const EMPLOYEE_DETAIL_TABS = ['status', 'devices', 'personal-information'] as const;
