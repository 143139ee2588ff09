import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './lazy-request-logger.js';

/** A Fastify server logging at `warn` into memory, with the project's request logger factory. */
async function server() {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: 'warn' }, out);
  const child = vi.spyOn(logger, 'child');
  const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger, requestIdHeader: 'x-request-id' });
  app.get('/quiet', async (request) => {
    request.log.info('below the level');
    return { ok: true };
  });
  app.get('/loud', async (request) => {
    request.log.info('below the level');
    request.log.warn({ code: 7 }, 'first');
    request.log.error('second');
    return { ok: true };
  });
  app.get('/verbose', async (request) => {
    request.log.level = 'info';
    request.log.info('now written');
    return { level: request.log.level };
  });
  await app.ready();
  // Fastify makes one child of its own at start; only the requests' count below.
  child.mockClear();
  return { app, lines, child };
}

describe('lazy request logger (decision 0605)', () => {
  it('builds no child for a request that writes nothing at the level', async () => {
    const { app, lines, child } = await server();
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it('keeps the request id on every line a request writes, once per request', async () => {
    const { app, lines, child } = await server();
    await app.inject({ url: '/loud', headers: { 'x-request-id': 'richiesta-1' } });
    await app.inject({ url: '/loud', headers: { 'x-request-id': 'richiesta-2' } });
    expect(lines.map((l) => [l.reqId, l.msg, l.level])).toEqual([
      ['richiesta-1', 'first', 40],
      ['richiesta-1', 'second', 50],
      ['richiesta-2', 'first', 40],
      ['richiesta-2', 'second', 50],
    ]);
    expect(lines[0]?.code).toBe(7);
    expect(child).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('follows a level set on the request logger', async () => {
    const { app, lines } = await server();
    expect((await app.inject({ url: '/verbose', headers: { 'x-request-id': 'richiesta-3' } })).json()).toEqual({ level: 'info' });
    // Fastify's own line at the end is the request's too, as with pino's child.
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ['richiesta-3', 'now written'],
      ['richiesta-3', 'request completed'],
    ]);
    await app.close();
  });
});
