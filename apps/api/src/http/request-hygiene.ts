import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorType } from '@equip/domain/errors';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@equip/domain/text';
import type { FastifyInstance } from 'fastify';
import { send } from './error-handler.ts';
import { AppError } from './errors.ts';
import { isApiPath } from './spa.ts';

/**
 * How deep a JSON body may nest (objects and arrays). Our deepest request body is 3 levels (a bulk
 * create: an object, its array of people, each an object); 64 leaves room for any body we will accept
 * and for clients that wrap, while a body at the limit costs nothing worth counting. A deeper one is
 * refused before it is parsed: a body nested 5,000 deep held the event loop for 2 s (issue 24).
 */
export const MAX_JSON_DEPTH = 64;

/** The longest path parameter (a uuid is 36 characters); a longer one is answered 414. */
export const MAX_PATH_PARAMETER_LENGTH = 200;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, in one pass over the characters with
 * no recursion and no allocation, stopping at the first level too deep. Brackets inside strings are
 * skipped (with their escapes). Text that is not JSON is the parser's to refuse: this only bounds what
 * the parser and everything after it may be given.
 */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      for (index++; index < text.length; index++) {
        const inString = text.charCodeAt(index);
        if (inString === BACKSLASH) index++;
        else if (inString === QUOTE) break;
      }
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * What every request and answer gets, whatever the route: JSON bodies of bounded depth that may be
 * empty, input free of control characters, no caching of API answers, and framework-level client errors
 * (431 for oversized headers and the like) in the spec's error payload.
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
  // error: the route's schema decides whether a body was required. The depth is bounded before the text
  // is parsed, so neither the parser nor any walk over the parsed value ever sees a deep one.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // SCIM clients send their JSON as application/scim+json (RFC 7644 §3.1): the same parser and bounds.
  app.addContentTypeParser(
    ['application/json', 'application/scim+json'],
    { parseAs: 'string' },
    (request, body, done) => {
      const text = body.toString();
      if (text === '') return done(null, undefined);
      if (jsonNestingExceeds(text, MAX_JSON_DEPTH))
        return done(
          new AppError(400, {
            msg: `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`,
            location: 'body',
            errorType: ErrorType.ZodValidationError,
          }),
          undefined,
        );
      return parseJson(request, text, done);
    },
  );

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
