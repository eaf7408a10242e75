import { HealthResponse, NotReadyResponse, ReadyResponse } from '@equip/domain/health';
import type { ModuleRoutes } from '../../services.ts';

export const healthRoutes: ModuleRoutes = (app, { database }) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: HealthResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: { 200: ReadyResponse, 503: NotReadyResponse },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ready' as const, database: database.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
