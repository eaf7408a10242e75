import { NoContent, UuidParams } from '@equip/domain/common';
import { ImportResult } from '@equip/domain/csv-import/contract';
import type { Device } from '@equip/domain/devices';
import {
  CheckEmailsRequest,
  CheckEmailsResponse,
  CreateEmployeeRequest,
  CreateEmployeesRequest,
  DeviceRegistrationReminderRequest,
  EMPLOYEE_EXPORT,
  Employee,
  EmployeeDeviceList,
  EmployeeList,
  EmployeeListQuery,
  EmployeePage,
  RegistrationReminderListQuery,
  RegistrationReminderPage,
  RegistrationRemindersSent,
  UpdateEmployeeRequest,
} from '@equip/domain/employees';
import { InviteRequest } from '@equip/domain/identity';
import type { z } from 'zod';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, EVERYONE, requireAuth, requireTenant } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { sendExport, tableExportQuery } from '../../imports/export.ts';
import { oneImportAtATime, spendingImportTurn, takeExportTurn } from '../../imports/fairness.ts';
import {
  acceptImportUploads,
  decodeFileName,
  IMPORT_CONTENT_TYPES,
  ImportUploadHeaders,
  MAX_IMPORT_BYTES,
  uploadedFile,
} from '../../imports/http.ts';
import { refreshStatisticsAfterImport } from './csv-import.ts';
import type { EmployeesService } from './service.ts';

const tags = ['employees'];
const security = [{ bearerAuth: [] }];
const admins = { access: { roles: ADMINS } };
const everyone = { access: { roles: EVERYONE } };

type DeviceRow = Awaited<ReturnType<EmployeesService['devicesOf']>>['devices'][number];
function toDevice(d: DeviceRow): z.infer<typeof Device> {
  return {
    ...d,
    lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export const employeeRoutes: ModuleRoutes = (app, { database, auth, employees }) => {
  // Import uploads (CSV or Excel) arrive as the raw file.
  acceptImportUploads(app);

  app.get(
    '/api/employees',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'The employees table (views, filters, sorting, paging)',
        querystring: EmployeeListQuery,
        response: { 200: EmployeePage },
      },
    },
    // The list reads through the lists' pipelined tenant read, not a request transaction; the database
    // writes the body (lists/list-query.ts readJsonPage).
    async (request, reply) =>
      sendJsonText(reply, await employees.list(database.reads, requireTenant(request), request.query)),
  );

  app.post(
    '/api/employees',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Add an employee',
        body: CreateEmployeeRequest,
        response: { 201: Employee },
      },
    },
    async (request, reply) => {
      const created = await request.tenant((tx) => employees.create(tx, requireAuth(request), request.body));
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/employees/bulk',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Add several employees at once (all or nothing)',
        body: CreateEmployeesRequest,
        response: { 201: EmployeeList },
      },
    },
    async (request, reply) => {
      const items = await request.tenant((tx) =>
        employees.createMany(tx, requireAuth(request), request.body.employees),
      );
      return reply.status(201).send({ items });
    },
  );

  const ExportQuery = EmployeeListQuery.omit({ skip: true, take: true }).extend(
    tableExportQuery(EMPLOYEE_EXPORT).shape,
  );
  for (const [url, summary] of [
    [
      '/api/employees/export',
      "The table as Excel (format=xlsx) or CSV: the columns asked for (columns=, else all), in the caller's language",
    ],
    ['/api/employees/export.csv', 'The table as a file (CSV unless format=xlsx); see /api/employees/export'],
  ] as const) {
    app.get(
      url,
      { config: admins, schema: { tags, security, summary, querystring: ExportQuery } },
      async (request, reply) => {
        const { format, separator, columns, ...filters } = request.query;
        const caller = requireAuth(request);
        await takeExportTurn(database.db, caller.organizationUuid);
        // Words, dates and (unless asked) the separator follow the caller's language (German: semicolon).
        const asked = { format, separator, columns, acceptLanguage: request.headers['accept-language'] };
        const file = await request.tenant((tx) =>
          employees.exportFile(tx, caller, { ...filters, skip: 0, take: 500 }, asked),
        );
        return sendExport(reply, 'employees', file);
      },
    );
  }

  app.post(
    '/api/employees/import/check-emails',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Which of these emails are already in use (by any account of the installation, named nowhere)',
        body: CheckEmailsRequest,
        response: { 200: CheckEmailsResponse },
      },
      bodyLimit: MAX_IMPORT_BYTES,
    },
    async (request) => {
      const inUse = await request.tenant((tx) =>
        employees.emailsInUse(tx, requireAuth(request), request.body.emails),
      );
      return { inUse: [...inUse] };
    },
  );

  app.post(
    '/api/employees/import',
    {
      config: admins,
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags,
        security,
        summary: 'Import employees from a CSV or Excel (.xlsx) file (all or nothing)',
        consumes: IMPORT_CONTENT_TYPES,
        headers: ImportUploadHeaders,
        response: { 201: ImportResult },
      },
    },
    async (request, reply) => {
      const file = uploadedFile(request.body);
      const fileName = decodeFileName(request.headers['x-file-name']);
      const caller = requireAuth(request);
      const result = await oneImportAtATime(caller.organizationUuid, () =>
        spendingImportTurn(database.db, caller.organizationUuid, () =>
          employees.importCsv((work) => request.tenant(work), caller, file, fileName),
        ),
      );
      refreshStatisticsAfterImport(database, result.imported, (error) =>
        request.log.warn({ err: error }, 'analyze after the import failed'),
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/employees/:uuid',
    {
      config: everyone,
      schema: {
        tags,
        security,
        summary: 'One employee (regular users: only themselves)',
        params: UuidParams,
        response: { 200: Employee },
      },
    },
    (request) => request.tenant((tx) => employees.get(tx, requireAuth(request), request.params.uuid)),
  );

  app.patch(
    '/api/employees/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Edit an employee',
        params: UuidParams,
        body: UpdateEmployeeRequest,
        response: { 200: Employee },
      },
    },
    (request) =>
      request.tenant((tx) => employees.update(tx, requireAuth(request), request.params.uuid, request.body)),
  );

  app.delete(
    '/api/employees/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Remove an employee (soft delete)',
        params: UuidParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await request.tenant((tx) => employees.remove(tx, requireAuth(request), request.params.uuid));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/employees/:uuid/devices',
    {
      config: everyone,
      schema: {
        tags,
        security,
        summary: "An employee's devices (regular users: only their own)",
        params: UuidParams,
        response: { 200: EmployeeDeviceList },
      },
    },
    async (request) => {
      const held = await request.tenant((tx) =>
        employees.devicesOf(tx, requireAuth(request), request.params.uuid),
      );
      return { items: held.devices.map(toDevice), assets: held.assets };
    },
  );

  app.get(
    '/api/organization-setup/registration-reminders',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'People who have not registered a device yet (a view: all, active, onboarding; sorting by name by default; paging)',
        querystring: RegistrationReminderListQuery,
        response: { 200: RegistrationReminderPage },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await employees.registrationReminders(database.reads, requireTenant(request), request.query),
      ),
  );

  app.post(
    '/api/organization-setup/registration-reminders',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Mail device-registration reminders to the people named, or to everyone a view lists',
        body: DeviceRegistrationReminderRequest,
        response: { 200: RegistrationRemindersSent },
      },
    },
    async (request) => {
      const people = await request.tenant(async (tx) => {
        const caller = requireAuth(request);
        const userUuids = await employees.whomToRemind(tx, caller, request.body);
        return employees.recordRegistrationReminders(tx, caller, userUuids);
      });
      return { sent: people.length };
    },
  );

  app.post(
    '/api/user/owner/auth/invite',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Invite an employee to Equip (mails a set-password link)',
        body: InviteRequest,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const invitation = await request.tenant((tx) =>
        employees.invite(tx, requireAuth(request), request.body.userUuid),
      );
      await auth.passwords.mailInvitation(invitation.person, invitation);
      return reply.status(204).send(null);
    },
  );
};
