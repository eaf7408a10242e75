import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorType } from '@equip/domain/errors';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@equip/domain/text';
import type { FastifyInstance } from 'fastify';
import { send } from './error-handler.ts';
import { isApiPath } from './spa.ts';

/**
 * What every request and answer gets, whatever the route: input free of control characters, JSON
 * bodies that may be empty, no caching of API answers, and framework-level client errors (431 for
 * oversized headers and the like) in the spec's error payload.
 */
export function registerRequestHygiene(app: FastifyInstance) {
  // Control characters (NUL above all, which PostgreSQL cannot store) are refused at the field, before
  // the route's own validation: one check for every route, present and future.
  app.addHook('preValidation', async (request, reply) => {
    const parts = [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const;
    for (const [location, value] of parts) {
      if (Buffer.isBuffer(value)) continue;
      const path = findControlCharacter(value);
      if (!path) continue;
      return send(reply, 400, [
        {
          msg: CONTROL_CHARACTER_MESSAGE,
          location,
          param: path.join('.') || undefined,
          path,
          errorType: ErrorType.ZodValidationError,
          errorCode: 400,
        },
      ]);
    }
  });

  // An empty JSON body (a client that sets the content type but sends nothing) is no body, not an
  // error: the route's schema decides whether a body was required.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  // API answers are per caller and often secret: never stored by browsers or proxies.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}

const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Fastify's `clientErrorHandler`: errors Node's HTTP parser raises before any route runs (headers
 * too large, malformed requests) are answered in the spec's error payload, then the connection closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  const body = JSON.stringify({
    errors: [
      {
        msg:
          status === 431
            ? 'The request headers are too large'
            : status === 408
              ? 'The request took too long to arrive'
              : 'The request is malformed',
        errorType: status === 431 ? ErrorType.PayloadTooLarge : ErrorType.ZodValidationError,
        errorCode: status,
      },
    ],
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\ncache-control: no-store\r\n\r\n${body}`,
  );
}
