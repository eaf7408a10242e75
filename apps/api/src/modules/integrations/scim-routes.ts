import { UuidParams } from '@equip/domain/common';
import { ApiErrorPayload } from '@equip/domain/errors';
import {
  CreateScimTokenRequest,
  ScimToken,
  ScimTokenList,
  ScimTokenWithSecret,
} from '@equip/domain/scim-tokens';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, bearerToken, requireAuth } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { type ScimAnswer, type ScimKind, type ScimListQuery, scimErrorOf } from './scim-service.ts';

const admins = { access: { roles: ADMINS } };

/**
 * The organisation's SCIM tokens (issue 30 item 6, decision 034): created (the value answered once),
 * listed without their values, revoked. Those who connect the organisation's outside systems manage them.
 */
export const scimTokenRoutes: ModuleRoutes = (app, { scim }) => {
  const tags = ['integrations'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/scim-tokens',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "The organisation's SCIM tokens, newest first: name, last four characters, last use, revocation (never the token)",
        response: { 200: ScimTokenList },
      },
    },
    (request) => request.tenant((tx) => scim.listTokens(tx)),
  );

  app.post(
    '/api/scim-tokens',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Create a SCIM token for an identity provider (Entra ID, Okta): the answer holds the token this once; only its hash is stored',
        body: CreateScimTokenRequest,
        response: { 201: ScimTokenWithSecret },
      },
    },
    async (request, reply) => {
      const created = await request.tenant((tx) => scim.createToken(tx, requireAuth(request), request.body));
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/scim-tokens/:uuid/revoke',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Revoke a SCIM token: the identity provider is refused from the next request on',
        params: UuidParams,
        response: { 200: ScimToken, 404: ApiErrorPayload },
      },
    },
    (request) => request.tenant((tx) => scim.revokeToken(tx, requireAuth(request), request.params.uuid)),
  );
};

const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
const scimAccess = { access: 'scim-token' as const };
const scimTags = ['scim'];
const scimSecurity = [{ bearerAuth: [] }];

function send(reply: FastifyReply, answer: ScimAnswer, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  if (answer.status === 204 || answer.body === undefined) return reply.status(answer.status).send();
  return reply.status(answer.status).type(SCIM_CONTENT_TYPE).send(JSON.stringify(answer.body));
}

const integer = (value: unknown): number | undefined => {
  if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value)) return undefined;
  return Number(value);
};

function listQueryOf(request: FastifyRequest): ScimListQuery {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
  const startIndex = integer(query.startIndex);
  const count = integer(query.count);
  return {
    ...(text('filter') !== undefined ? { filter: text('filter') } : {}),
    ...(text('attributes') !== undefined ? { attributes: text('attributes') } : {}),
    ...(text('excludedAttributes') !== undefined ? { excludedAttributes: text('excludedAttributes') } : {}),
    ...(startIndex !== undefined ? { startIndex: Math.max(1, startIndex) } : {}),
    ...(count !== undefined ? { count: Math.max(0, count) } : {}),
  };
}

/**
 * The SCIM 2.0 server at /scim/v2 (RFC 7643/7644; decision 034): Users and Groups with filters, paging,
 * PATCH, PUT and DELETE, and the discovery endpoints. Every request carries an organisation's SCIM token
 * (401 without one, or with a revoked one) and reaches only that organisation's data. Answers and errors
 * are SCIM's own (`application/scim+json`, `urn:ietf:params:scim:api:messages:2.0:Error`).
 */
export const scimRoutes: ModuleRoutes = (app, { scim }) => {
  const organizationOf = new WeakMap<FastifyRequest, string>();
  const organization = (request: FastifyRequest) => organizationOf.get(request)!;

  app.addHook('onRequest', async (request, reply) => {
    const token = bearerToken(request);
    const organizationUuid = token ? await scim.organizationOf(token) : null;
    if (!organizationUuid) {
      reply.header('www-authenticate', 'Bearer realm="scim"');
      return send(reply, {
        status: 401,
        body: scimErrorOf(
          401,
          token ? 'The SCIM token is invalid or revoked' : 'A SCIM bearer token is required',
        ),
      });
    }
    organizationOf.set(request, organizationUuid);
  });

  // Whatever the framework refuses (bad JSON, a body too deep or too large, an unknown content type) is
  // answered as SCIM; anything else is a 500 that names the request only.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, {
        status: 500,
        body: scimErrorOf(500, `Something went wrong on our side. Reference: ${request.id}`),
      });
    }
    return send(reply, {
      status,
      body: scimErrorOf(status, error.message, status === 400 ? 'invalidSyntax' : undefined),
    });
  });

  for (const what of ['ServiceProviderConfig', 'ResourceTypes', 'Schemas'] as const) {
    app.get(
      `/scim/v2/${what}`,
      {
        config: scimAccess,
        schema: { tags: scimTags, security: scimSecurity, summary: `SCIM discovery: ${what}` },
      },
      async (_request, reply) => send(reply, await scim.discovery(what)),
    );
    if (what !== 'ServiceProviderConfig')
      app.get(
        `/scim/v2/${what}/:id`,
        {
          config: scimAccess,
          schema: { tags: scimTags, security: scimSecurity, summary: `SCIM discovery: one of ${what}` },
        },
        async (request, reply) =>
          send(reply, await scim.discovery(what, (request.params as { id: string }).id)),
      );
  }

  for (const kind of ['Users', 'Groups'] as const satisfies readonly ScimKind[]) {
    const noun = kind === 'Users' ? 'user (an employee)' : 'group';
    const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

    app.get(
      `/scim/v2/${kind}`,
      {
        config: scimAccess,
        schema: {
          tags: scimTags,
          security: scimSecurity,
          summary: `SCIM: list the organisation's ${kind.toLowerCase()} (filter, startIndex, count, attributes)`,
        },
      },
      async (request, reply) =>
        send(reply, await scim.list(organization(request), kind, listQueryOf(request))),
    );
    app.post(
      `/scim/v2/${kind}`,
      {
        config: scimAccess,
        schema: { tags: scimTags, security: scimSecurity, summary: `SCIM: create a ${noun}` },
      },
      async (request, reply) => {
        const answer = await scim.create(organization(request), kind, request.body);
        const location = (answer.body as { meta?: { location?: string } } | undefined)?.meta?.location;
        return send(reply, answer, answer.status === 201 && location ? { location } : {});
      },
    );
    app.get(
      `/scim/v2/${kind}/:id`,
      {
        config: scimAccess,
        schema: { tags: scimTags, security: scimSecurity, summary: `SCIM: read a ${noun}` },
      },
      async (request, reply) => send(reply, await scim.get(organization(request), kind, idOf(request))),
    );
    app.put(
      `/scim/v2/${kind}/:id`,
      {
        config: scimAccess,
        schema: { tags: scimTags, security: scimSecurity, summary: `SCIM: replace a ${noun}` },
      },
      async (request, reply) =>
        send(reply, await scim.replace(organization(request), kind, idOf(request), request.body)),
    );
    app.patch(
      `/scim/v2/${kind}/:id`,
      {
        config: scimAccess,
        schema: {
          tags: scimTags,
          security: scimSecurity,
          summary:
            kind === 'Users'
              ? 'SCIM: change a user (PatchOp); active=false moves the employee to offboarding'
              : 'SCIM: change a group (PatchOp): its name, members added and removed',
        },
      },
      async (request, reply) =>
        send(reply, await scim.patch(organization(request), kind, idOf(request), request.body)),
    );
    app.delete(
      `/scim/v2/${kind}/:id`,
      {
        config: scimAccess,
        schema: {
          tags: scimTags,
          security: scimSecurity,
          summary:
            kind === 'Users'
              ? 'SCIM: deprovision a user: the employee moves to offboarding and is no longer a SCIM resource'
              : 'SCIM: delete a group',
        },
      },
      async (request, reply) => send(reply, await scim.remove(organization(request), kind, idOf(request))),
    );
  }
};
