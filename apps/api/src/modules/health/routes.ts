import { HealthResponse, NotReadyResponse, ReadyResponse } from '@equip/domain/health';
import type { ModuleRoutes } from '../../app-services.ts';
import type { WorkerStatus } from './readiness.ts';

export const healthRoutes: ModuleRoutes = (app, { config, health: readiness }) => {
  // The worker going missing or coming back is told on this app's log.
  const workerChanged = (status: WorkerStatus) =>
    status === 'missing'
      ? app.log.warn(
          `no job worker has written its heartbeat for ${config.workerMissingAfterSeconds} s: mail, webhooks and MDM commands wait (start one: EQUIP_ROLE=worker, npm run worker)`,
        )
      : app.log.info('a job worker is alive again');

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
        summary: 'The database answers, migrations are applied, and whether a job worker is alive',
        description:
          "503 when the database does not answer or this version's migrations are not applied. A job worker without a heartbeat for WORKER_MISSING_AFTER_SECONDS (60) leaves the instance serving: status `degraded`, worker `missing`.",
        response: { 200: ReadyResponse, 503: NotReadyResponse },
      },
    },
    async (request, reply) => {
      const result = await readiness.check(workerChanged);
      if (result.ready) return result.body;
      request.log.warn({ problem: result.body.problem }, 'readiness check failed');
      return reply.status(503).send(result.body);
    },
  );
};
