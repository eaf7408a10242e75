import {
  OrganizationSettings,
  OrganizationSummaryList,
  SsoSettings,
  SsoSettingsInput,
  UpdateOrganizationSettings,
} from '@equip/domain/organizations';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth } from '../../http/access.ts';

const tags = ['organizations'];
const security = [{ bearerAuth: [] }];
const providerAdmins = { access: { roles: ['equip-admin'] as const } };
const admins = { access: { roles: ADMINS } };

/** The caller's organisation (name, time zone, single sign-on settings) and, for provider admins, every organisation. */
export const organizationRoutes: ModuleRoutes = (app, { organizations }) => {
  app.get(
    '/api/organizations',
    {
      config: providerAdmins,
      schema: {
        tags,
        security,
        summary: 'Provider admins: organisations they can act for',
        response: { 200: OrganizationSummaryList },
      },
    },
    // No tenant yet: the list spans organisations, for provider admins only.
    async () => ({ items: await organizations.list() }),
  );

  app.get(
    '/api/organization/settings',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "The organisation's name and time zone (dates are shown in it)",
        response: { 200: OrganizationSettings },
      },
    },
    (request) => request.tenant((tx) => organizations.settings(tx, requireAuth(request))),
  );

  app.patch(
    '/api/organization/settings',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Rename the organisation or change its time zone (an IANA name such as Europe/Berlin)',
        body: UpdateOrganizationSettings,
        response: { 200: OrganizationSettings },
      },
    },
    (request) => request.tenant((tx) => organizations.updateSettings(tx, requireAuth(request), request.body)),
  );

  app.get(
    '/api/organization/sso',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Single sign-on settings (the secret is never returned)',
        response: { 200: SsoSettings },
      },
    },
    (request) => request.tenant((tx) => organizations.ssoSettings(tx, requireAuth(request))),
  );

  app.put(
    '/api/organization/sso',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Configure OpenID Connect single sign-on',
        body: SsoSettingsInput,
        response: { 200: SsoSettings },
      },
    },
    async (request) => {
      await organizations.assertUsableIssuer(request.body.issuer);
      return request.tenant((tx) => organizations.configureSso(tx, requireAuth(request), request.body));
    },
  );
};
