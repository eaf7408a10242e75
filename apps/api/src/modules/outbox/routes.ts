import { OutboxList, OutboxQuery } from '@equip/domain/organizations';
import type { ModuleRoutes } from '../../services.ts';
import { outboxMessages } from './service.ts';

/** Provider admins: what the installation mailed or texted (the demo's inbox). */
export const outboxRoutes: ModuleRoutes = (app, { database, config }) => {
  app.get(
    '/api/admin/outbox',
    {
      config: { access: { roles: ['equip-admin'] as const } },
      schema: {
        tags: ['organizations'],
        security: [{ bearerAuth: [] }],
        summary: 'Provider admins: mail and text messages the installation sent or holds',
        description:
          'Metadata of every message. Bodies (which carry live sign-in, invitation and reset links and codes) only in demo mode; otherwise `text` is null and codes in subjects are masked.',
        querystring: OutboxQuery,
        response: { 200: OutboxList },
      },
    },
    // The outbox spans organisations (it is the installation's), so the system handle reads it.
    async (request) => ({ items: await outboxMessages(database.db, request.query.take, config.seedDemo) }),
  );
};
