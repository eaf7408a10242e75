import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Answers are written by fast-json-stringify from each route's zod response schema (converted once,
 * at start-up): like zod's serializer it writes only the declared properties, so nothing a query
 * returns beyond the schema can leak, but it does not re-validate every answer, which made it the
 * largest single cost of serialising a 50-row page in the API's profile. A schema that cannot be
 * converted falls back to the zod serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  try {
    const jsonSchema = z.toJSONSchema(route.schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'any',
    });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
};
