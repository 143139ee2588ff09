import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiErrorBodySchema, messages, SearchResponseSchema } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { loadConfig } from '../../config.js';
import { SearchLimitedError, SearchLimiter } from './search-limit.js';

/** The search limit per address (issue 9, decision 0172): 429 past it, other addresses unaffected. */

const t = useTestApp({ searchLimitPerMinute: 3 });

const searchFrom = (remoteAddress: string, q = 'tachipirina') =>
  t.app.inject({ url: '/api/product/search', query: { q }, remoteAddress });

describe(`search limit (${testEngine})`, () => {
  it('answers 429 with the Italian text and Retry-After past the limit, per address', async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await searchFrom('10.9.0.1');
      expect(ok.statusCode).toBe(200);
      SearchResponseSchema.parse(ok.json());
    }
    const limited = await searchFrom('10.9.0.1');
    expect(limited.statusCode).toBe(429);
    const body = ApiErrorBodySchema.parse(limited.json());
    expect(body).toMatchObject({ code: 'RATE_LIMITED', message: messages.catalogue.tooManySearches });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    expect((await searchFrom('10.9.0.2')).statusCode).toBe(200);
  });

  it('counts short queries too: they are requests like any other', async () => {
    for (let i = 0; i < 3; i++) expect((await searchFrom('10.9.0.3', 'ta')).statusCode).toBe(200);
    expect((await searchFrom('10.9.0.3', 'ta')).statusCode).toBe(429);
  });
});

describe('SearchLimiter', () => {
  it('opens a new window a minute after the first hit, and 0 means no limit', () => {
    let now = 1_000_000;
    const limiter = new SearchLimiter(2, () => now);
    limiter.consume('a');
    limiter.consume('a');
    expect(() => limiter.consume('a')).toThrow(SearchLimitedError);
    now += 30_000;
    expect(() => limiter.consume('a')).toThrow(/Troppe ricerche/);
    now += 30_000;
    expect(() => limiter.consume('a')).not.toThrow();

    const off = new SearchLimiter(0, () => now);
    for (let i = 0; i < 1000; i++) off.consume('a');
  });

  it('allows a customer typing: 120 searches a minute by default', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'farmacia-search-limit-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).searchLimitPerMinute).toBe(120);
      expect(loadConfig({ DATA_DIR: dataDir, SEARCH_LIMIT_PER_MINUTE: '0' }).searchLimitPerMinute).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
