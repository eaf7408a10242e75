import { outboxArea } from '@equip/domain/areas/outbox';
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
 * Its routes, its service and its job, gathered in `src/areas.ts`.
 */
export const outboxApiArea = defineApiArea(outboxArea, {
  routes: [outboxRoutes],
  services: ({ database, config }) => ({
    outbox: createOutboxService({ db: database.db, showBodies: config.seedDemo }),
  }),
  jobs: {
    // 12 tries over about six hours (5 s doubling), then the dead-letter queue; the outbox row stays
    // unsent and visible either way.
    policies: {
      'mail.send': { retryLimit: 12, retryDelaySeconds: 5, expireInSeconds: 120, batchSize: 5, workers: 2 },
    },
    register: (jobs, deps) => {
      jobs.handle('mail.send', async ({ outboxUuid }, job) => {
        // Without SMTP (the outbox mailer) nothing is queued; a job left from a run with SMTP waits for it.
        if (!deps.smtp) throw new Error('No SMTP server is configured (SMTP_URL)');
        // The try and the queue's policy: a failure is logged with when the next try comes.
        await deps.smtp.deliver(outboxUuid, { triesBefore: job.retryCount, ...jobs.policy('mail.send') });
      });
    },
  },
});
