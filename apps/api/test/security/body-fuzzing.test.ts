import { ContentResponseSchema, seededRandom } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../src/db/column.js';
import { createEvent } from '../../src/modules/events/events.service.js';
import { romeInstant } from '../../src/modules/bookings/rome-time.js';
import { createBookableService } from '../factories/bookings.js';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { bearer } from '../factories/users.js';
import { fillPath, requestSchemas, UNTRANSLATED } from './fuzz-support.js';
import { buildWorld, type World } from './world.js';

/**
 * Fuzzing of every JSON body the API takes (issue 9), from the request schemas the contract gives
 * the routes (read back from the OpenAPI document they generate), with a seeded generator so a
 * failure replays the same way: malformed JSON, wrong types, huge strings, unicode, SQL and HTML
 * injection. Never a 5xx; a refused request changes nothing; rich text comes back sanitized.
 */

const SQL = ["' OR 1=1 --", "'; DROP TABLE users; --"];
const HTML = ['<script>alert(1)</script><img src=x onerror=alert(1)>', '"><svg onload=alert(1)>javascript:alert(1)'];
const HUGE = 'A'.repeat(100 * 1024);

function unicodeString(random: () => number): string {
  // Emoji (astral, ZWJ sequence), right-to-left text and overrides, combining marks, control
  // characters other than NUL.
  const pool = ['💊', '👩‍⚕️', 'שלום', 'مرحبا', '\u202e', '\u200f', 'é', 'e\u0301', '\u0007', '\u001b[31m', '\t', '\uFEFF', 'ﷺ', '𝔉'];
  return Array.from({ length: 3 + Math.floor(random() * 8) }, () => pool[Math.floor(random() * pool.length)]).join('');
}

interface BodyShape {
  properties: string[];
}

/** Statuses a refused request may answer; 429 only on the rate-limited account calls. */
const REFUSALS = new Set([400, 401, 403, 404, 409, 413, 415, 422]);

describe(`request body fuzzing (${testEngine})`, () => {
  let t: TestApp;
  let w: World;
  let shapes: Map<string, BodyShape | null>;
  const problems: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    w = await buildWorld(t.app);
    shapes = new Map();
    for (const [key, schema] of await requestSchemas(t.app, ['POST', 'PUT'])) {
      shapes.set(key, schema ? { properties: Object.keys((schema.properties as object | undefined) ?? {}) } : null);
    }
  });
  afterAll(() => t.close());

  /** Routes whose side effect would end the fuzzing session itself, not the body under test. */
  const SKIP = new Set(['POST /api/auth/logout', 'POST /api/auth/refresh']);
  const RATE_LIMITED = /^POST \/api\/auth\/(login|register|recovery|reset)$/;

  /** What a refused request must leave as it was: the caller's data the route could touch, and bob's. */
  async function snapshot(path: string): Promise<string> {
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(w.alice.token) })).body;
    const parts: string[] = [];
    if (path.startsWith('/api/fiscalcode')) parts.push(await get('/api/fiscalcode'));
    else if (path.startsWith('/api/address')) parts.push(await get('/api/address'));
    else if (path.startsWith('/api/cart')) parts.push(await get('/api/cart'));
    else if (path.startsWith('/api/order')) parts.push(await get('/api/order'));
    else if (path.startsWith('/api/reservations')) parts.push(await get('/api/reservations'));
    else if (path.startsWith('/api/profile/notification')) parts.push(await get('/api/profile/notification/email'));
    else parts.push(await get('/api/profile'));
    return parts.join('\n');
  }

  async function send(method: string, path: string, payload: string, label: string) {
    const res = await t.app.inject({
      method: method as 'POST',
      url: fillPath(w, path),
      headers: { ...bearer(w.alice.token), 'content-type': 'application/json' },
      payload,
    });
    const where = `${method} ${path} ${label}`;
    if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    // Type errors are worded by the contract's validation locale: Italian, saying what was expected.
    if (res.statusCode === 422 && UNTRANSLATED.test(res.body)) problems.push(`${where}: untranslated ${res.body.slice(0, 200)}`);
    return res;
  }

  /** The bodies of one route: top-level shapes that are not objects, then each field in turn. */
  function cases(shape: BodyShape | null, random: () => number): Array<{ label: string; body: unknown; mustRefuse: boolean }> {
    const list: Array<{ label: string; body: unknown; mustRefuse: boolean }> = [];
    const withBody = shape !== null;
    for (const [label, body] of [
      ['array body', [1, 2, 3]],
      ['number body', 42],
      ['string body', 'ciao'],
    ] as const) {
      list.push({ label, body, mustRefuse: withBody });
    }
    // JSON null is how some clients send "no body": routes whose body is optional may take it.
    list.push({ label: 'null body', body: null, mustRefuse: false });
    for (const field of shape?.properties ?? ['x']) {
      const wrong: Array<[string, unknown]> = [
        ['number', Math.floor(random() * 1e9) - 5e8],
        ['array', [random(), 'x']],
        ['nested object', { $gt: '', nested: { deep: [null] } }],
        ['boolean or float', random() < 0.5 ? random() * 1e6 : true],
        ['null', null],
        ['100 KB string', HUGE],
        ['unicode', unicodeString(random)],
        ...SQL.map((s, i): [string, unknown] => [`sql ${i}`, s]),
        ...HTML.map((s, i): [string, unknown] => [`html ${i}`, s]),
      ];
      for (const [label, value] of wrong) list.push({ label: `${field}=${label}`, body: { [field]: value }, mustRefuse: false });
      // The field with another one next to it that tries to set what the server decides.
      list.push({ label: `${field} + owner fields`, body: { [field]: SQL[1], user_id: w.bob.user.id, id: 1, shop_id: w.shopB, role: 'admin' }, mustRefuse: false });
    }
    return list;
  }

  it('never answers a 5xx to any body, refuses what is not an object, and a refusal changes nothing', async () => {
    // The shapes were really read from the contract's schemas (not an empty document).
    expect(shapes.get('POST /api/address')?.properties).toContain('address_1');
    expect(shapes.get('POST /api/cart/prescriptions')?.properties).toContain('nre');
    const random = seededRandom(20261121);
    const usersBefore = Number((await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    let sent = 0;
    for (const [routeKey, shape] of shapes) {
      if (SKIP.has(routeKey)) continue;
      const [method = 'POST', path = ''] = routeKey.split(' ');
      const allowed = RATE_LIMITED.test(routeKey) ? new Set([...REFUSALS, 429]) : REFUSALS;

      const before = await snapshot(path);
      const malformed = await send(method, path, '{"note": "aperta', 'malformed JSON');
      sent += 1;
      // Malformed JSON is a 400, unless the token check (401/403) or a rate limit answers first.
      if (![400, 401, 403, 429].includes(malformed.statusCode) || !allowed.has(malformed.statusCode)) {
        problems.push(`${routeKey} malformed JSON: ${malformed.statusCode}`);
      }
      if ((await snapshot(path)) !== before) problems.push(`${routeKey} malformed JSON changed data`);

      // The state before each case: re-read only after an accepted one (a refusal leaves it as it was).
      let baseline: string | undefined = before;
      // A route the caller's role may not use (the back office, for this customer) answers 403 before
      // reading the body — the authorization matrix proves it route by route — so field-by-field
      // bodies would only repeat that 403: the non-object bodies are enough there.
      const all = cases(shape, random);
      for (const c of malformed.statusCode === 403 ? all.slice(0, 4) : all) {
        baseline ??= await snapshot(path);
        const res = await send(method, path, JSON.stringify(c.body), c.label);
        sent += 1;
        const refused = res.statusCode >= 400;
        if (!refused || res.statusCode >= 500) {
          baseline = undefined;
          if (res.body.includes(HUGE)) problems.push(`${routeKey} ${c.label}: stored a 100 KB string`);
          if (c.mustRefuse) problems.push(`${routeKey} ${c.label}: accepted (${res.statusCode})`);
          continue;
        }
        if (!allowed.has(res.statusCode)) problems.push(`${routeKey} ${c.label}: unexpected ${res.statusCode}`);
        const after = await snapshot(path);
        if (after !== baseline) problems.push(`${routeKey} ${c.label}: refused (${res.statusCode}) but data changed`);
        baseline = after;
      }
    }
    expect(sent).toBeGreaterThan(500);
    // No account appeared or went, the tables are all still there, bob's account is untouched.
    const users = await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(usersBefore);
    const bob = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(w.bob.token) });
    expect(bob.statusCode).toBe(200);
    expect(bob.json().data.name).toBe('Bruno Curioso');
    expect(problems).toEqual([]);
  }, 180_000);

  it('answers rich text (content pages, service and event descriptions) sanitized, whatever was stored', async () => {
    const evil =
      '<p>Orari</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
      '<iframe src="https://evil.example"></iframe><p style="background:url(javascript:alert(4))" onclick="alert(5)">y</p>';
    const forbidden = [/<script/i, /onerror/i, /onclick/i, /javascript:/i, /<iframe/i];
    await t.app.db.insertInto('contents').values({ shop_id: w.shopA, key: 'faq', value: evil, updated_at: nowIso() }).execute();
    const content = await t.app.inject({ method: 'GET', url: `/api/content/faq?shop_id=${w.shopA}` });
    expect(content.statusCode).toBe(200);
    const html = JSON.stringify(ContentResponseSchema.parse(content.json()));
    expect(html).toContain('Orari');
    for (const f of forbidden) expect(html).not.toMatch(f);

    const { serviceId } = await createBookableService(t.app, { shopId: w.shopA, description: evil });
    const service = await t.app.inject({ method: 'GET', url: `/api/services/${serviceId}` });
    expect(service.statusCode).toBe(200);
    expect(service.body).toContain('Orari');
    for (const f of forbidden) expect(service.body).not.toMatch(f);

    const eventId = await createEvent(t.app.db, {
      shopId: w.shopA,
      name: 'Giornata <b>della</b> pelle',
      description: evil,
      serviceIds: [serviceId],
      windows: [{ start: new Date(romeInstant('2027-02-20', '09:00')), end: new Date(romeInstant('2027-02-20', '12:00')) }],
    });
    const event = await t.app.inject({ method: 'GET', url: `/api/event/findOne/${eventId}` });
    expect(event.statusCode).toBe(200);
    expect(event.body).toContain('Orari');
    for (const f of forbidden) expect(event.body).not.toMatch(f);
  });

  it('keeps customer notes as plain text: a script in a note comes back as the same characters, never as markup the server made', async () => {
    const note = '<script>alert(1)</script> & <b>grassetto</b>';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/product_requests',
      headers: bearer(w.bob.token),
      payload: { type: 'galenica', note },
    });
    expect(res.statusCode).toBe(201);
    // JSON carries it as data; the app renders notes as text (decision 0146 covers shop HTML only).
    expect(res.json().data.note).toBe(note);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
