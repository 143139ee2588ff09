import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from './build-test-app.js';
import { ensureShop, randomFiscalCode, randomPhone, TEST_PASSWORD, uniqueEmail } from './factories/users.js';

const signup = () => ({
  name: 'Prova Proxy',
  email: uniqueEmail('proxy'),
  password: TEST_PASSWORD,
  password_confirmation: TEST_PASSWORD,
  codice_fiscale: randomFiscalCode(),
  phone_number: randomPhone(),
  privacy: true,
});

/** Per-IP abuse limits hold only if a client cannot choose its own address. */
describe(`client address behind (or without) a proxy (${testEngine})`, () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const registerFrom = async (app: TestApp, forwardedFor: string) =>
    (
      await app.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: signup(),
        remoteAddress: '10.9.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      })
    ).statusCode;

  it('ignores X-Forwarded-For by default: a rotated header does not reset the sign-up limit', async () => {
    t = await buildTestApp({ registerLimitPerHour: 2 });
    await ensureShop(t.app);
    expect(await registerFrom(t, '198.51.100.1')).toBe(201);
    expect(await registerFrom(t, '198.51.100.2')).toBe(201);
    expect(await registerFrom(t, '198.51.100.3')).toBe(429);
  });

  it('counts the forwarded address when the proxy is trusted (TRUST_PROXY)', async () => {
    t = await buildTestApp({ registerLimitPerHour: 2, trustProxy: true });
    await ensureShop(t.app);
    expect(await registerFrom(t, '198.51.100.1')).toBe(201);
    expect(await registerFrom(t, '198.51.100.1')).toBe(201);
    expect(await registerFrom(t, '198.51.100.1')).toBe(429);
    expect(await registerFrom(t, '198.51.100.2')).toBe(201);
  });
});
