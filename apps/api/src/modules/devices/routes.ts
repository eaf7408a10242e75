import { UuidParams } from '@equip/domain/common';
import {
  AssignDeviceRequest,
  CreateDeviceRequest,
  DeviceDetail,
  DeviceHistory,
  DeviceListQuery,
  DevicePage,
  UpdateDeviceRequest,
} from '@equip/domain/devices';
import { ADMINS, requireAuth, requireTenant } from '../../http/access.ts';
import type { ModuleRoutes } from '../../services.ts';
import { devicesService as devices } from './service.ts';

const tags = ['devices'];
const security = [{ bearerAuth: [] }];
// The devices table and its actions are for administrators; people see their own devices through
// GET /api/employees/:uuid/devices.
const admins = { access: { roles: ADMINS } };

export const deviceRoutes: ModuleRoutes = (app, { database }) => {
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
    // The list reads through the lists' pipelined tenant read, not a request transaction.
    (request) => devices.list(database.reads, requireTenant(request), request.query),
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
};
