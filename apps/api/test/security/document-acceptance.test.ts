import { seededRandom } from '@farmacia/contract';
import { Ajv, type ValidateFunction } from 'ajv';
import { JSONSchemaFaker } from 'json-schema-faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { bearer, createAdmin } from '../factories/users.js';
import { fillPath, UNTRANSLATED } from './fuzz-support.js';
import { servedRoutes } from './route-inventory.js';
import { buildWorld, type World } from './world.js';

/**
 * An OpenAPI fuzzer's "positive data acceptance" (Schemathesis' check of that name): a request whose
 * body and query match the document must not be refused for their format. Values come from the
 * document's schemas alone (json-schema-faker, randexp for patterns), never from a list of ours:
 * a fuzzer nobody here wrote knows only the document. So every 422 field error must name a field
 * the document itself says is checked beyond its schema (the check character of a fiscal code,
 * a cross-field rule, a row that must exist — {@link BEYOND_SCHEMA}); any other is a format the
 * server enforces and the document does not state (a document bug) or a wrong rule.
 */

/**
 * Routes whose side effect would end the session the requests run in, or that are rate limited by
 * design; the live event streams, which answer for as long as the client listens.
 */
const SKIP = /^POST \/api\/auth\/(logout|refresh|login|register|recovery|reset)$|\/live$/;
const ROUNDS = 8;

const ROW = 'names a row, which must exist and be the shop\u2019s';
const AFTER = 'must come after the field before it (a rule across fields)';
const STATE = 'depends on the shop\u2019s settings or the cart, not on the body';
const SECRET = 'a provider\u2019s secret is needed the first time it is configured, blank keeps the stored one';
const FILE = 'a file: its name\u2019s extension, its type and its bytes are checked together';
/**
 * The fields a value matching the document can still be refused for, and why: rules across
 * fields, rows and state, check characters. Keyed by the 422's field path, list indices as `*`.
 */
const BEYOND_SCHEMA: Record<string, string> = {
  category_id: ROW,
  group_id: ROW,
  service_ids: ROW,
  staff_ids: ROW,
  staff_id: ROW,
  customer_id: ROW,
  fiscal_code_id: ROW,
  address: ROW,
  products: 'the cart\u2019s products must be sold by the shop',
  to: `${AFTER}, at most 31 days on`,
  date_to: AFTER,
  end_time: AFTER,
  end: AFTER,
  valid_to: AFTER,
  promo_fine: AFTER,
  promo_inizio: 'a day that exists in the calendar (description)',
  'options.promotions.*.valid_from': 'a day that exists in the calendar (description)',
  'options.promotions.*.valid_to': `a day that exists in the calendar (description); ${AFTER}`,
  prezzo_pieno: 'more than the promotion\u2019s price',
  password_confirmation: 'the same as the password',
  password: 'on the profile, blank keeps the current one, else its length (description)',
  type: 'a galenic preparation is asked only of a shop that makes them (its settings)',
  'hours.*.end': AFTER,
  'hours.*.start': 'the same day\u2019s hours must not overlap',
  'options.open_on.week.*.intervals.*.to': AFTER,
  'options.open_on.week.*.day': 'each weekday once',
  p: 'the page times its size stays within the first 10,000 results',
  cat2: 'a category level needs the levels before it',
  cat3: 'a category level needs the levels before it',
  cat4: 'a category level needs the levels before it',
  slug2: 'a category level needs the levels before it',
  slug3: 'a category level needs the levels before it',
  slug4: 'a category level needs the levels before it',
  codice_fiscale: 'the birth date and the control character (description)',
  nre: 'required by the prescription\u2019s mode or fse_consent (description, decision 0670)',
  fse_consent: 'required by the prescription\u2019s mode (description, decision 0670)',
  points: 'the card\u2019s balance must stay positive',
  value: 'a percent voucher takes a whole percent, a fixed one an amount (the voucher\u2019s kind)',
  ministry_authorization_code: 'the authorization\u2019s code, day and link go together',
  ministry_authorization_date: 'the authorization\u2019s code, day and link go together; a day that exists (description)',
  ministry_list_url: 'the authorization\u2019s code, day and link go together',
  vat_number: 'the check digit (description)',
  paymentType: STATE,
  shippingType: STATE,
  shippingMethod: STATE,
  file: FILE,
  'file.name': FILE,
  'file.base64': FILE,
  'file.type':
    'the kept file\u2019s branch does not declare it, so allows any value; the text guard refuses controls in every string of a request, declared or not',
  subscription: 'the push service\u2019s keys must be real keys',
  'subscription.endpoint': 'a URL the WHATWG parser reads (a host ending in a number must be an IPv4 address)',
  start_time: 'required with an end time',
  device: 'a device the caller registered',
  'payment_providers.nexi.macKey': SECRET,
  'payment_providers.gestpay.apiKey': SECRET,
  'payment_providers.paypal.clientSecret': SECRET,
};

/**
 * Strings a generator seldom makes and the document must still tell apart (decision 0669): blank
 * ones (a required text is not blank), line breaks and tabs inside (one line unless multi-line),
 * controls (refused in any text), and spaces and line breaks at the ends (trimmed away). Each
 * replaces each string of a generated body or query in turn, sent when the document allows it.
 */
const EDGE_STRINGS = [' ', '\u3000\u00a0', ' \r\n\t', 'a\nb', 'a\tb', 'a\u0000b', 'a\u0085b', 'a\u000bb', '\ufeffa\n', ' a\u2028'];

/** Copies of `value` with one string (at any depth) replaced by `edge`, one copy a string. */
function withEachString(value: unknown, edge: string): unknown[] {
  if (typeof value === 'string') return [edge];
  if (!value || typeof value !== 'object') return [];
  const copies: unknown[] = [];
  for (const [key, inner] of Object.entries(value)) {
    for (const replaced of withEachString(inner, edge)) {
      copies.push(Array.isArray(value) ? value.map((v, i) => (String(i) === key ? replaced : v)) : { ...value, [key]: replaced });
    }
  }
  return copies;
}

/** A 422 field path as BEYOND_SCHEMA keys it: `hours.2.end` → `hours.*.end`. */
const fieldKey = (field: string) => field.replace(/\.\d+(?=\.|$)/g, '.*');

type Schema = Record<string, unknown>;
type Operation = {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/**
 * OpenAPI 3.0's schema dialect in JSON Schema's own words, for the generator and the validator:
 * `nullable` as a null type, a boolean `exclusiveMinimum`/`exclusiveMaximum` as the bound itself.
 */
function jsonSchemaOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchemaOf);
  if (!node || typeof node !== 'object') return node;
  const s: Schema = Object.fromEntries(Object.entries(node as Schema).map(([k, v]) => [k, k === 'enum' || k === 'const' || k === 'example' || k === 'default' ? v : jsonSchemaOf(v)]));
  if (s.exclusiveMinimum === true) {
    s.exclusiveMinimum = s.minimum;
    delete s.minimum;
  }
  if (s.exclusiveMaximum === true) {
    s.exclusiveMaximum = s.maximum;
    delete s.maximum;
  }
  if (s.exclusiveMinimum === false) delete s.exclusiveMinimum;
  if (s.exclusiveMaximum === false) delete s.exclusiveMaximum;
  if (s.nullable === true) {
    delete s.nullable;
    if (typeof s.type === 'string') s.type = [s.type, 'null'];
  }
  return s;
}

describe(`document-valid requests are not refused for their format (${testEngine})`, () => {
  let t: TestApp;
  let w: World;
  let adminToken: string;
  let doc: { paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    t = await buildTestApp();
    w = await buildWorld(t.app);
    adminToken = (await createAdmin(t.app)).token;
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  it('accepts, or refuses only for what the document says it checks beyond the schema, every body and query it allows', async () => {
    const random = seededRandom(20261129);
    // Amounts are whole cents (`multipleOf: 0.01`): 0.07 / 0.01 is not an integer in floats.
    const ajv = new Ajv({ strict: false, validateFormats: false, multipleOfPrecision: 9 });
    const validators = new Map<unknown, ValidateFunction>();
    const matches = (schema: unknown, value: unknown) => {
      let validate = validators.get(schema);
      if (!validate) {
        validate = ajv.compile(schema as object);
        validators.set(schema, validate);
      }
      return validate(value);
    };
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let operations = 0;
    let unmatched = 0;
    let edgeSent = 0;
    for (const route of servedRoutes(t.app)) {
      const key = `${route.method} ${route.path}`;
      // DELETE would remove the world's rows the other requests name.
      if (!['GET', 'POST', 'PUT', 'PATCH'].includes(route.method) || !route.path.startsWith('/api/') || SKIP.test(key)) continue;
      const op = doc.paths[route.path.replace(/:([A-Za-z_]+)(?:\|:[A-Za-z_]+)*/g, '{$1}').replace(/^\/api\/$/, '/api')]?.[route.method.toLowerCase()];
      const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
      const query = (op?.parameters ?? []).filter((p) => p.in === 'query');
      // A body of bytes (the catalogue's CSV) is not generated from a schema.
      if (!op || (!bodySchema && query.length === 0) || (op.requestBody && !bodySchema)) continue;
      operations++;
      const body = bodySchema ? jsonSchemaOf(bodySchema) : undefined;
      const queryParams = query.map((p) => ({ ...p, schema: jsonSchemaOf(p.schema) }));
      // The back office's pharmacist; the admin where only an admin may (the shops).
      let token = route.path.startsWith('/api/admin') ? w.pharmacistA.token : w.alice.token;
      /** Sends the request; `refused`: the document does not allow it, so it must not be accepted. */
      const send = async (payload: unknown, sent: Record<string, unknown>, refused = false) => {
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(sent)) for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
        const url = `${fillPath(w, route.path)}${search.size > 0 ? `?${search}` : ''}`;
        const request = (bearerToken: string) =>
          t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...bearer(bearerToken), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
          });
        let res = await request(token);
        if (res.statusCode === 403 && token !== adminToken && route.path.startsWith('/api/admin')) {
          token = adminToken;
          res = await request(token);
        }
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${key} ${url.includes('?') ? url.slice(url.indexOf('?')) : ''} ${JSON.stringify(payload ?? null).slice(0, 300)}`;
        if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (refused && res.statusCode < 300) problems.push(`${where}: accepted, which the document refuses`);
        if (refused || res.statusCode !== 422) return;
        if (UNTRANSLATED.test(res.body)) problems.push(`${where}: untranslated ${res.body.slice(0, 200)}`);
        const errors = (res.json() as { errors?: Record<string, string[]> }).errors ?? {};
        for (const [field, list] of Object.entries(errors)) {
          if (field === 'body' || BEYOND_SCHEMA[fieldKey(field)] !== undefined) continue;
          problems.push(`${where}: ${field} refused: ${list.join(' ')}`);
        }
      };
      const bodyMatches = (payload: unknown) => body === undefined || matches(body, payload);
      const queryMatches = (sent: Record<string, unknown>) => queryParams.every((p) => !(p.name in sent) || matches(p.schema, sent[p.name]));
      for (let round = 0; round < ROUNDS; round++) {
        JSONSchemaFaker.option({ random, alwaysFakeOptionals: round % 2 === 0, fillProperties: false, maxItems: 3, useExamplesValue: false, useDefaultValue: false });
        const payload = body === undefined ? undefined : JSONSchemaFaker.generate(body as Parameters<typeof JSONSchemaFaker.generate>[0]);
        const sent: Record<string, unknown> = {};
        for (const p of queryParams) {
          if (!p.required && random() < 0.5) continue;
          const value = JSONSchemaFaker.generate(p.schema as Parameters<typeof JSONSchemaFaker.generate>[0]);
          if (value === null || value === undefined) continue;
          sent[p.name] = value;
        }
        // A generator's slip is not the document's positive data.
        if (!bodyMatches(payload) || !queryMatches(sent)) {
          unmatched++;
          continue;
        }
        await send(payload, sent);
        // The first round's strings, each replaced by each edge string: accepted where the document
        // allows it, refused (never a 5xx) where it does not.
        if (round > 0) continue;
        for (const edge of EDGE_STRINGS) {
          for (const edged of withEachString(payload, edge)) {
            const allowed = bodyMatches(edged);
            edgeSent += allowed ? 1 : 0;
            await send(edged, sent, !allowed);
          }
          for (const edged of withEachString(sent, edge) as Array<Record<string, unknown>>) {
            const allowed = queryMatches(edged);
            edgeSent += allowed ? 1 : 0;
            await send(payload, edged, !allowed);
          }
        }
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    // The generator's values matched the document almost always, and many requests were accepted.
    expect(unmatched).toBeLessThan(operations);
    // Edge strings went where the document allows them, not nowhere.
    expect(edgeSent).toBeGreaterThan(operations);
    const accepted = [...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0);
    expect(accepted).toBeGreaterThan(300);
  }, 300_000);
});
