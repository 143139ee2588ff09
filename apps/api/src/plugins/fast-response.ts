import fastJson from 'fast-json-stringify';
import { type ZodType, z } from 'zod';

/**
 * The response serialiser of the busiest routes (decision 0555): fast-json-stringify compiled from
 * the route's own zod response schema (as JSON Schema, the output side), instead of the zod type
 * provider's encode-then-JSON.stringify, which walked and copied the whole answer through zod on
 * every request (a cart: ~10 % of its CPU). The schema stays the route's documentation and the
 * OpenAPI document is unchanged; what is written is the same JSON — only the schema's properties,
 * in its order — and a missing required field is still an error (500), never a silent answer.
 * Zod's other checks of an answer (a number's range, a string's enum) are not repeated: these
 * answers are built by their services from typed rows, and their tests compare them whole.
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  const { $schema: _, ...jsonSchema } = z.toJSONSchema(schema as ZodType, { io: 'output' }) as Record<string, unknown>;
  return fastJson(withoutClosedObjects(jsonSchema) as unknown as Parameters<typeof fastJson>[0]);
}

/**
 * Zod's objects come out as `additionalProperties: false`. fast-json-stringify writes only the
 * declared properties anyway, but picks a branch of a union (`anyOf`: every nullable object) by
 * validating the value against it, and a closed object then fails every branch: a row carrying
 * one column more would answer 500 where zod simply left the column out. Dropped, so both agree.
 */
function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (node === null || typeof node !== 'object') return node;
  const open: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    open[key] = withoutClosedObjects(value);
  }
  return open;
}
