import { requestErrorMessages } from '@farmacia/contract';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, fileObjectUrl, setSessionExpiredHandler } from './api';
import { clearSession, currentStaff, getToken, setSession } from './session';

const pharmacist = { id: 7, name: 'Giulia Neri', email: 'giulia@example.it', role: 'pharmacist' as const, shop_id: 3 };

function answer(status: number, body: unknown) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(text || null, { status }));
}

describe('the back office API client', () => {
  let expired: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    expired = vi.fn<() => void>();
    setSessionExpiredHandler(expired);
    setSession('tok-1', pharmacist);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('sends JSON with the bearer token under /api and returns the parsed answer', async () => {
    const fetch = answer(200, { data: { id: 4 } });
    vi.stubGlobal('fetch', fetch);
    const schema = z.object({ data: z.object({ id: z.number() }) });
    await expect(api('POST', '/admin/vouchers', schema, { code: 'ESTATE' })).resolves.toEqual({ data: { id: 4 } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/vouchers');
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"code":"ESTATE"}',
      headers: { accept: 'application/json', authorization: 'Bearer tok-1', 'content-type': 'application/json' },
    });
  });

  it('sends no body, content type nor token when there are none; an empty answer is null', async () => {
    const fetch = answer(204, undefined);
    vi.stubGlobal('fetch', fetch);
    await expect(api('DELETE', '/admin/x', null, undefined, null)).resolves.toBeNull();
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({ accept: 'application/json' });
  });

  it('refuses an answer that does not match the schema', async () => {
    vi.stubGlobal('fetch', answer(200, { data: { id: 'quattro' } }));
    await expect(api('GET', '/admin/x', z.object({ data: z.object({ id: z.number() }) }))).rejects.toThrow();
  });

  it("turns a 422 into the server's Italian message and its field messages, the last one shown", async () => {
    vi.stubGlobal(
      'fetch',
      answer(422, { message: 'Dati non validi.', code: 'VALIDATION_FAILED', errors: { code: ['Troppo corto.', 'Codice già usato.'] } }),
    );
    const error = await api('POST', '/admin/vouchers', null, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Dati non validi.', code: 'VALIDATION_FAILED' });
    expect((error as ApiError).field('code')).toBe('Codice già usato.');
    expect((error as ApiError).field('name')).toBeUndefined();
    expect(getToken()).toBe('tok-1');
    expect(expired).not.toHaveBeenCalled();
  });

  it("answers the contract's Italian text for the status when the error body is not JSON (a proxy's page)", async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>'));
    await expect(api('GET', '/admin/x', null)).rejects.toMatchObject({ status: 502, message: requestErrorMessages.unavailable, code: undefined, errors: {} });
    vi.stubGlobal('fetch', answer(413, ''));
    await expect(api('POST', '/admin/x', null, {})).rejects.toMatchObject({ status: 413, message: requestErrorMessages.payloadTooLarge });
  });

  it('ends the session on a 401 of an authenticated call', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Sessione scaduta.' }));
    await expect(api('GET', '/admin/orders', null)).rejects.toMatchObject({ status: 401, message: 'Sessione scaduta.' });
    expect(getToken()).toBeNull();
    expect(currentStaff()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on a 401 of a call without a token (a wrong password at the login)', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Credenziali non valide.' }));
    await expect(api('POST', '/admin/login', null, {}, null)).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('tok-1');
    expect(expired).not.toHaveBeenCalled();
  });

  it('says the connection is down when the request cannot leave', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api('GET', '/admin/x', null)).rejects.toMatchObject({
      status: 0,
      code: 'OFFLINE',
      message: requestErrorMessages.offline,
    });
  });

  it('fetches a private file with the token, and ends the session when refused with 401', async () => {
    const fetch = vi.fn(async () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    vi.stubGlobal('fetch', fetch);
    const created = vi.fn(() => 'blob:1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created }));
    await expect(fileObjectUrl('/api/files/9')).resolves.toEqual({ href: 'blob:1', type: 'application/pdf' });
    expect(fetch).toHaveBeenCalledWith('/api/files/9', { headers: { authorization: 'Bearer tok-1' } });

    vi.stubGlobal('fetch', answer(401, undefined));
    await expect(fileObjectUrl('/api/files/9')).rejects.toMatchObject({ status: 401, message: 'File non disponibile.' });
    expect(getToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });
});
