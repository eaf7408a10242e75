import { defineApiArea } from '../../define-area.ts';
import { notificationRoutes } from './routes.ts';
import { createNotificationsService, type NotificationsService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    notifications: NotificationsService;
  }
}

/**
 * Notifications.
 * Its routes, its service, gathered in `src/areas.ts`.
 */
export const notificationsApiArea = defineApiArea(
  { name: 'notifications', events: [] },
  {
    routes: [notificationRoutes],
    services: () => ({ notifications: createNotificationsService() }),
  },
);
