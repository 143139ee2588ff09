import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { bearer, createAdmin } from '../factories/users.js';
import { fillPath, pathParamNames, UNTRANSLATED } from './fuzz-support.js';
import { servedRoutes } from './route-inventory.js';
import { buildWorld, type World } from './world.js';

/**
 * What a fuzzer driven by the OpenAPI document does to the URL: every path parameter of every
 * route, with every method the route has (DELETE too), set to the values such tools reach for —
 * ids past PostgreSQL's `integer`, zero, negatives, text, a day as an id — and the back office's
 * `?shop_id=` out of range, as text or repeated. The hooks that read a request before its schema
 * (a row of the caller's shop, decision 0291) meet these values raw. Never a 5xx, never zod's own words.
 */

const EDGE_VALUES = ['0', '-1', '2147483648', '9007199254740993', 'abc', '1e3', '9999-12-31', '%00'];
const EDGE_SHOP_QUERIES = ['shop_id=2147483648', 'shop_id=1&shop_id=2', 'shop_id=abc', 'shop_id=0'];
/** Routes whose side effect would end the session the fuzzing runs in, or that hold the stream open. */
const SKIP = /^POST \/api\/auth\/(logout|refresh|login|register|recovery|reset)$|\/live$/;
const ANSWERS = new Set([200, 201, 204, 400, 401, 403, 404, 409, 413, 415, 422, 429]);

describe(`path and shop parameter fuzzing (${testEngine})`, () => {
  let t: TestApp;
  let w: World;
  let callers: Record<string, Record<string, string>>;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await buildWorld(t.app);
    const admin = await createAdmin(t.app);
    callers = { anonymous: {}, customer: bearer(w.alice.token), pharmacist: bearer(w.pharmacistA.token), admin: bearer(admin.token) };
  });
  afterAll(() => t.close());

  it('answers every edge value of a path parameter or of ?shop_id= with a 4xx or the row, for every caller', async () => {
    const routes = servedRoutes(t.app).filter((r) => r.path.startsWith('/api/') && !SKIP.test(`${r.method} ${r.path}`));
    const withParams = routes.filter((r) => r.path.includes(':'));
    expect(withParams.length).toBeGreaterThan(80);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    const send = async (method: string, url: string, who: string) => {
      const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...callers[who], ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: body } : {}),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (!ANSWERS.has(res.statusCode)) problems.push(`${method} ${url} as ${who}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      if (res.statusCode >= 400 && UNTRANSLATED.test(res.body)) problems.push(`${method} ${url} as ${who}: untranslated ${res.body.slice(0, 160)}`);
    };
    for (const who of Object.keys(callers)) {
      for (const route of withParams) {
        for (const name of pathParamNames(route.path)) {
          // The one parameter set to the edge value; the others name the world's rows (alice's, shop A's).
          for (const value of EDGE_VALUES) await send(route.method, fillPath(w, route.path, { [name]: value }), who);
        }
      }
      for (const route of routes.filter((r) => r.path.startsWith('/api/admin/'))) {
        for (const query of EDGE_SHOP_QUERIES) await send(route.method, `${fillPath(w, route.path)}?${query}`, who);
      }
    }
    expect(problems).toEqual([]);
    // The values reached the routes: the world's rows answered too, not only refusals.
    expect(statuses.get(422) ?? 0).toBeGreaterThan(100);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
  }, 300_000);
});
