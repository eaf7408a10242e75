import { defineApiArea } from '../../define-area.ts';
import { outboxRoutes } from './routes.ts';
import { createOutboxService, type OutboxService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    outbox: OutboxService;
  }
}

/**
 * The outbox of mail and text messages.
 * Its routes, its service, gathered in `src/areas.ts`.
 */
export const outboxApiArea = defineApiArea(
  { name: 'outbox', events: [] },
  {
    routes: [outboxRoutes],
    services: ({ database, config }) => ({
      outbox: createOutboxService({ db: database.db, showBodies: config.seedDemo }),
    }),
  },
);
