import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { serializeRequest } from './auth.js';
import { LOG_REDACT_PATHS, requestChildLogger } from './request-logger.js';

/** A logger configured as the app's (redaction, the request serializer), writing its lines to `lines`. */
function appLogger(lines: string[]) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return pino({ level: 'info', redact: LOG_REDACT_PATHS, serializers: { req: serializeRequest }, timestamp: false }, sink);
}

describe('the per-request logger', () => {
  it("writes every line as pino's own child with the same bindings does, redaction included", () => {
    const ids = ['req-1', 'abc-"quoted"-\\', 'è-ünïcode-✓', 'x\u0001y', 'lone \ud800', 'x'.repeat(150), ''];
    for (const reqId of ids) {
      const theirs: string[] = [];
      const ours: string[] = [];
      for (const [lines, make] of [
        [theirs, (logger: pino.Logger) => logger.child({ reqId }, {})],
        [ours, (logger: pino.Logger) => requestChildLogger(logger, { reqId }, {})],
      ] as const) {
        const logger = appLogger(lines);
        const child = make(logger);
        child.warn({ body: { password: 'secret', note: 'ok' }, token: 'tok', user: { password_hash: 'h' }, req: { method: 'GET', url: '/api/auth/reset/abc?email=a@b.it' } }, 'a line');
        child.error(new Error('boom'));
        child.child({ shop: 7 }).info({ user: { token: 't' } }, 'nested');
      }
      expect(ours.map((line) => line.replace(/"stack":"[^"]*"/, ''))).toEqual(theirs.map((line) => line.replace(/"stack":"[^"]*"/, '')));
      expect(ours[0]).toContain(`"reqId":${JSON.stringify(reqId)}`);
      expect(ours[0]).not.toContain('secret');
    }
  });

  it('leaves to pino a binding that is not a plain string, and to any other logger its own child', () => {
    const lines: string[] = [];
    requestChildLogger(appLogger(lines), { reqId: 42 }, {}).info('n');
    expect(lines[0]).toContain('"reqId":42');
    const made: unknown[] = [];
    const other = {
      child: (bindings: unknown) => {
        made.push(bindings);
        return other;
      },
    } as unknown as Parameters<typeof requestChildLogger>[0];
    expect(requestChildLogger(other, { reqId: 'req-1' }, {})).toBe(other);
    expect(made).toEqual([{ reqId: 'req-1' }]);
  });
});
