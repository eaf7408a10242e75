import type { ApiErrorEntry, ApiErrorPayload, ErrorLocation } from '@equip/domain/errors';
import { ErrorType } from '@equip/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

const LOCATIONS: Record<string, ErrorLocation> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'header',
};
/** Values of these fields are never echoed back in error payloads. */
const SECRET_FIELD = /password|token|secret|code/i;

function valueAt(source: unknown, path: string[]): unknown {
  let current = source;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function validationEntries(error: FastifyError, request: FastifyRequest): ApiErrorEntry[] {
  const location = LOCATIONS[error.validationContext ?? 'body'] ?? 'body';
  const sourceKey = error.validationContext ?? 'body';
  const source = (request as unknown as Record<string, unknown>)[
    sourceKey === 'querystring' ? 'query' : sourceKey
  ];
  return (error.validation ?? []).map((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean);
    const param = path.join('.');
    const entry: ApiErrorEntry = {
      msg: issue.message ?? 'Invalid value',
      location,
      param: param || undefined,
      path: path.map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errorType: ErrorType.ZodValidationError,
      errorCode: 400,
    };
    const value = valueAt(source, path);
    if (value !== undefined && !SECRET_FIELD.test(param) && (typeof value !== 'object' || value === null))
      entry.value = value;
    return entry;
  });
}

const TYPE_BY_STATUS: Record<number, string> = {
  401: ErrorType.Unauthorized,
  403: ErrorType.Forbidden,
  404: ErrorType.NotFound,
  413: ErrorType.PayloadTooLarge,
  // A path parameter too long: like 413 and 431, too large a part of the request.
  414: ErrorType.PayloadTooLarge,
  429: ErrorType.TooManyRequests,
};

/** What a client is told of one of the framework's own errors, and where in the request it lies. */
type ClientErrorText = { msg: string; location?: ErrorLocation };

/**
 * Fastify's (and its plugins') client errors by code, in our words: never the framework's message,
 * which can echo the request (a bad path is quoted whole).
 */
const CLIENT_ERRORS: Record<string, (request: FastifyRequest) => ClientErrorText> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({ msg: 'Body is not valid JSON', location: 'body' }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({ msg: 'Body is not valid JSON', location: 'body' }),
  FST_ERR_CTP_BODY_TOO_LARGE: (request) => ({
    msg: `The upload is larger than ${Math.round((request.routeOptions.bodyLimit ?? 0) / 1024 / 1024)} MB`,
    location: 'body',
  }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (request) => ({
    msg: `Unsupported content type: ${request.headers['content-type'] ?? 'none'}`,
    location: 'header',
  }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => ({
    msg: 'The body is not as long as its Content-Length',
    location: 'header',
  }),
  FST_CP_ERR_INVALID_CONTENT_ENCODING: (request) => ({
    msg: `Unsupported Content-Encoding: ${request.headers['content-encoding'] ?? 'none'}`,
    location: 'header',
  }),
  FST_CP_ERR_INVALID_CONTENT: () => ({
    msg: 'Could not decompress the request payload using the provided encoding',
    location: 'body',
  }),
  // Raised by the router before any route or hook runs (Fastify's frameworkErrors).
  FST_ERR_BAD_URL: () => ({ msg: 'The address is not valid URL encoding', location: 'params' }),
  FST_ERR_MAX_PARAM_LENGTH: (request) => ({
    msg: `A path parameter is longer than ${request.server.initialConfig.routerOptions?.maxParamLength ?? 100} characters`,
    location: 'params',
  }),
};

/** Maps Fastify's own client errors (bad JSON, body too large, wrong content type …) to the spec's payload. */
function frameworkClientError(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; entry: ApiErrorEntry } | undefined {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  const errorType = TYPE_BY_STATUS[status] ?? ErrorType.ZodValidationError;
  const known = CLIENT_ERRORS[error.code]?.(request);
  const entry: ApiErrorEntry = { msg: known?.msg ?? error.message, errorType, errorCode: status };
  const location = known ? known.location : status === 400 ? 'body' : undefined;
  if (location) entry.location = location;
  return { status, entry };
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before a route is found (a path that is not
 * valid URL encoding: 400; a path parameter over `maxParamLength`: 414) answers in the spec's payload
 * like every other error, instead of Fastify's own shape. No hook runs for these: the headers every
 * answer carries (`headers`, the security headers) and the log line are given here.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const client = frameworkClientError(error, request) ?? {
      status: 500,
      entry: {
        msg: `Something went wrong on our side. Reference: ${request.id}`,
        errorType: ErrorType.InternalError,
        errorCode: 500,
      },
    };
    request.log.info(`${request.method} ${request.url.slice(0, 200)} ${client.status} ${error.code}`);
    reply.headers({ ...headers, 'cache-control': 'no-store', 'x-request-id': request.id });
    return send(reply, client.status, [client.entry]);
  };
}

export function send(reply: FastifyReply, status: number, entries: ApiErrorEntry[]) {
  const payload: ApiErrorPayload = { errors: entries };
  return reply.status(status).type('application/json; charset=utf-8').send(payload);
}

/** Serves something else for a miss (the SPA's index.html); answers whether it did. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** PostgreSQL's "invalid byte sequence" and "untranslatable character" (NUL in text, broken UTF-8). */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function isUnstorableTextError(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
  }
  return false;
}

/** Register before any route, so every plugin context inherits it. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return send(reply, error.status, error.entries);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, validationEntries(error as FastifyError, request));
    }
    if (isUnstorableTextError(error)) {
      // A safety net behind the input check: text the database cannot store is the client's mistake.
      return send(reply, 400, [
        {
          msg: 'The request contains text that cannot be stored',
          errorType: ErrorType.ZodValidationError,
          errorCode: 400,
        },
      ]);
    }
    if (!isResponseSerializationError(error)) {
      const client = frameworkClientError(error, request);
      if (client) {
        return send(reply, client.status, [client.entry]);
      }
    }
    // Internals stay in the log (with the request id); the client only learns that it failed.
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, [
      {
        msg: `Something went wrong on our side. Reference: ${request.id}`,
        errorType: ErrorType.InternalError,
        errorCode: 500,
      },
    ]);
  });
}

export function registerNotFoundHandler(app: FastifyInstance, fallback: NotFoundFallback | null = null) {
  app.setNotFoundHandler(async (request, reply) => {
    if (fallback && (await fallback(request, reply))) return reply;
    return send(reply, 404, [
      {
        msg: `No route for ${request.method} ${request.url.split('?')[0]}`,
        errorType: ErrorType.NotFound,
        errorCode: 404,
      },
    ]);
  });
}
