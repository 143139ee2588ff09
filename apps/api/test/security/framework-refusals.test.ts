import net from 'node:net';
import { ApiErrorBodySchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';

/**
 * What the router and Node's HTTP parser refuse before any route runs. Sent over a real socket:
 * `inject` skips the HTTP parser (431) and does not percent-decode like a server does.
 */
describe(`refusals made before any route runs (${testEngine})`, () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  /** The raw answer to a raw request: status, headers (lower-case) and body. */
  function send(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        data += chunk;
      });
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = data.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      });
    });
  }
  const get = (target: string) => send(`GET ${target} HTTP/1.1\r\nHost: farmacia\r\nConnection: close\r\n\r\n`);
  const post = (target: string, type: string, body: string) =>
    send(
      `POST ${target} HTTP/1.1\r\nHost: farmacia\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );

  function expectAppRefusal(answer: { status: number; headers: Record<string, string>; body: string }, status: number, code: string) {
    expect(answer.status).toBe(status);
    const body = ApiErrorBodySchema.parse(JSON.parse(answer.body));
    expect(body.code).toBe(code);
    expect(body.requestId).toMatch(/\S/);
    expect(body.message).not.toMatch(/\b(the|is|not|invalid|expected|error|request|header|url)\b/i);
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    return body;
  }

  it('a path that is not valid percent-encoding: 400 in Italian, without echoing the path', async () => {
    const body = expectAppRefusal(await get('/api/product/%E0%A4%A-sonda'), 400, 'BAD_REQUEST');
    expect(body.message).not.toContain('sonda');
  });

  it('a path parameter over the router limit: 414 in Italian, without echoing it', async () => {
    const body = expectAppRefusal(await get(`/api/product/${'7'.repeat(150)}`), 414, 'URI_TOO_LONG');
    expect(body.message).not.toContain('777');
  });

  it('a 17 KB address: 431 in Italian with the security headers', async () => {
    expectAppRefusal(await get(`/api/product/search?q=${'a'.repeat(17_000)}`), 431, 'HEADERS_TOO_LARGE');
  });

  it('bytes that are not HTTP: 400 in the app shape', async () => {
    expectAppRefusal(await send('NOT-HTTP\r\n\r\n'), 400, 'BAD_REQUEST');
  });

  it("a path the server has, asked with a method it does not take there: 405 with the methods it takes; a path it lacks stays 404", async () => {
    const ask = (method: string, target: string) => t.app.inject({ method: method as 'GET', url: target });
    const product = await ask('DELETE', '/api/product/012745093?shop_id=1');
    expectAppRefusal({ status: product.statusCode, headers: product.headers as Record<string, string>, body: product.body }, 405, 'METHOD_NOT_ALLOWED');
    expect(product.headers.allow).toBe('GET, HEAD');
    // One path, methods registered with different parameter names (`:serviceId|:id`).
    expect((await ask('PUT', '/api/reservations/7')).headers.allow).toBe('GET, HEAD, POST, DELETE');
    expect((await ask('PATCH', '/api/cart')).statusCode).toBe(405);
    // Paths the server does not have, including under the app's catch-all pages, are not found.
    for (const [method, target] of [['DELETE', '/api/no-such-thing'], ['POST', '/app/orders'], ['DELETE', '/api/product/012745093/nothing']]) {
      const answer = await ask(method as string, target as string);
      expect(answer.statusCode, `${method} ${target}`).toBe(404);
      expect(answer.headers.allow).toBeUndefined();
    }
  });

  it("every path of the OpenAPI document answers each method it does not document with 405 and exactly the documented ones in Allow", async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const methods = ['get', 'post', 'put', 'patch', 'delete'];
    let checked = 0;
    const templates = Object.entries(doc.paths).map(([path, operations]) => ({
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      methods: methods.filter((m) => m in operations),
    }));
    for (const path of Object.keys(doc.paths)) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      // What the document offers at this URL: `/admin/content/preview` is also `/admin/content/{key}`.
      const offered = new Set(templates.filter((template) => template.pattern.test(url)).flatMap((template) => template.methods));
      const documented = [...offered].flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()]));
      for (const method of methods.filter((m) => !offered.has(m))) {
        const answer = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
        expect(answer.statusCode, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow?.toString().split(', ').sort(), `${method} ${path}`).toEqual(documented.sort());
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('an unsupported media type and malformed JSON keep the app shape', async () => {
    expectAppRefusal(await post('/api/auth/login', 'text/xml', '<a/>'), 415, 'UNSUPPORTED_MEDIA');
    expectAppRefusal(await post('/api/auth/login', 'application/json', '{"a":'), 400, 'BAD_REQUEST');
  });
});
