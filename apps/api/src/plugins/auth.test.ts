import { describe, expect, it } from 'vitest';
import { bearerToken, redactUrl, serializeRequest } from './auth.js';

describe('what reaches the logs', () => {
  it('masks the reset token in the path and secret or personal query values', () => {
    expect(redactUrl('/auth/reset/Zx9_abc-DEF?email=maria%40example.it')).toBe('/auth/reset/[redacted]?email=[redacted]');
    expect(redactUrl('/api/product/search?q=tachipirina&rpp=10&p=1')).toBe('/api/product/search?q=[redacted]&rpp=10&p=1');
    expect(redactUrl('/app/home?ref=ABCDEF2345')).toBe('/app/home?ref=[redacted]');
    expect(redactUrl('/api/option/shop_name?shop_id=2')).toBe('/api/option/shop_name?shop_id=2');
    expect(redactUrl('/api/')).toBe('/api/');
  });

  it('serializes a request without headers and with the masked URL', () => {
    const logged = serializeRequest({
      method: 'GET',
      url: '/auth/reset/segreto?email=a%40b.it',
      hostname: 'localhost',
      ip: '10.0.0.1',
      socket: { remotePort: 5000 },
    });
    expect(logged).toEqual({ method: 'GET', url: '/auth/reset/[redacted]?email=[redacted]', host: 'localhost', remoteAddress: '10.0.0.1', remotePort: 5000 });
    expect(JSON.stringify(logged)).not.toContain('segreto');
  });

  it('reads only a well-formed bearer header', () => {
    const req = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as never;
    expect(bearerToken(req('Bearer abc.def.ghi'))).toBe('abc.def.ghi');
    expect(bearerToken(req('bearer abc'))).toBe('abc');
    expect(bearerToken(req('Bearer'))).toBeUndefined();
    expect(bearerToken(req('Basic abc'))).toBeUndefined();
    expect(bearerToken(req('Bearer a b'))).toBeUndefined();
    expect(bearerToken(req())).toBeUndefined();
  });
});
