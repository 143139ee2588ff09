import { type ApiErrorBody, ErrorCode } from '@farmacia/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/availability.js';
import { AppError, STATUS_BY_CODE } from '../errors.js';

const GENERIC_MESSAGE = 'Si è verificato un errore imprevisto. Riprova più tardi.';
const UNAVAILABLE_MESSAGE = 'Servizio momentaneamente non disponibile. Riprova tra qualche istante.';
/** Seconds a client (or proxy) should wait before retrying while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Fastify's own error codes that are the client's fault, with the status and Italian text to answer. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCode.PAYLOAD_TOO_LARGE, message: 'La richiesta è troppo grande.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ErrorCode.UNSUPPORTED_MEDIA, message: 'Formato della richiesta non supportato.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.BAD_REQUEST, message: 'Il corpo della richiesta non è un JSON valido.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.BAD_REQUEST, message: 'Il corpo della richiesta è vuoto.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ErrorCode.BAD_REQUEST, message: 'Lunghezza della richiesta non valida.' },
};

function fieldOf(path: ReadonlyArray<PropertyKey>, fallback: string): string {
  const parts = path.filter((p) => typeof p === 'string' || typeof p === 'number').map(String);
  return parts.length > 0 ? parts.join('.') : fallback;
}

/**
 * The one place that turns errors into responses (ApiErrorBody). Validation failures answer 422
 * keyed by field; client mistakes keep their 4xx; anything else is logged and answers a generic 500
 * with the request id, never internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: Omit<ApiErrorBody, 'requestId'>) =>
      reply.status(status).send({ ...body, requestId: request.id });

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const issue = (v.params as { issue?: { path: PropertyKey[]; message: string } }).issue;
        const field = fieldOf(issue?.path ?? [], v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body');
        errors[field] = [...(errors[field] ?? []), issue?.message ?? v.message ?? 'Valore non valido.'];
      }
      const first = Object.values(errors)[0]?.at(-1) ?? 'Dati non validi.';
      return send(422, { code: ErrorCode.VALIDATION_FAILED, message: first, errors });
    }

    if (error instanceof AppError) {
      const status = STATUS_BY_CODE[error.kind];
      if (status >= 500) request.log.error({ err: error }, 'service error');
      return send(status, {
        code: error.code,
        message: error.message,
        ...(error.options.errors ? { errors: error.options.errors } : {}),
      });
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(STATUS_BY_CODE[known.code], { code: known.code, message: known.message });

    if (error.statusCode === 429) {
      return send(429, { code: ErrorCode.RATE_LIMITED, message: 'Troppe richieste. Riprova tra poco.' });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, { code: ErrorCode.BAD_REQUEST, message: 'Richiesta non valida.' });
    }

    // The database is down or restarting: not a bug, and not for ever (docs/ops.md, decision 0321).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return send(503, { code: ErrorCode.UNAVAILABLE, message: UNAVAILABLE_MESSAGE });
    }

    request.log.error({ err: error }, 'unexpected error');
    return send(500, { code: ErrorCode.INTERNAL, message: GENERIC_MESSAGE });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      code: ErrorCode.NOT_FOUND,
      message: 'Risorsa non trovata.',
      requestId: request.id,
    } satisfies ApiErrorBody);
  });
}
