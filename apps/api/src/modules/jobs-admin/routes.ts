import {
  FailedJobPage,
  FailedJobsQuery,
  JobParams,
  JobQueueListQuery,
  JobQueuePage,
  RetriedJob,
} from '@equip/domain/jobs-admin';
import type { ModuleRoutes } from '../../app-services.ts';
import { sendJsonText } from '../../http/json-text.ts';

const tags = ['jobs'];
const security = [{ bearerAuth: [] }];
const providerAdmins = { access: { roles: ['equip-admin'] as const } };

/**
 * Provider admins: the installation's background queues. They span organisations (the queue is the
 * installation's), so they are read on the system handle, never a tenant's.
 */
export const jobsAdminRoutes: ModuleRoutes = (app, { jobsAdmin: service }) => {
  app.get(
    '/api/admin/jobs/queues',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary:
          'Provider admins: background queues with their jobs per state (dead-letter queues marked), by name or failures, paged',
        querystring: JobQueueListQuery,
        response: { 200: JobQueuePage },
      },
    },
    async (request, reply) => sendJsonText(reply, await service.queues(request.query)),
  );

  app.get(
    '/api/admin/jobs/failed',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Provider admins: jobs that failed after their last try, newest first, with their error',
        querystring: FailedJobsQuery,
        response: { 200: FailedJobPage },
      },
    },
    async (request, reply) => sendJsonText(reply, await service.failed(request.query)),
  );

  app.post(
    '/api/admin/jobs/:id/retry',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Provider admins: run a failed job (or a dead letter) again, with its idempotency key',
        params: JobParams,
        response: { 200: RetriedJob },
      },
    },
    (request) => service.retry(request.params.id),
  );
};
