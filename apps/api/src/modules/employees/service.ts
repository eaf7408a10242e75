import { randomUUID } from 'node:crypto';
import { EMPLOYEE_IMPORT, emailKey, type ImportedEmployee } from '@equip/domain/employee-import';
import {
  type CreateEmployeeRequest,
  type DeviceRegistrationReminderRequest,
  EMPLOYEE_EXPORT,
  type Employee,
  type EmployeeListQuery,
  MAX_REMINDERS_PER_VIEW,
  type RegistrationReminderListQuery,
  type RegistrationReminderPage,
  type UpdateEmployeeRequest,
} from '@equip/domain/employees';
import { ErrorType } from '@equip/domain/errors';
import { giveWay } from '../../db/bulk-insert.ts';
import type { Database, Db } from '../../db/client.ts';
import { emailsInUseAnywhere, isEmailInUseViolation } from '../../db/emails.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { assertGrant } from '../../http/grants.ts';
import { commitImport, type InTenant } from '../../imports/commit.ts';
import { exportTable, type TableExportRequest, tableExportOptions } from '../../imports/export.ts';
import { EXPORT_WORDS } from '../../imports/words.ts';
import { type JsonText, readJsonPage } from '../../lists/list-query.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { assetsAssignedTo, returnAssetsOf } from '../assets/index.ts';
import { logEvent, logEventsInBulk } from '../audit-log/index.ts';
import { removeFromBundles } from '../bundles/index.ts';
import { devicesAssignedTo, returnDevicesOf } from '../devices/index.ts';
import { organizationName } from '../organizations/index.ts';
import { readerSettings } from '../people/index.ts';
import { EMPLOYEE_EXPORT_TEXTS, employeeExportEntry } from './export.ts';
import { registrationReminderMail } from './mails.ts';
import {
  exportRows,
  findEmployee,
  insertPeople,
  insertPeopleInBulk,
  listEmployees,
  markEditedInEquip,
  markInvited,
  nameOf,
  otherItOwners,
  peopleByUuid,
  personToInvite,
  softDeletePerson,
  updatePerson,
} from './queries.ts';
import { peopleInView, registrationReminderList } from './reminder-list.ts';

/**
 * People an import builds and writes at a time (one statement each on PostgreSQL): building a batch's
 * rows and JSON takes a few milliseconds, and other work goes on between batches.
 */
const IMPORT_BATCH_ROWS = 2000;

/**
 * An email belongs to one account in the whole installation (migration 0029). The answer says it is in
 * use and nothing of where: not which organisation, not whether it is a person or a provider admin.
 */
export const emailIsUsed = (email: string, param = 'email') =>
  new AppError(409, {
    msg: `${email} is already in use`,
    errorType: ErrorType.EmailIsUsed,
    location: 'body',
    param,
    value: email,
  });

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

/** What the employees' service is built with (services.ts). */
export interface EmployeesDeps {
  /** The reminders' mail, queued in the caller's transaction. */
  mailer: Mailer;
  /** Where a registration reminder links to: /start on the enrolment host (ENROLMENT_URL). */
  enrolmentUrl: string;
  /** The imports' write pace follows the database (PGlite or PostgreSQL). */
  databaseKind: Database['kind'];
}

/**
 * Employees of the caller's organisation. Every method but `list` runs inside the caller's tenant
 * transaction; `list` reads through the lists' pipelined tenant read.
 */
export function createEmployeesService(deps: EmployeesDeps) {
  const service = {
    list: (reads: TenantReads, auth: AuthContext, query: EmployeeListQuery) =>
      listEmployees(reads, auth.organizationUuid, query),

    async get(tx: Db, auth: AuthContext, uuid: string): Promise<Employee> {
      // Regular users may read only themselves; anyone else is "not found" to them.
      if (auth.role === 'regular' && uuid !== auth.userUuid) throw notFound('Employee not found');
      const employee = await findEmployee(tx, uuid);
      if (!employee) throw notFound('Employee not found');
      return employee;
    },

    async create(tx: Db, auth: AuthContext, input: CreateEmployeeRequest): Promise<Employee> {
      return (await service.createMany(tx, auth, [input]))[0]!;
    },

    /** Adds several people at once: all or nothing. */
    async createMany(tx: Db, auth: AuthContext, inputs: CreateEmployeeRequest[]): Promise<Employee[]> {
      for (const input of inputs) assertGrant(auth, null, { action: 'create', role: input.role });
      const seen = new Set<string>();
      for (const [index, input] of inputs.entries()) {
        const email = emailKey(input.email);
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
      const taken = await emailsInUseAnywhere(
        tx,
        inputs.map((i) => i.email),
      );
      const firstTaken = inputs.findIndex((i) => taken.has(i.email));
      if (firstTaken !== -1) {
        throw emailIsUsed(
          inputs[firstTaken]!.email,
          inputs.length > 1 ? `employees.${firstTaken}.email` : 'email',
        );
      }
      const values = inputs.map((i) => userValues(auth.organizationUuid, i));
      let created: string[];
      try {
        created = await insertPeople(tx, values);
      } catch (error) {
        if (isEmailInUseViolation(error)) throw emailIsUsed(inputs[0]!.email);
        throw error;
      }
      await logEvent(
        tx,
        created.map((uuid, index) => ({
          organizationUuid: auth.organizationUuid,
          type: 'USER_ADDED' as const,
          actorUuid: auth.userUuid,
          subjectUuid: uuid,
          data: {
            email: values[index]!.email,
            name: `${values[index]!.firstName} ${values[index]!.lastName}`,
            via: 'manual',
          },
        })),
      );
      const byUuid = await Promise.all(created.map((uuid) => findEmployee(tx, uuid)));
      return byUuid.filter((e): e is Employee => e !== null);
    },

    async update(tx: Db, auth: AuthContext, uuid: string, input: UpdateEmployeeRequest): Promise<Employee> {
      const before = await findEmployee(tx, uuid);
      if (!before) throw notFound('Employee not found');
      const changesRole = input.role !== undefined && input.role !== before.role;
      assertGrant(auth, before, {
        action: 'update',
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(changesRole && before.role === 'it-owner'
          ? { otherItOwners: await otherItOwners(tx, uuid) }
          : {}),
      });
      if (input.email && emailKey(input.email) !== emailKey(before.email)) {
        const taken = await emailsInUseAnywhere(tx, [input.email], uuid);
        if (taken.size > 0) throw emailIsUsed(input.email);
      }
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      if (typeof changes.email === 'string') changes.email = changes.email.toLowerCase();
      try {
        await updatePerson(tx, uuid, changes);
      } catch (error) {
        if (isEmailInUseViolation(error)) throw emailIsUsed(String(input.email));
        throw error;
      }
      const after = (await findEmployee(tx, uuid))!;
      const changed = Object.keys(changes).filter(
        (k) => before[k as keyof Employee] !== after[k as keyof Employee],
      );
      if (changed.length > 0) {
        // A person's edit: a later HR change of the same field is a conflict, not overwritten (decision 032).
        await markEditedInEquip(tx, uuid, changed);
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
      const before = await findEmployee(tx, uuid);
      if (!before) throw notFound('Employee not found');
      assertGrant(auth, before, {
        action: 'delete',
        ...(before.role === 'it-owner' ? { otherItOwners: await otherItOwners(tx, uuid) } : {}),
      });
      await softDeletePerson(tx, uuid);
      await returnDevicesOf(tx, uuid);
      await returnAssetsOf(tx, auth, await assetsAssignedTo(tx, uuid));
      await removeFromBundles(tx, uuid);
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'USER_DELETED',
        actorUuid: auth.userUuid,
        subjectUuid: uuid,
        data: { before },
      });
    },

    /** The person's devices and the peripherals they have (their devices tab). */
    async devicesOf(tx: Db, auth: AuthContext, uuid: string) {
      await service.get(tx, auth, uuid);
      return { devices: await devicesAssignedTo(tx, uuid), assets: await assetsAssignedTo(tx, uuid) };
    },

    /** Which of these emails an account anywhere uses (the import preview asks before the upload). */
    emailsInUse: async (tx: Db, _auth: AuthContext, emails: string[]) =>
      new Set([...(await emailsInUseAnywhere(tx, emails))].map(emailKey)),

    /**
     * Commits an import of the employee format (CSV or Excel, see commitImport): validated again here
     * against the organisation's current emails, written all-or-nothing in the caller's transaction, at
     * most one at a time per organisation (429 otherwise), at the write pace of the database.
     */
    async importCsv(
      tenant: InTenant,
      auth: AuthContext,
      file: Buffer,
      fileName: string | undefined,
    ): Promise<{ imported: number }> {
      return commitImport(tenant, {
        schema: EMPLOYEE_IMPORT,
        organizationUuid: auth.organizationUuid,
        file,
        databaseKind: deps.databaseKind,
        batchRows: IMPORT_BATCH_ROWS,
        taken: async (tx, fileValues) => ({ email: await emailsInUseAnywhere(tx, fileValues('email')) }),
        // The file has no role column: everyone imported is a regular person. The rule still decides.
        authorize: () => assertGrant(auth, null, { action: 'create', role: 'regular' }),
        writeBatch: async (tx, batch: ImportedEmployee[], writing) => {
          const people = batch.map((e) => ({ uuid: randomUUID(), ...userValues(auth.organizationUuid, e) }));
          await insertPeopleInBulk(tx, people, writing);
          await giveWay();
          await logEventsInBulk(
            tx,
            people.map((p) => ({
              organizationUuid: auth.organizationUuid,
              type: 'USER_ADDED' as const,
              actorUuid: auth.userUuid,
              subjectUuid: p.uuid,
              data: { email: p.email, via: 'csv-import' },
            })),
            writing,
          );
        },
        afterWrite: (tx, imported) =>
          logEvent(tx, {
            organizationUuid: auth.organizationUuid,
            type: 'USERS_IMPORTED',
            actorUuid: auth.userUuid,
            data: { count: imported, fileName: fileName ?? null },
          }),
      });
    },

    /**
     * The table's current rows as an Excel workbook or CSV, with the columns asked for (those the person
     * shows, or all), in the caller's language (see imports/export.ts exportTable).
     */
    async exportFile(tx: Db, auth: AuthContext, query: EmployeeListQuery, request: TableExportRequest) {
      const options = tableExportOptions(request, await readerSettings(tx, auth));
      const words = EXPORT_WORDS[options.reader.locale];
      async function* pages() {
        for await (const page of exportRows(tx, auth.organizationUuid, query))
          yield page.map((person) => employeeExportEntry(person, words));
      }
      return exportTable(EMPLOYEE_EXPORT, EMPLOYEE_EXPORT_TEXTS, pages(), options);
    },

    /** A page of the people who have not registered a device yet (the organisation setup's reminders table). */
    registrationReminders: (
      reads: TenantReads,
      auth: AuthContext,
      query: RegistrationReminderListQuery,
    ): Promise<JsonText<RegistrationReminderPage>> =>
      readJsonPage(reads, registrationReminderList, auth.organizationUuid, query),

    /**
     * Whom a reminder request names: its people, or everyone its view lists (at most
     * MAX_REMINDERS_PER_VIEW, else a 400 at the view: nobody is reminded).
     */
    async whomToRemind(
      tx: Db,
      auth: AuthContext,
      request: DeviceRegistrationReminderRequest,
    ): Promise<string[]> {
      if (request.userUuids) return request.userUuids;
      const view = request.view ?? 'all';
      const people = await peopleInView(tx, view, auth.organizationUuid, MAX_REMINDERS_PER_VIEW + 1);
      if (people.length > MAX_REMINDERS_PER_VIEW) {
        const most = MAX_REMINDERS_PER_VIEW.toLocaleString('en');
        throw badRequest(`Remind at most ${most} people at a time; choose them on the pages of the list`, {
          location: 'body',
          param: 'view',
          path: ['view'],
          value: view,
        });
      }
      return people;
    },

    /**
     * Records device-registration reminders and answers whom to mail; every uuid must be a person of the
     * organisation. The caller mails them once the transaction has committed.
     */
    async recordRegistrationReminders(tx: Db, auth: AuthContext, userUuids: string[]) {
      const unique = [...new Set(userUuids)];
      // A view that lists nobody reminds nobody.
      if (unique.length === 0) return [];
      const people = await peopleByUuid(tx, unique);
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
      // Queued in this transaction: the reminders and their mail exist together or not at all.
      for (const person of people) {
        await deps.mailer.send(registrationReminderMail(person, deps.enrolmentUrl), { db: tx });
      }
      return people;
    },

    /**
     * Records an invitation to Equip: the person must be one the caller may invite; marks them invited
     * and logs it in the caller's transaction. Answers what the mail needs; the caller mails the
     * set-password link once this has committed.
     */
    async invite(tx: Db, auth: AuthContext, uuid: string) {
      const person = await personToInvite(tx, uuid);
      if (!person) throw notFound('Employee not found');
      assertGrant(auth, person, { action: 'invite' });
      await markInvited(tx, uuid);
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'USER_INVITED',
        actorUuid: auth.userUuid,
        subjectUuid: uuid,
      });
      return {
        person,
        // A provider admin acting for the organisation is not one of its people: the mail names the IT team.
        inviterName: await nameOf(tx, auth.userUuid),
        organizationName: await organizationName(tx, auth.organizationUuid),
      };
    },
  };
  return service;
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
