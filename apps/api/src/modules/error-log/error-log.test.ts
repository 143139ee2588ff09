import { ApiErrorBodySchema, ERROR_LOG_MESSAGE_MAX, messages } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { bearer, createUser } from '../../../test/factories/users.js';
import { LIMITS } from '../../plugins/rate-limit.js';

const t = useTestApp({ outboxWorker: false });

const report = (payload: unknown, remoteAddress = '10.3.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/error-log', payload: payload as Record<string, unknown>, remoteAddress, headers });
const lastLog = () => t.app.db.selectFrom('error_logs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe(`POST /api/error-log (${testEngine})`, () => {
  it('stores an anonymous report with the address and answers 204', async () => {
    const res = await report({ message: 'Login fallito: Network Error' }, '10.3.1.1', { 'user-agent': 'Farmacia/1.1.1' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await lastLog()).toMatchObject({
      message: 'Login fallito: Network Error',
      user_id: null,
      ip: '10.3.1.1',
      user_agent: 'Farmacia/1.1.1',
      context: null,
    });
  });

  it('ties a report to the logged-in user and blanks secrets in its context', async () => {
    const { user, token } = await createUser(t.app);
    const res = await report(
      { message: 'Registrazione fallita', context: { route: '/auth/login', status: 422, password: 'Segreta-1', nested: { token: 'abc' } } },
      '10.3.1.2',
      bearer(token),
    );
    expect(res.statusCode).toBe(204);
    const row = await lastLog();
    expect(row.user_id).toBe(user.id);
    expect(JSON.parse(row.context ?? '{}')).toEqual({
      route: '/auth/login',
      status: 422,
      password: '[redacted]',
      nested: { token: '[redacted]' },
    });
  });

  it('cuts a long message instead of refusing it', async () => {
    expect((await report({ message: 'x'.repeat(5000) }, '10.3.1.3')).statusCode).toBe(204);
    expect((await lastLog()).message).toHaveLength(ERROR_LOG_MESSAGE_MAX);
  });

  it('answers 422 without a message and 413 for a body over 16 KB', async () => {
    const empty = await report({ message: '   ' }, '10.3.1.4');
    expect(empty.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(empty.json()).errors).toEqual({ message: [messages.validation.required] });
    const huge = await report({ message: 'ok', context: { blob: 'y'.repeat(20_000) } }, '10.3.1.4');
    expect(huge.statusCode).toBe(413);
    expect(ApiErrorBodySchema.parse(huge.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('limits reports per address (429)', async () => {
    for (let i = 0; i < LIMITS.errorLogIp.max; i++) expect((await report({ message: `errore ${i}` }, '10.3.2.1')).statusCode).toBe(204);
    const limited = await report({ message: 'ancora' }, '10.3.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await report({ message: 'da un altro indirizzo' }, '10.3.2.2')).statusCode).toBe(204);
  });
});
