import { NoContent, UuidParams } from '@equip/domain/common';
import { MarkAllReadResult, NotificationListQuery, NotificationPage } from '@equip/domain/notification-api';
import type { ModuleRoutes } from '../../app-services.ts';
import { EVERYONE, requireAuth } from '../../http/access.ts';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];
// Everyone signed in has a panel; each person only ever reaches their own notifications.
const everyone = { access: { roles: EVERYONE } };

export const notificationRoutes: ModuleRoutes = (app, { notifications }) => {
  app.get(
    '/api/notifications',
    {
      config: everyone,
      schema: {
        tags,
        security,
        summary: "The caller's notifications, newest first, with the unread count (the web polls this)",
        querystring: NotificationListQuery,
        response: { 200: NotificationPage },
      },
    },
    (request) => request.tenant((tx) => notifications.list(tx, requireAuth(request), request.query)),
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: everyone,
      schema: {
        tags,
        security,
        summary: "Mark all of the caller's notifications read",
        response: { 200: MarkAllReadResult },
      },
    },
    (request) => request.tenant((tx) => notifications.markAllRead(tx, requireAuth(request))),
  );

  app.post(
    '/api/notifications/:uuid/read',
    {
      config: everyone,
      schema: {
        tags,
        security,
        summary: 'Mark one of the caller’s notifications read',
        params: UuidParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await request.tenant((tx) => notifications.markRead(tx, requireAuth(request), request.params.uuid));
      return reply.status(204).send(null);
    },
  );
};
