import { ErrorCode, messages, unsafeRequestText } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, validationFailed } from '../errors.js';

/**
 * Text is stored as sent or refused (issue 21). Two holes let it change silently before any
 * schema saw it: Node decodes a body's invalid UTF-8 bytes as U+FFFD, and plain `z.string()`
 * fields take lone surrogates and control characters as they are. Here JSON bodies are decoded
 * strictly (400 on a bad byte), and every string of a body, query string or path is checked (422 on
 * its field); the one-line rule stays with the fields' schemas (contract `requiredText`).
 */

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Replaces `app`'s JSON parser with one that refuses invalid UTF-8 instead of replacing it, and
 * otherwise is Fastify's own (prototype-poisoning checks included). `emptyBodyIsObject`: a
 * bodiless call that still says `application/json` reads as `{}`.
 */
export function strictJsonParser(app: FastifyInstance, options: { emptyBodyIsObject?: boolean } = {}): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = STRICT_UTF8.decode(body as Buffer);
    } catch {
      return done(new AppError(ErrorCode.BAD_REQUEST, messages.validation.invalidEncoding), undefined);
    }
    if (options.emptyBodyIsObject && text.trim() === '') return done(null, {});
    return json(request, text, done);
  });
}

/** Registers the strict JSON parser and the body/query/path check on `app` (before its routes). */
export function registerTextGuard(app: FastifyInstance): void {
  strictJsonParser(app);
  // A callback, not an async hook: it runs on every request, and an async one costs a promise and a
  // turn of the microtask queue each time for a check that never waits (decision 0597).
  app.addHook('preValidation', (request, _reply, done) => {
    const problems = unsafeRequestText(request.query, request.body, request.params);
    done(problems === undefined ? undefined : validationFailed(problems));
  });
}
