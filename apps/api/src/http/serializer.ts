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
const compiled = new WeakMap<ZodType, (data: unknown) => string>();

export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  // Schemas shared by many routes (the error payload every route declares) are compiled once.
  const cached = compiled.get(route.schema);
  if (cached) return cached;
  const serialize = compile(route);
  compiled.set(route.schema, serialize);
  return serialize;
};

function compile(route: Parameters<FastifySerializerCompiler<ZodType>>[0]): (data: unknown) => string {
  try {
    const jsonSchema = z.toJSONSchema(route.schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'any',
    });
    return fastJson(nullableAsTypeArrays(jsonSchema) as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
}

type JsonSchemaNode = { [key: string]: unknown };
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * zod writes `.nullable()` as `anyOf: [S, {type: 'null'}]`. fast-json-stringify picks an `anyOf`
 * branch by validating the value, and a `Date` is not a string to a validator, so a nullable
 * timestamp holding a Date failed the answer. `{...S, type: [S.type, 'null']}` says the same, lets
 * the stringifier write Dates as ISO strings and skips the per-value validation.
 */
export function nullableAsTypeArrays(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsTypeArrays);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(node)) out[key] = nullableAsTypeArrays(value);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return out;
  const nullIndex = branches.findIndex(
    (b: JsonSchemaNode) => b?.type === 'null' && Object.keys(b).length === 1,
  );
  const other = branches[1 - nullIndex] as JsonSchemaNode | undefined;
  if (nullIndex < 0 || !other || typeof other.type !== 'string' || !SCALAR_TYPES.has(other.type)) return out;
  const { anyOf: _anyOf, ...rest } = out;
  return { ...rest, ...other, type: [other.type, 'null'] };
}
