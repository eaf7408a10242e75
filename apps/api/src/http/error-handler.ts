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
  429: ErrorType.TooManyRequests,
};

function clientMessage(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The upload is larger than ${Math.round((request.routeOptions.bodyLimit ?? 0) / 1024 / 1024)} MB`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type: ${request.headers['content-type'] ?? 'none'}`;
    default:
      return error.message;
  }
}

/** Maps Fastify's own client errors (bad JSON, body too large, wrong content type …) to the spec's payload. */
function frameworkClientError(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; entry: ApiErrorEntry } | undefined {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  const errorType = TYPE_BY_STATUS[status] ?? ErrorType.ZodValidationError;
  const entry: ApiErrorEntry = { msg: clientMessage(error, request), errorType, errorCode: status };
  if (status === 400) entry.location = 'body';
  return { status, entry };
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
