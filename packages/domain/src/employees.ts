import { z } from 'zod';
import { AssetItem } from './assets.ts';
import {
  IsoDate,
  IsoDateTime,
  listQuery,
  pageOf,
  QueryBoolean,
  queryArray,
  SortingDirection,
  searchableListQuery,
  Uuid,
} from './common.ts';
import type { ExportSchema } from './csv-import/export.ts';
import { Device } from './devices.ts';
import {
  EMPLOYEE_COLUMN_KEYS,
  EMPLOYEE_COLUMNS_STORAGE_KEY,
  EMPLOYEE_DETAIL_TABS,
  EMPLOYEE_SORTING_KEYS,
} from './employees-rules.ts';
import { FlowDraftMark } from './flows.ts';
import { Email, EmployeeStatus, Role, UserSource, UserType } from './identity.ts';

export const EmployeeTableView = z.enum(['all', 'onboarding', 'offboarding']);
export type EmployeeTableView = z.infer<typeof EmployeeTableView>;

/** Column keys of the all-employees table (SPEC §3), persisted under `equip:all_employees_columns`. */
export const EmployeeColumnKey = z.enum(EMPLOYEE_COLUMN_KEYS);
export type EmployeeColumnKey = z.infer<typeof EmployeeColumnKey>;
export { EMPLOYEE_COLUMNS_STORAGE_KEY };

/** The columns of the employees table, by id (each view shows some of them; `columns=` names them). */
export const EmployeeTableColumn = z.enum([
  'name',
  'department',
  'startDate',
  'lastDate',
  'employeeStatus',
  'devicesAssigned',
  'assignedBundle',
  'license',
  'source',
]);
export type EmployeeTableColumn = z.infer<typeof EmployeeTableColumn>;

/**
 * `GET /api/employees/export`: the table as a file (issue 25, item 16), the fields of the columns the
 * person shows (the name column holds first name, last name and email; department holds the position),
 * or all of them with the phone, user type, role and ID. Its person fields are the import's, headed so
 * the import reads them back in either language (export → edit → re-import).
 */
export const EMPLOYEE_EXPORT = {
  tableColumns: EmployeeTableColumn.options,
  columns: [
    { field: 'firstName', column: 'name' },
    { field: 'lastName', column: 'name' },
    { field: 'email', column: 'name' },
    { field: 'phone', column: null },
    { field: 'department', column: 'department' },
    { field: 'position', column: 'department' },
    { field: 'startDate', column: 'startDate', cell: 'date' },
    { field: 'lastDate', column: 'lastDate', cell: 'date' },
    { field: 'employeeStatus', column: 'employeeStatus' },
    { field: 'devicesAssigned', column: 'devicesAssigned', cell: 'number' },
    { field: 'assignedBundle', column: 'assignedBundle' },
    { field: 'license', column: 'license' },
    { field: 'source', column: 'source' },
    { field: 'userType', column: null },
    { field: 'role', column: null },
    { field: 'uuid', column: null },
  ],
} as const satisfies ExportSchema<string, EmployeeTableColumn>;
export type EmployeeExportField = (typeof EMPLOYEE_EXPORT.columns)[number]['field'];

export const EmployeeSortingKey = z.enum(EMPLOYEE_SORTING_KEYS);
export type EmployeeSortingKey = z.infer<typeof EmployeeSortingKey>;

export const EmployeeDetailTab = z.enum(EMPLOYEE_DETAIL_TABS);
export type EmployeeDetailTab = z.infer<typeof EmployeeDetailTab>;

const PersonName = z.string().trim().min(1).max(100);
const OptionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** Phone numbers as people type them: digits, spaces and + ( ) - / . */
export const Phone = z
  .string()
  .trim()
  .max(40)
  .regex(/^\+?[0-9 ()\-/.]{3,}$/, 'Invalid phone number');

/** Fields a person can have edited (manual add, CSV import, personal-information tab). */
export const EmployeePersonalInfo = z.object({
  firstName: PersonName,
  lastName: PersonName,
  email: Email,
  phone: Phone.nullable().optional(),
  startDate: IsoDate.nullable().optional(),
  lastDate: IsoDate.nullable().optional(),
  department: OptionalText(100),
  position: OptionalText(100),
});
export type EmployeePersonalInfo = z.infer<typeof EmployeePersonalInfo>;

/** A start date after the last date is a contradiction in any form of input. */
export function startNotAfterEnd(info: { startDate?: string | null; lastDate?: string | null }): boolean {
  return !info.startDate || !info.lastDate || info.startDate <= info.lastDate;
}

export const CreateEmployeeRequest = EmployeePersonalInfo.extend({
  userType: UserType.default('regularUser'),
  role: Role.default('regular'),
}).refine(startNotAfterEnd, { message: 'Start date must not be after end date', path: ['lastDate'] });
export type CreateEmployeeRequest = z.infer<typeof CreateEmployeeRequest>;

/** At most this many people in one `POST /api/employees/bulk` (the manual add form's limit too). */
export const MAX_EMPLOYEES_PER_BULK_CREATE = 500;
/** `POST /api/employees/bulk`: several people at once, all or nothing. */
export const CreateEmployeesRequest = z.object({
  employees: z.array(CreateEmployeeRequest).min(1).max(MAX_EMPLOYEES_PER_BULK_CREATE),
});
export type CreateEmployeesRequest = z.infer<typeof CreateEmployeesRequest>;

export const UpdateEmployeeRequest = EmployeePersonalInfo.partial()
  .extend({ userType: UserType.optional(), employeeStatus: EmployeeStatus.optional(), role: Role.optional() })
  .refine(startNotAfterEnd, { message: 'Start date must not be after end date', path: ['lastDate'] });
export type UpdateEmployeeRequest = z.infer<typeof UpdateEmployeeRequest>;

export const Employee = z.object({
  uuid: Uuid,
  organizationUuid: Uuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  startDate: IsoDate.nullable(),
  lastDate: IsoDate.nullable(),
  employeeStatus: EmployeeStatus,
  userType: UserType,
  role: Role,
  source: UserSource,
  devicesAssigned: z.number().int().min(0),
  assignedBundle: z.object({ uuid: Uuid, name: z.string() }).nullable(),
  license: z.string().nullable(),
  invitedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Employee = z.infer<typeof Employee>;

/** `GET /api/employees` query: view, the all-view filters of SPEC §3, sorting and paging. */
export const EmployeeListQuery = searchableListQuery({
  sortingKeys: EmployeeSortingKey,
  maxTake: 500,
}).extend({
  view: EmployeeTableView.default('all'),
  userType: queryArray(UserType),
  employeeStatus: queryArray(EmployeeStatus),
  userSources: queryArray(UserSource),
  onlyWithoutAssignedBundle: QueryBoolean.optional(),
  withInactiveUsers: QueryBoolean.optional(),
});
export type EmployeeListQuery = z.infer<typeof EmployeeListQuery>;
/** A row of the employees table: what the table shows (the detail has the rest). */
export const EmployeeListItem = Employee.omit({
  organizationUuid: true,
  phone: true,
  createdAt: true,
  updatedAt: true,
}).extend({
  /** The person's draft onboarding or offboarding (from the HR sync or SCIM, decision 038), or null. */
  flowDraft: FlowDraftMark.nullable(),
});
export type EmployeeListItem = z.infer<typeof EmployeeListItem>;
export const EmployeePage = pageOf(EmployeeListItem);
export type EmployeePage = z.infer<typeof EmployeePage>;
/** The people `POST /api/employees/bulk` created. */
export const EmployeeList = z.object({ items: z.array(Employee) });
export type EmployeeList = z.infer<typeof EmployeeList>;
/** `GET /api/employees/:uuid/devices`: the devices assigned to one person. */
/** `GET /api/employees/:uuid/devices`: the person's devices and the peripherals they have (assets). */
export const EmployeeDeviceList = z.object({ items: z.array(Device), assets: z.array(AssetItem) });
export type EmployeeDeviceList = z.infer<typeof EmployeeDeviceList>;

/** `POST /api/employees/import/check-emails`: which of these emails people of the organisation use. */
export const CheckEmailsRequest = z.object({ emails: z.array(z.string().max(254)).max(200_000) });
export type CheckEmailsRequest = z.infer<typeof CheckEmailsRequest>;
export const CheckEmailsResponse = z.object({ inUse: z.array(z.string()) });
export type CheckEmailsResponse = z.infer<typeof CheckEmailsResponse>;

/** The all-view filters as the client state holds them. */
export const EmployeeTableFilters = z.object({
  textSearchQuery: z.string(),
  userType: z.array(UserType),
  employeeStatus: z.array(EmployeeStatus),
  userSources: z.array(UserSource),
  onlyWithoutAssignedBundle: z.boolean(),
  withInactiveUsers: z.boolean(),
});
export type EmployeeTableFilters = z.infer<typeof EmployeeTableFilters>;

/** Views of the registration-reminders table: everyone without a registered device, or by status. */
export const RegistrationReminderView = z.enum(['all', 'active', 'onboarding']);
export type RegistrationReminderView = z.infer<typeof RegistrationReminderView>;
export const RegistrationReminderSortingKey = z.enum(['name', 'email', 'department', 'startDate']);
export type RegistrationReminderSortingKey = z.infer<typeof RegistrationReminderSortingKey>;

/** At most this many reminders go out in one request for a whole view. */
export const MAX_REMINDERS_PER_VIEW = 5000;

/**
 * `POST /api/organization-setup/registration-reminders`: whom to remind — the people chosen
 * (`userUuids`), or everyone a view of the table lists (`view`, at most MAX_REMINDERS_PER_VIEW).
 */
export const DeviceRegistrationReminderRequest = z
  .object({
    userUuids: z.array(Uuid).min(1).max(1000).optional(),
    view: RegistrationReminderView.optional(),
  })
  .refine((request) => (request.userUuids === undefined) !== (request.view === undefined), {
    message: 'Name the people (userUuids) or a view (view), not both',
    path: ['userUuids'],
  });
export type DeviceRegistrationReminderRequest = z.infer<typeof DeviceRegistrationReminderRequest>;

/** `GET /api/organization-setup/registration-reminders`: a view, sorting (by name by default), paging. */
export const RegistrationReminderListQuery = listQuery({
  sortingKeys: RegistrationReminderSortingKey,
  maxTake: 500,
}).extend({ view: RegistrationReminderView.default('all') });
export type RegistrationReminderListQuery = z.infer<typeof RegistrationReminderListQuery>;

/** A person who has not registered a device yet (`GET /api/organization-setup/registration-reminders`). */
export const RegistrationReminderCandidate = z.object({
  uuid: Uuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  startDate: IsoDate.nullable(),
  employeeStatus: EmployeeStatus,
});
export type RegistrationReminderCandidate = z.infer<typeof RegistrationReminderCandidate>;
export const RegistrationReminderPage = pageOf(RegistrationReminderCandidate);
export type RegistrationReminderPage = z.infer<typeof RegistrationReminderPage>;
/** `POST /api/organization-setup/registration-reminders`: how many reminders were mailed. */
export const RegistrationRemindersSent = z.object({ sent: z.number().int() });
export type RegistrationRemindersSent = z.infer<typeof RegistrationRemindersSent>;

/** Email-reminders table state (SPEC §3 organization setup). */
export const EmailRemindersTableState = z.object({
  currentViewName: z.string(),
  selectedEmployeeUuids: z.array(Uuid),
  sortingKey: z.string().nullable(),
  sortingDirection: SortingDirection.nullable(),
});
