import type { Role } from '@equip/domain/identity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { PROVIDER_ORGANIZATION_UUID } from '../db/schema/identity.ts';
import { withTenant } from '../db/tenancy.ts';
import { forbidden, unauthorized } from './errors.ts';

/**
 * Who may call a route. Every API route declares it in `config.access`; a route that does not is
 * refused at start-up, so nothing is public by accident.
 * - 'public': no token needed (the spec's `unprotected` routes, health, analytics proxy …)
 * - { roles }: a valid access token whose role is one of these.
 * - 'scim-token': an organisation's SCIM bearer token (decision 034), checked by the SCIM routes' own
 *   hook (the token belongs to the integrations module); an access token is no use there.
 */
export type RouteAccess = 'public' | 'scim-token' | { roles: readonly Role[] };

export const ADMINS: readonly Role[] = ['it-owner', 'equip-admin'];
export const EVERYONE: readonly Role[] = ['regular', 'it-owner', 'equip-admin'];

/** The caller, from a verified access token. */
export interface AuthContext {
  userUuid: string;
  /** The session (refresh-token family) the token was issued for; logout and revocation end it. */
  sessionUuid: string;
  role: Role;
  /** The organisation the caller acts for (`treats.organization_uuid`); a provider admin may pick any. */
  organizationUuid: string;
  /** The organisation the caller belongs to. */
  homeOrganizationUuid: string;
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<AuthContext | null>;
}

/** One guarded route and who may call it (the guard suite walks these). */
export interface GuardedRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api, /bundle-api and /scim route with its declared access, in registration order. */
    guardedRoutes: GuardedRoute[];
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Runs `work` in a transaction bound to the caller's organisation (row-level security applies). */
    tenant<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  }
}

/** Routes under these prefixes must declare their access. */
const GUARDED_PREFIXES = ['/api/', '/bundle-api/', '/scim/'];

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The caller, acting for an organisation: what every read or write of tenant data needs. A provider
 * admin with no organisation to act for (none exists yet) reaches no tenant data.
 */
export function requireTenant(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (auth.organizationUuid === PROVIDER_ORGANIZATION_UUID)
    throw forbidden('Choose an organisation to act for first');
  return auth;
}

export const accessPlugin = fp<{ verifier: AccessTokenVerifier; db: Db }>(
  async (app: FastifyInstance, { verifier, db }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('tenant', function tenant<T>(this: FastifyRequest, work: (tx: Db) => Promise<T>) {
      return withTenant(db, requireTenant(this).organizationUuid, work);
    });

    app.decorate('guardedRoutes', [] as GuardedRoute[]);
    app.addHook('onRoute', (route) => {
      if (!GUARDED_PREFIXES.some((p) => route.url.startsWith(p))) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} must declare config.access`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.guardedRoutes.push({ method, url: route.url, access });
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (access === 'scim-token') return;
      if (!access || access === 'public') {
        // Public routes still learn who calls when a valid token is sent (e.g. logout).
        const token = bearerToken(request);
        if (token) request.auth = await verifier.verify(token);
        return;
      }
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const auth = await verifier.verify(token);
      if (!auth) throw unauthorized('Access token is invalid or expired');
      request.auth = auth;
      if (!access.roles.includes(auth.role)) throw forbidden();
    });
  },
  { name: 'equip-access' },
);
