import {
  type EmployeeCsvEntry,
  type EmployeeImportValidationResult,
  employeesToCsv,
  fileFailure,
  type ImportedEmployee,
  validateEmployeeCsv,
  validateEntry,
} from '@equip/domain/employee-import';
import type {
  CreateEmployeeRequest,
  Employee,
  EmployeeListQuery,
  UpdateEmployeeRequest,
} from '@equip/domain/employees';
import { ErrorType } from '@equip/domain/errors';
import { and, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Db } from '../../db/client.ts';
import { bundleEmployees, devices, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { logEvent } from '../events/log.ts';
import { allEmployees, emailsInUse, findEmployee, listEmployees } from './queries.ts';

/** CSV uploads larger than this are refused with a clear message. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** At most this many rows in one import (the commit is one transaction). */
export const MAX_IMPORT_ROWS = 200_000;
const INSERT_CHUNK = 1000;

export const emailIsUsed = (email: string) =>
  new AppError(409, {
    msg: `${email} is already used by someone in your organisation`,
    errorType: ErrorType.EmailIsUsed,
    location: 'body',
    param: 'email',
    value: email,
  });

/** Postgres unique violation on the per-organisation email index. */
function isEmailConflict(error: unknown): boolean {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  return (
    cause?.code === '23505' &&
    (cause.constraint === undefined || cause.constraint === 'users_org_email_unique')
  );
}

function userValues(
  organizationUuid: string,
  input: ImportedEmployee & Partial<Pick<CreateEmployeeRequest, 'userType' | 'role'>>,
) {
  return {
    organizationUuid,
    email: input.email.trim().toLowerCase(),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? null,
    department: input.department ?? null,
    position: input.position ?? null,
    startDate: input.startDate ?? null,
    lastDate: input.lastDate ?? null,
    userType: input.userType ?? 'regularUser',
    role: input.role ?? 'regular',
    source: 'equip' as const,
    employeeStatus: employeeStatusFor(input.startDate ?? null),
  };
}

/** A person who starts in the future is onboarding; everyone else is active when added. */
export function employeeStatusFor(startDate: string | null, today = new Date().toISOString().slice(0, 10)) {
  return startDate && startDate > today ? ('ONBOARDING' as const) : ('ACTIVE' as const);
}

/** Employees of the caller's organisation. Every method runs inside the caller's tenant transaction. */
export const employeesService = {
  list: (tx: Db, auth: AuthContext, query: EmployeeListQuery) =>
    listEmployees(tx, auth.organizationUuid, query),

  async get(tx: Db, auth: AuthContext, uuid: string): Promise<Employee> {
    // Regular users may read only themselves; anyone else is "not found" to them.
    if (auth.role === 'regular' && uuid !== auth.userUuid) throw notFound('Employee not found');
    const employee = await findEmployee(tx, uuid);
    if (!employee) throw notFound('Employee not found');
    return employee;
  },

  async create(tx: Db, auth: AuthContext, input: CreateEmployeeRequest): Promise<Employee> {
    return (await employeesService.createMany(tx, auth, [input]))[0]!;
  },

  /** Adds several people at once: all or nothing. */
  async createMany(tx: Db, auth: AuthContext, inputs: CreateEmployeeRequest[]): Promise<Employee[]> {
    const seen = new Set<string>();
    for (const [index, input] of inputs.entries()) {
      const email = input.email.toLowerCase();
      if (seen.has(email)) {
        throw new AppError(409, {
          msg: `${input.email} appears more than once`,
          errorType: ErrorType.EmailIsUsed,
          location: 'body',
          path: ['employees', index, 'email'],
          param: `employees.${index}.email`,
        });
      }
      seen.add(email);
    }
    const taken = await emailsInUse(tx, auth.organizationUuid, [...seen]);
    const firstTaken = inputs.findIndex((i) => taken.has(i.email.toLowerCase()));
    if (firstTaken !== -1) {
      const email = inputs[firstTaken]!.email;
      throw new AppError(409, {
        msg: `${email} is already used by someone in your organisation`,
        errorType: ErrorType.EmailIsUsed,
        location: 'body',
        param: inputs.length > 1 ? `employees.${firstTaken}.email` : 'email',
        value: email,
      });
    }
    let created: (typeof users.$inferSelect)[];
    try {
      created = await tx
        .insert(users)
        .values(inputs.map((i) => userValues(auth.organizationUuid, i)))
        .returning();
    } catch (error) {
      if (isEmailConflict(error)) throw emailIsUsed(inputs[0]!.email);
      throw error;
    }
    await logEvent(
      tx,
      created.map((u) => ({
        organizationUuid: auth.organizationUuid,
        type: 'USER_ADDED' as const,
        actorUuid: auth.userUuid,
        subjectUuid: u.uuid,
        data: { email: u.email, name: `${u.firstName} ${u.lastName}`, via: 'manual' },
      })),
    );
    const byUuid = await Promise.all(created.map((u) => findEmployee(tx, u.uuid)));
    return byUuid.filter((e): e is Employee => e !== null);
  },

  async update(tx: Db, auth: AuthContext, uuid: string, input: UpdateEmployeeRequest): Promise<Employee> {
    const before = await findEmployee(tx, uuid);
    if (!before) throw notFound('Employee not found');
    if (input.email && input.email.toLowerCase() !== before.email.toLowerCase()) {
      const taken = await emailsInUse(tx, auth.organizationUuid, [input.email]);
      if (taken.size > 0) throw emailIsUsed(input.email);
    }
    if (
      input.role &&
      input.role !== before.role &&
      auth.role !== 'equip-admin' &&
      input.role === 'equip-admin'
    ) {
      throw new AppError(403, {
        msg: 'Only provider admins can grant the equip-admin role',
        errorType: ErrorType.Forbidden,
      });
    }
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    if (typeof changes.email === 'string') changes.email = changes.email.toLowerCase();
    try {
      await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.uuid, uuid));
    } catch (error) {
      if (isEmailConflict(error)) throw emailIsUsed(String(input.email));
      throw error;
    }
    const after = (await findEmployee(tx, uuid))!;
    const changed = Object.keys(changes).filter(
      (k) => before[k as keyof Employee] !== after[k as keyof Employee],
    );
    if (changed.length > 0) {
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'USER_UPDATED',
        actorUuid: auth.userUuid,
        subjectUuid: uuid,
        data: {
          before: Object.fromEntries(changed.map((k) => [k, before[k as keyof Employee]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k as keyof Employee]])),
        },
      });
    }
    return after;
  },

  /** Soft delete: the person disappears from lists, their devices return to stock, their bundle lets go. */
  async remove(tx: Db, auth: AuthContext, uuid: string): Promise<void> {
    if (uuid === auth.userUuid) {
      throw new AppError(409, { msg: 'You cannot delete yourself', errorType: ErrorType.Conflict });
    }
    const before = await findEmployee(tx, uuid);
    if (!before) throw notFound('Employee not found');
    await tx.update(users).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(users.uuid, uuid));
    await tx
      .update(devices)
      .set({ assignedToUuid: null, assignmentType: 'UNASSIGNED', updatedAt: new Date() })
      .where(eq(devices.assignedToUuid, uuid));
    await tx.delete(bundleEmployees).where(eq(bundleEmployees.userUuid, uuid));
    await logEvent(tx, {
      organizationUuid: auth.organizationUuid,
      type: 'USER_DELETED',
      actorUuid: auth.userUuid,
      subjectUuid: uuid,
      data: { before },
    });
  },

  async devicesOf(tx: Db, auth: AuthContext, uuid: string) {
    await employeesService.get(tx, auth, uuid);
    return tx.select().from(devices).where(eq(devices.assignedToUuid, uuid)).orderBy(devices.name);
  },

  emailsInUse: (tx: Db, auth: AuthContext, emails: string[]) =>
    emailsInUse(tx, auth.organizationUuid, emails),

  /** Validates a CSV exactly like the browser preview, against the organisation's current emails. */
  async validateCsv(
    tx: Db,
    auth: AuthContext,
    file: Buffer,
  ): Promise<{ result: EmployeeImportValidationResult; employees: ImportedEmployee[] }> {
    const text = decodeCsv(file);
    if (text === null)
      return {
        result: fileFailure(
          'UnknownError',
          'This file is not a CSV text file. Export it from your spreadsheet as CSV and try again.',
        ),
        employees: [],
      };
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
    if (parsed.data.length - 1 > MAX_IMPORT_ROWS) {
      return {
        result: fileFailure(
          'UnknownError',
          `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows. Split it into smaller files.`,
        ),
        employees: [],
      };
    }
    const result = validateEmployeeCsv(parsed.data, await emailsInUse(tx, auth.organizationUuid));
    const employees = result.isValid ? result.rows.map((r) => validateEntry(r.entry).employee!) : [];
    return { result, employees };
  },

  /** Commits a CSV import: validated again here, written all-or-nothing in the caller's transaction. */
  async importCsv(
    tx: Db,
    auth: AuthContext,
    file: Buffer,
    fileName: string | undefined,
  ): Promise<{ imported: number }> {
    const { result, employees } = await employeesService.validateCsv(tx, auth, file);
    if (!result.isValid) throw importRejected(result);
    for (let i = 0; i < employees.length; i += INSERT_CHUNK) {
      const chunk = employees.slice(i, i + INSERT_CHUNK);
      const created = await tx
        .insert(users)
        .values(chunk.map((e) => userValues(auth.organizationUuid, e)))
        .returning({ uuid: users.uuid, email: users.email });
      await logEvent(
        tx,
        created.map((u) => ({
          organizationUuid: auth.organizationUuid,
          type: 'USER_ADDED' as const,
          actorUuid: auth.userUuid,
          subjectUuid: u.uuid,
          data: { email: u.email, via: 'csv-import' },
        })),
      );
    }
    await logEvent(tx, {
      organizationUuid: auth.organizationUuid,
      type: 'USERS_IMPORTED',
      actorUuid: auth.userUuid,
      data: { count: employees.length, fileName: fileName ?? null },
    });
    return { imported: employees.length };
  },

  /** The table's current rows as CSV in the import format. */
  async *exportCsv(tx: Db, auth: AuthContext, query: EmployeeListQuery): AsyncGenerator<string> {
    let first = true;
    for await (const page of allEmployees(tx, auth.organizationUuid, query)) {
      const csv = employeesToCsv(page.map(toCsvEntry));
      yield first ? csv : csv.slice(csv.indexOf('\r\n') + 2);
      first = false;
    }
  },

  /** People who have not registered a device yet: the email-reminders table of the organisation setup. */
  async withoutRegisteredDevice(tx: Db, auth: AuthContext) {
    const registered = tx
      .select({ uuid: devices.assignedToUuid })
      .from(devices)
      .where(and(eq(devices.enrollmentState, 'ENROLLED'), isNotNull(devices.assignedToUuid)));
    return tx
      .select({
        uuid: users.uuid,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        department: users.department,
        startDate: users.startDate,
        employeeStatus: users.employeeStatus,
      })
      .from(users)
      .where(
        and(
          eq(users.organizationUuid, auth.organizationUuid),
          isNull(users.deletedAt),
          inArray(users.employeeStatus, ['ACTIVE', 'ONBOARDING']),
          notInArray(users.uuid, registered),
        ),
      )
      .orderBy(users.lastName, users.firstName)
      .limit(5000);
  },

  /**
   * Records device-registration reminders and answers whom to mail; every uuid must be a person of the
   * organisation. The caller mails them once the transaction has committed.
   */
  async recordRegistrationReminders(tx: Db, auth: AuthContext, userUuids: string[]) {
    const unique = [...new Set(userUuids)];
    const people = await tx
      .select({ uuid: users.uuid, email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(inArray(users.uuid, unique), isNull(users.deletedAt)));
    if (people.length !== unique.length) throw notFound('Some of these employees were not found');
    await logEvent(
      tx,
      people.map((p) => ({
        organizationUuid: auth.organizationUuid,
        type: 'DEVICE_REGISTRATION_REMINDER_SENT' as const,
        actorUuid: auth.userUuid,
        subjectUuid: p.uuid,
      })),
    );
    return people;
  },
};

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

/** The spec's error payload for a refused import: file errors, then each row error at its cell. */
export function importRejected(result: EmployeeImportValidationResult): AppError {
  const fileErrors = result.errors.map((e) => ({
    msg: e.message,
    errorType: e.type,
    location: 'body' as const,
  }));
  const rowErrors = result.rows.flatMap((row, index) =>
    row.errors.map((e) => ({
      msg: e.message,
      errorType: e.type,
      location: 'body' as const,
      path: ['rows', index, e.field ?? ''],
      param: `rows.${index}.${e.field ?? ''}`,
      value: e.field ? row.entry[e.field as keyof EmployeeCsvEntry] : undefined,
    })),
  );
  const entries = [...fileErrors, ...rowErrors].slice(0, 1000);
  if (entries.length === 0)
    entries.push({
      msg: 'The file has no employees to import',
      errorType: 'FileHeadersNotValid',
      location: 'body',
    });
  return new AppError(400, entries);
}

/** UTF-8 (with or without BOM), else Windows-1252 (Excel's default); null for binary files. */
export function decodeCsv(file: Buffer): string | null {
  if (file.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
}
