import { ApiErrorPayload } from '@equip/domain/errors';
import type { FastifyInstance } from 'fastify';

/** The statuses an API route may answer with the spec's error payload: bad input, too many, our failure … */
const PUBLIC_ROUTE_ERRORS = [400, 429, 500];
/** … and, behind a token: no valid token, a role not allowed, not found (or another organisation's), a conflict. */
const PROTECTED_ROUTE_ERRORS = [...PUBLIC_ROUTE_ERRORS, 401, 403, 404, 409];

const API_PREFIXES = ['/api/', '/bundle-api/'];

/**
 * Declares the error answers of every API route in the OpenAPI document (and so in the clients
 * generated from it): the spec's `{ errors: [...] }` payload for each status a route can answer.
 * A route's own declaration for a status wins.
 */
export function declareErrorResponses(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!API_PREFIXES.some((prefix) => route.url.startsWith(prefix)) || !route.schema) return;
    const access = route.config?.access;
    const errors = access === 'public' ? PUBLIC_ROUTE_ERRORS : PROTECTED_ROUTE_ERRORS;
    const declared = (route.schema.response ?? {}) as Record<string, unknown>;
    const added = Object.fromEntries(
      errors
        .filter((status) => !(status in declared))
        // One schema object for all: compiled once (http/serializer.ts caches by schema).
        .map((status) => [status, ApiErrorPayload]),
    );
    route.schema.response = { ...added, ...declared };
  });
}
