import { createHmac } from 'node:crypto';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { hs256 } from './tokens.js';

/**
 * Decision 0589: the access token's HS256 check is node's HMAC, not jose's. It must accept exactly
 * the tokens jose's `jwtVerify` (HS256 only, no tolerance) accepted: jose is the oracle here, on
 * genuine tokens, tampered ones, and tokens signed with our secret but whose header or claims jose refuses.
 */
const SECRET = 'un-segreto-di-prova-lungo-almeno-32-caratteri';
const NOW = 1_800_000_000;
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const hmac = (input: string, secret = SECRET) => createHmac('sha256', secret).update(input).digest('base64url');
/** A compact JWS of exactly these texts, signed as any HS256 signer holding the secret would. */
const signed = (header: string, claims: string, secret = SECRET) => `${b64(header)}.${b64(claims)}.${hmac(`${b64(header)}.${b64(claims)}`, secret)}`;
const ours = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) =>
  signed(JSON.stringify(header), JSON.stringify(claims));
const base = { sub: '7', sid: 3, role: 'customer', shop: 0, jti: 'j', iat: NOW - 60, exp: NOW + 900 };

async function joseAccepts(token: string, now: number): Promise<boolean> {
  try {
    await jwtVerify(token, new TextEncoder().encode(SECRET), { algorithms: ['HS256'], currentDate: new Date(now * 1000) });
    return true;
  } catch {
    return false;
  }
}

const genuine = ours(base);
const [h, p, s] = genuine.split('.') as [string, string, string];
const cases: Record<string, string> = {
  genuine,
  'last second': ours({ ...base, exp: NOW + 1 }),
  expired: ours({ ...base, exp: NOW }),
  'not before, passed': ours({ ...base, nbf: NOW - 1 }),
  'not before, to come': ours({ ...base, nbf: NOW + 1 }),
  'exp not a number': ours({ ...base, exp: String(NOW + 900) }),
  'iat not a number': ours({ ...base, iat: 'ieri' }),
  'another typ': ours(base, { alg: 'HS256', typ: 'altro' }),
  'alg HS512': ours(base, { alg: 'HS512', typ: 'JWT' }),
  'alg none': ours(base, { alg: 'none' }),
  'critical header': ours(base, { alg: 'HS256', crit: ['exp'] }),
  'unencoded payload': ours(base, { alg: 'HS256', b64: false, crit: ['b64'] }),
  'b64 outside crit': ours(base, { alg: 'HS256', b64: false }),
  'claims an array': signed('{"alg":"HS256"}', '[1,2]'),
  'claims not JSON': signed('{"alg":"HS256"}', 'non json'),
  'header not JSON': signed('alg', JSON.stringify(base)),
  'another secret': signed(JSON.stringify({ alg: 'HS256' }), JSON.stringify(base), 'un-altro-segreto-lungo-almeno-32-caratteri!!'),
  'claims changed': `${h}.${b64(JSON.stringify({ ...base, role: 'admin' }))}.${s}`,
  'signature changed': `${h}.${p}.${s[0] === 'A' ? 'B' : 'A'}${s.slice(1)}`,
  'signature cut': `${h}.${p}.${s.slice(0, -1)}`,
  'no signature': `${h}.${p}.`,
  'two parts': `${h}.${p}`,
  'four parts': `${genuine}.${s}`,
  empty: '',
};

describe('HS256 access token check (node HMAC, jose as the oracle)', () => {
  for (const [name, token] of Object.entries(cases)) {
    it(`answers as jose does: ${name}`, async () => {
      expect(hs256.verify(SECRET, token, NOW) !== undefined).toBe(await joseAccepts(token, NOW));
    });
  }

  it('answers the claims of a genuine token', () => {
    expect(hs256.verify(SECRET, genuine, NOW)).toEqual(base);
    expect(hs256.verify(SECRET, ours({ ...base, exp: NOW }), NOW)).toBeUndefined();
  });

  it('refuses a signature written with padding: only the signer’s own text passes', () => {
    expect(hs256.verify(SECRET, `${genuine}=`, NOW)).toBeUndefined();
  });
});
