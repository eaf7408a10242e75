import { OutboxList, OutboxQuery } from '@equip/domain/organizations';
import type { ModuleRoutes } from '../../app-services.ts';

/** Provider admins: what the installation mailed or texted (the demo's inbox). */
export const outboxRoutes: ModuleRoutes = (app, { outbox }) => {
  app.get(
    '/api/admin/outbox',
    {
      config: { access: { roles: ['equip-admin'] as const } },
      schema: {
        tags: ['organizations'],
        security: [{ bearerAuth: [] }],
        summary: 'Provider admins: mail and text messages the installation sent or holds',
        description:
          'Metadata of every message. Bodies (which carry live sign-in, invitation and reset links and codes) only in demo mode; otherwise `text` is null and codes in subjects of older mail are masked. A mail sent over SMTP holds a record of itself (which mail, to whom, when) instead of its body.',
        querystring: OutboxQuery,
        response: { 200: OutboxList },
      },
    },
    async (request) => ({ items: await outbox.messages(request.query.take) }),
  );
};
