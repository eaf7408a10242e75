import { NoContent, UuidParams } from '@equip/domain/common';
import {
  DeviceSoftwareListQuery,
  DeviceSoftwarePage,
  DeviceSoftwareRefreshResult,
} from '@equip/domain/device-software';
import {
  AssignDeviceRequest,
  CreateDeviceRequest,
  DEVICE_EXPORT,
  DeviceDetail,
  DeviceHistory,
  DeviceListQuery,
  DevicePage,
  DeviceReturnRequest,
  DeviceReturnResult,
  returnResetsAny,
  UpdateDeviceRequest,
} from '@equip/domain/devices';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth, requireTenant } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { sendExport, tableExportQuery } from '../../imports/export.ts';
import { takeExportTurn } from '../../imports/fairness.ts';

const tags = ['devices'];
const security = [{ bearerAuth: [] }];
// The devices table and its actions are for administrators; people see their own devices through
// GET /api/employees/:uuid/devices.
const admins = { access: { roles: ADMINS } };
/** The table's filters and sorting, without paging, how the file is written and which columns it holds. */
const DeviceExportQuery = DeviceListQuery.omit({ skip: true, take: true, cursor: true }).extend(
  tableExportQuery(DEVICE_EXPORT).shape,
);

export const deviceRoutes: ModuleRoutes = (app, { database, auth, devices }) => {
  app.get(
    '/api/devices',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'The devices table (filters, sorting, paging by skip or cursor, filtered total)',
        querystring: DeviceListQuery,
        response: { 200: DevicePage },
      },
    },
    // The list reads through the lists' pipelined tenant read, not a request transaction; the database
    // writes the body (lists/list-query.ts readJsonPage).
    async (request, reply) =>
      sendJsonText(reply, await devices.list(database.reads, requireTenant(request), request.query)),
  );

  app.get(
    '/api/devices/export',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "Every device the table lists for these filters, in its order, as CSV (or Excel with format=xlsx): the columns asked for (columns=, else all), in the caller's language",
        querystring: DeviceExportQuery,
      },
    },
    async (request, reply) => {
      const { format, separator, columns, ...query } = request.query;
      const caller = requireAuth(request);
      // Words, dates and (unless asked) the separator follow the caller's language (German: semicolon).
      const asked = { format, separator, columns, acceptLanguage: request.headers['accept-language'] };
      await takeExportTurn(database.db, caller.organizationUuid);
      const file = await request.tenant((tx) => devices.exportFile(tx, caller, query, asked));
      return sendExport(reply, 'devices', file);
    },
  );

  app.post(
    '/api/devices',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Add a device (optionally assigned at once)',
        body: CreateDeviceRequest,
        response: { 201: DeviceDetail },
      },
    },
    async (request, reply) => {
      const created = await request.tenant((tx) => devices.create(tx, requireAuth(request), request.body));
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/devices/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'One device with its assignee and specification',
        params: UuidParams,
        response: { 200: DeviceDetail },
      },
    },
    (request) => request.tenant((tx) => devices.get(tx, requireAuth(request), request.params.uuid)),
  );

  app.patch(
    '/api/devices/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Edit a device (status changes are logged)',
        params: UuidParams,
        body: UpdateDeviceRequest,
        response: { 200: DeviceDetail },
      },
    },
    (request) =>
      request.tenant((tx) => devices.update(tx, requireAuth(request), request.params.uuid, request.body)),
  );

  app.put(
    '/api/devices/:uuid/assignment',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Assign the device to an employee, share it, or unassign it',
        params: UuidParams,
        body: AssignDeviceRequest,
        response: { 200: DeviceDetail },
      },
    },
    (request) =>
      request.tenant((tx) => devices.assign(tx, requireAuth(request), request.params.uuid, request.body)),
  );

  app.get(
    '/api/devices/:uuid/software',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "The device's installed software as the agent and its MDM last reported it, each with its catalog application (search, sources, sorting, paging)",
        params: UuidParams,
        querystring: DeviceSoftwareListQuery,
        response: { 200: DeviceSoftwarePage },
      },
    },
    // Read like the devices table: the lists' pipelined tenant read, the body written by the database.
    async (request, reply) =>
      sendJsonText(
        reply,
        await devices.softwarePage(
          database.reads,
          requireTenant(request),
          request.params.uuid,
          request.query,
        ),
      ),
  );

  app.post(
    '/api/devices/:uuid/software/refresh',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "Read the device's installed software from its MDM now (replacing what the MDM reported before)",
        params: UuidParams,
        response: { 200: DeviceSoftwareRefreshResult },
      },
    },
    (request) =>
      devices.refreshSoftware((work) => request.tenant(work), requireAuth(request), request.params.uuid),
  );

  app.get(
    '/api/devices/:uuid/history',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "The device's history (assigned, enrolled, actions, status changes, returns), newest first",
        params: UuidParams,
        response: { 200: DeviceHistory },
      },
    },
    (request) => request.tenant((tx) => devices.history(tx, requireAuth(request), request.params.uuid)),
  );

  app.post(
    '/api/devices/return-code',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Mail the caller a one-time code (6 digits, 10 minutes, once) to confirm a device return with a reset',
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.confirmationCodes.send(requireTenant(request), 'deviceReturn');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/devices/return',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Take devices back to stock, unassigned (all or none); a reset needs the code of POST /api/devices/return-code',
        body: DeviceReturnRequest,
        response: { 200: DeviceReturnResult },
      },
    },
    (request) => {
      const caller = requireTenant(request);
      const work = () => request.tenant((tx) => devices.returnDevices(tx, caller, request.body));
      // The domain schema already refused a reset without a code.
      return returnResetsAny(request.body) && request.body.code
        ? auth.confirmationCodes.redeem(caller, 'deviceReturn', request.body.code, work)
        : work();
    },
  );
};
