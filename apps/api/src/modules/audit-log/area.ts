import { defineApiArea } from '../../define-area.ts';
import { auditLogRoutes } from './routes.ts';
import { type AuditLogService, createAuditLogService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    auditLog: AuditLogService;
  }
}

/**
 * The audit log (its export names each event type with the words every module gives).
 * Its routes, its service, gathered in `src/areas.ts`.
 */
export const auditLogApiArea = defineApiArea(
  { name: 'audit-log', events: [] },
  {
    routes: [auditLogRoutes],
    services: ({ eventWords }) => ({ auditLog: createAuditLogService({ eventWords }) }),
  },
);
