import { seededRandom } from '@farmacia/contract';
import { JSONSchemaFaker } from 'json-schema-faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { bearer, createAdmin } from '../factories/users.js';
import { fillPath, requestSchemas, UNTRANSLATED } from './fuzz-support.js';
import { buildWorld, type World } from './world.js';

/**
 * What a fuzzer driven by the OpenAPI document sends (Schemathesis and the like): bodies that
 * *match* each route's request schema, built by json-schema-faker from the document, with the
 * values such tools reach for — the last day there is (9999-12-31), the first a schema allows, a
 * leap day, the days clocks change, numbers at their bounds. body-fuzzing.test.ts sends what the
 * schema refuses; these pass it and reach the services. Never a 5xx, never zod's own wording.
 */

const EDGE_DAYS = ['9999-12-31', '0100-01-01', '1970-01-01', '2024-02-29', '2027-03-28', '2027-10-31', '2027-02-01', '2027-02-10'];
const EDGE_NUMBERS = [0, -1, 1, 0.005, 999_999_999.995, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
/** Routes whose side effect would end the session the fuzzing runs in, or that are rate limited by design. */
const SKIP = /^POST \/api\/auth\/(logout|refresh|login|register|recovery|reset)$/;
const ROUNDS = 12;

type Schema = Record<string, unknown>;

/**
 * The schema with edge values pinned in, field by field, drawn with `random`; the fields naming a
 * row mostly name the world's, and the fields whose rules no schema states (a fiscal code's check
 * character) mostly carry a valid value (`known`), so that bodies get past "not found" and the
 * format checks to the services.
 */
function withEdges(schema: unknown, random: () => number, known: Record<string, number | string>, name = ''): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const s = { ...(schema as Schema) };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  if (known[name] !== undefined && random() < 0.8) return { const: known[name] };
  const isDay = s.type === 'string' && (s.format === 'date' || /(^|_)(day|date|from|to)$|^valid_/.test(name));
  if (isDay && random() < 0.7) return { const: pick(EDGE_DAYS) };
  if ((s.type === 'integer' || s.type === 'number') && random() < 0.3) {
    const fits = EDGE_NUMBERS.filter(
      (n) =>
        (s.type === 'number' || Number.isInteger(n)) &&
        (typeof s.minimum !== 'number' || n >= s.minimum) &&
        (typeof s.maximum !== 'number' || n <= s.maximum) &&
        (typeof s.exclusiveMinimum !== 'number' || n > s.exclusiveMinimum) &&
        (typeof s.exclusiveMaximum !== 'number' || n < s.exclusiveMaximum),
    );
    if (fits.length > 0) return { const: pick(fits) };
  }
  // Money is in euro with at most two decimals everywhere (spec): a float of fifteen is refused.
  if (s.type === 'number' && s.multipleOf === undefined) s.multipleOf = 0.01;
  if (s.type === 'string' && typeof s.maxLength === 'number' && s.pattern === undefined && s.format === undefined && random() < 0.2) {
    return { const: 'è'.repeat(s.maxLength) };
  }
  if (s.properties && typeof s.properties === 'object') {
    s.properties = Object.fromEntries(Object.entries(s.properties).map(([key, value]) => [key, withEdges(value, random, known, key)]));
  }
  if (s.items) s.items = withEdges(s.items, random, known, name);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(s[key])) s[key] = (s[key] as unknown[]).map((x) => withEdges(x, random, known, name));
  }
  return s;
}

describe(`schema-valid body fuzzing (${testEngine})`, () => {
  let t: TestApp;
  let w: World;
  let adminToken: string;
  let schemas: Map<string, unknown>;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await buildWorld(t.app);
    adminToken = (await createAdmin(t.app)).token;
    schemas = new Map();
    for (const [key, schema] of await requestSchemas(t.app, ['POST', 'PUT', 'PATCH'])) {
      if (schema && !SKIP.test(key)) schemas.set(key, schema);
    }
  });
  afterAll(() => t.close());

  it('never answers a 5xx nor zod\'s own words to bodies the document allows, for a customer, a pharmacist and an admin', async () => {
    expect(schemas.size).toBeGreaterThan(50);
    const random = seededRandom(20261128);
    JSONSchemaFaker.option({ random, alwaysFakeOptionals: true, fillProperties: false, maxItems: 3, useExamplesValue: false });
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    const callers = { customer: w.alice.token, pharmacist: w.pharmacistA.token, admin: adminToken };
    const known = {
      // The world's rows.
      shop_id: w.shopA,
      service_id: w.ids.serviceId,
      user_id: w.alice.user.id,
      fiscal_code_id: w.ids.fiscalCode,
      address_id: w.ids.address,
      // A valid value of a rule no schema states: the fiscal code's birth date and control character
      // (the formats a schema can state are in the document: decision 0665, document-acceptance.test.ts).
      codice_fiscale: w.aliceCode,
    };
    for (const [key, schema] of schemas) {
      const [method = 'POST', path = ''] = key.split(' ');
      for (const [who, token] of Object.entries(callers)) {
        for (let round = 0; round < ROUNDS; round++) {
          const body = JSONSchemaFaker.generate(withEdges(schema, random, known) as Parameters<typeof JSONSchemaFaker.generate>[0]);
          const res = await t.app.inject({
            method: method as 'POST',
            url: fillPath(w, path),
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const where = `${key} as ${who} ${JSON.stringify(body).slice(0, 300)}`;
          if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode === 422 && UNTRANSLATED.test(res.body)) problems.push(`${where}: untranslated ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The bodies really reached the services: many were accepted, not all refused by the schema.
    const accepted = [...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0);
    expect(accepted).toBeGreaterThan(100);
  }, 300_000);
});
