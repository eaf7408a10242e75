import { randomUUID } from 'node:crypto';
import {
  createEmployeeCsvReader,
  type EmployeeCsvReadResult,
  type EmployeeImportFileError,
  employeesToCsv,
  employeeToCsvEntry,
  type ImportedEmployee,
} from '@equip/domain/employee-import';
import type {
  CreateEmployeeRequest,
  Employee,
  EmployeeListQuery,
  UpdateEmployeeRequest,
} from '@equip/domain/employees';
import type { ApiErrorEntry } from '@equip/domain/errors';
import { ErrorType } from '@equip/domain/errors';
import { and, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import Papa from 'papaparse';
import { insertRowsAsJson } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { bundleEmployees, devices, eventLog, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { logEvent } from '../events/log.ts';
import { allEmployees, emailsInUse, findEmployee, listEmployees } from './queries.ts';

/** CSV uploads larger than this are refused with a clear message. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** At most this many rows in one import (the commit is one transaction). */
export const MAX_IMPORT_ROWS = 200_000;

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

  /**
   * Reads and validates a CSV with the browser preview's rules, row by row (a large file is never held
   * as a table of cells), against the organisation's current emails.
   */
  async readCsv(tx: Db, auth: AuthContext, file: Buffer): Promise<EmployeeCsvReadResult> {
    const text = decodeCsv(file);
    if (text === null) {
      return fileFailureResult(
        'UnknownError',
        'This file is not a CSV text file. Export it from your spreadsheet as CSV and try again.',
      );
    }
    const reader = createEmployeeCsvReader(await emailsInUse(tx, auth.organizationUuid));
    let lines = 0;
    let tooLong = false;
    Papa.parse<string[]>(text, {
      skipEmptyLines: 'greedy',
      step: (result, parser) => {
        if (++lines > MAX_IMPORT_ROWS + 1) {
          tooLong = true;
          parser.abort();
          return;
        }
        reader.add(result.data);
      },
    });
    if (tooLong) {
      return fileFailureResult(
        'UnknownError',
        `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows. Split it into smaller files.`,
      );
    }
    return reader.finish();
  },

  /** Commits a CSV import: validated again here, written all-or-nothing in the caller's transaction. */
  async importCsv(
    tx: Db,
    auth: AuthContext,
    file: Buffer,
    fileName: string | undefined,
  ): Promise<{ imported: number }> {
    const read = await employeesService.readCsv(tx, auth, file);
    if (read.fileErrors.length > 0 || read.errors.length > 0 || read.employees.length === 0)
      throw importRejected(read);
    const people = read.employees.map((e) => ({
      uuid: randomUUID(),
      ...userValues(auth.organizationUuid, e),
    }));
    await insertRowsAsJson(tx, users, people);
    await insertRowsAsJson(
      tx,
      eventLog,
      people.map((p) => ({
        organizationUuid: auth.organizationUuid,
        type: 'USER_ADDED' as const,
        actorUuid: auth.userUuid,
        subjectUuid: p.uuid,
        data: { email: p.email, via: 'csv-import' },
      })),
    );
    await logEvent(tx, {
      organizationUuid: auth.organizationUuid,
      type: 'USERS_IMPORTED',
      actorUuid: auth.userUuid,
      data: { count: people.length, fileName: fileName ?? null },
    });
    return { imported: people.length };
  },

  /** The table's current rows as CSV in the import format. */
  async *exportCsv(tx: Db, auth: AuthContext, query: EmployeeListQuery): AsyncGenerator<string> {
    let first = true;
    for await (const page of allEmployees(tx, auth.organizationUuid, query)) {
      const csv = employeesToCsv(page.map(employeeToCsvEntry));
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

/** A file-level failure in the reader's shape. */
function fileFailureResult(type: EmployeeImportFileError['type'], message: string): EmployeeCsvReadResult {
  return { headers: [], fileErrors: [{ type, message }], rowCount: 0, errors: [], employees: [] };
}

/** Error entries in one answer at most; the preview shows them all anyway. */
const MAX_ERROR_ENTRIES = 1000;

/** The spec's error payload for a refused import: file errors, then each row error at its cell. */
export function importRejected(read: EmployeeCsvReadResult): AppError {
  const entries: ApiErrorEntry[] = read.fileErrors.map((e) => ({
    msg: e.message,
    errorType: e.type,
    location: 'body',
  }));
  for (const e of read.errors) {
    if (entries.length >= MAX_ERROR_ENTRIES) break;
    entries.push({
      msg: e.message,
      errorType: e.type,
      location: 'body',
      path: ['rows', e.row, e.field ?? ''],
      param: `rows.${e.row}.${e.field ?? ''}`,
      value: e.value,
    });
  }
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
