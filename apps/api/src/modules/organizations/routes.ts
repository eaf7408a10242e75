import { WorkspaceProvider } from '@equip/domain/integrations';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { mailOutbox, organizations, smsOutbox } from '../../db/schema/index.ts';
import { ADMINS, requireAuth } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { ModuleRoutes } from '../../http/types.ts';
import { logEvent } from '../events/log.ts';

const tags = ['organizations'];
const security = [{ bearerAuth: [] }];
const providerAdmins = { access: { roles: ['equip-admin'] as const } };

const SsoSettings = z.object({
  provider: WorkspaceProvider.nullable(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  hasClientSecret: z.boolean(),
});
const SsoSettingsInput = z.object({
  provider: WorkspaceProvider,
  issuer: z.url().max(500),
  clientId: z.string().trim().min(1).max(300),
  /** Omit to keep the stored secret. */
  clientSecret: z.string().min(1).max(500).optional(),
});

/** The caller's organisation (single sign-on settings) and, for provider admins, every organisation. */
export const organizationRoutes: ModuleRoutes = (app, { database }) => {
  app.get(
    '/api/organizations',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Provider admins: organisations they can act for',
        response: { 200: z.object({ items: z.array(z.object({ uuid: z.uuid(), name: z.string() })) }) },
      },
    },
    async () => ({
      items: await database.db
        .select({ uuid: organizations.uuid, name: organizations.name })
        .from(organizations)
        .orderBy(organizations.name),
    }),
  );

  const readSso = async (tx: Db, organizationUuid: string) => {
    const [org] = await tx.select().from(organizations).where(eq(organizations.uuid, organizationUuid));
    if (!org) throw notFound('Organization not found');
    return {
      provider: org.ssoProvider,
      issuer: org.ssoIssuer,
      clientId: org.ssoClientId,
      hasClientSecret: Boolean(org.ssoClientSecret),
    };
  };

  app.get(
    '/api/organization/sso',
    {
      config: { access: { roles: ADMINS } },
      schema: {
        tags,
        security,
        summary: 'Single sign-on settings (the secret is never returned)',
        response: { 200: SsoSettings },
      },
    },
    (request) => request.tenant((tx) => readSso(tx, requireAuth(request).organizationUuid)),
  );

  app.put(
    '/api/organization/sso',
    {
      config: { access: { roles: ADMINS } },
      schema: {
        tags,
        security,
        summary: 'Configure OpenID Connect single sign-on',
        body: SsoSettingsInput,
        response: { 200: SsoSettings },
      },
    },
    (request) =>
      request.tenant(async (tx) => {
        const auth = requireAuth(request);
        const { provider, issuer, clientId, clientSecret } = request.body;
        await tx
          .update(organizations)
          .set({
            ssoProvider: provider,
            ssoIssuer: issuer.replace(/\/$/, ''),
            ssoClientId: clientId,
            ...(clientSecret ? { ssoClientSecret: clientSecret } : {}),
            updatedAt: new Date(),
          })
          .where(eq(organizations.uuid, auth.organizationUuid));
        await logEvent(tx, {
          organizationUuid: auth.organizationUuid,
          type: 'ORGANIZATION_UPDATED',
          actorUuid: auth.userUuid,
          subjectUuid: auth.organizationUuid,
          data: { sso: { provider, issuer, clientId } },
        });
        return readSso(tx, auth.organizationUuid);
      }),
  );

  app.get(
    '/api/admin/outbox',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Provider admins: mail and text messages the installation sent or holds',
        querystring: z.object({ take: z.coerce.number().int().min(1).max(500).default(100) }),
        response: {
          200: z.object({
            items: z.array(
              z.object({
                uuid: z.uuid(),
                kind: z.enum(['mail', 'sms']),
                to: z.string(),
                subject: z.string().nullable(),
                text: z.string(),
                createdAt: z.string(),
                sentAt: z.string().nullable(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const take = request.query.take;
      const mails = await database.db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt))
        .limit(take);
      const texts = await database.db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(take);
      const items = [
        ...mails.map((m) => ({
          uuid: m.uuid,
          kind: 'mail' as const,
          to: m.toAddress,
          subject: m.subject,
          text: m.text,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        })),
        ...texts.map((s) => ({
          uuid: s.uuid,
          kind: 'sms' as const,
          to: s.toNumber,
          subject: null,
          text: s.text,
          createdAt: s.createdAt.toISOString(),
          sentAt: s.sentAt?.toISOString() ?? null,
        })),
      ];
      items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { items: items.slice(0, take) };
    },
  );
};
