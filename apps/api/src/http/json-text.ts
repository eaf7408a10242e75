import type { FastifyReply } from 'fastify';
import type { JsonText } from '../lists/list-query.ts';

/**
 * Sends a body the database already wrote as JSON (lists/list-query.ts readJsonPage). Fastify passes a
 * string with a JSON content type through untouched, so the route's serializer does not run; the
 * route's response schema still documents the body, and list-query's tests check the database writes
 * exactly what the serializer would.
 */
export function sendJsonText<T>(reply: FastifyReply, body: JsonText<T>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
