import { type ApiErrorBody, ErrorCode, messages, requestErrorMessages } from '@farmacia/contract';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/availability.js';
import { AppError, STATUS_BY_CODE, validationFailed } from '../errors.js';
import { API_SECURITY_HEADERS } from './security-headers.js';

/** Seconds a client (or proxy) should wait before retrying while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Fastify's own error codes that are the client's fault, with the status and Italian text to answer. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCode.PAYLOAD_TOO_LARGE, message: requestErrorMessages.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ErrorCode.UNSUPPORTED_MEDIA, message: requestErrorMessages.unsupportedMedia },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.BAD_REQUEST, message: requestErrorMessages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.BAD_REQUEST, message: requestErrorMessages.emptyBody },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ErrorCode.BAD_REQUEST, message: requestErrorMessages.invalidContentLength },
};

function fieldOf(path: ReadonlyArray<PropertyKey>, fallback: string): string {
  const parts = path.filter((p) => typeof p === 'string' || typeof p === 'number').map(String);
  return parts.length > 0 ? parts.join('.') : fallback;
}

/** A schema's issues as the messages by field (the last one of a field is the one shown). */
function schemaErrors(validation: ReadonlyArray<{ params: unknown; instancePath: string; message?: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const v of validation) {
    const issue = (v.params as { issue?: { path: PropertyKey[]; message: string } }).issue;
    const field = fieldOf(issue?.path ?? [], v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body');
    errors[field] = [...(errors[field] ?? []), issue?.message ?? v.message ?? messages.validation.invalid];
  }
  return errors;
}

/**
 * The one place that turns errors into responses (ApiErrorBody). Validation failures answer 422
 * keyed by field; client mistakes keep their 4xx; anything else is logged and answers a generic 500
 * with the request id, never internals.
 */
export function registerErrorHandler(app: FastifyInstance, allowedMethods: (url: string) => string[]): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: Omit<ApiErrorBody, 'requestId'>) =>
      reply.status(status).send({ ...body, requestId: request.id });

    // A schema's refusal is the services' 422 (`validationFailed`: the messages by field, the first as the message).
    const failure = hasZodFastifySchemaValidationErrors(error) ? validationFailed(schemaErrors(error.validation)) : error;
    if (failure instanceof AppError) {
      const status = STATUS_BY_CODE[failure.kind];
      if (status >= 500) request.log.error({ err: failure }, 'service error');
      return send(status, {
        code: failure.code,
        message: failure.message,
        ...(failure.options.errors ? { errors: failure.options.errors } : {}),
      });
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(STATUS_BY_CODE[known.code], { code: known.code, message: known.message });

    if (error.statusCode === 429) {
      return send(429, { code: ErrorCode.RATE_LIMITED, message: requestErrorMessages.tooManyRequests });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, { code: ErrorCode.BAD_REQUEST, message: requestErrorMessages.badRequest });
    }

    // The database is down or restarting: not a bug, and not for ever (docs/ops.md, decision 0321).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return send(503, { code: ErrorCode.UNAVAILABLE, message: requestErrorMessages.unavailable });
    }

    request.log.error({ err: error }, 'unexpected error');
    return send(500, { code: ErrorCode.INTERNAL, message: requestErrorMessages.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    const allow = allowedMethods(request.url);
    if (allow.length > 0) {
      reply.header('allow', allow.join(', ')).status(405).send({
        code: ErrorCode.METHOD_NOT_ALLOWED,
        message: requestErrorMessages.methodNotAllowed,
        requestId: request.id,
      } satisfies ApiErrorBody);
      return;
    }
    reply.status(404).send({
      code: ErrorCode.NOT_FOUND,
      message: requestErrorMessages.notFound,
      requestId: request.id,
    } satisfies ApiErrorBody);
  });
}

/**
 * Refusals the router makes before any route or hook runs (Fastify's `frameworkErrors`): a path
 * that is not valid percent-encoding, a path parameter over the router's length limit. Fastify
 * would answer them in English, echoing the path; they get the app's shape and headers instead.
 */
const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_BAD_URL: { code: ErrorCode.BAD_REQUEST, message: requestErrorMessages.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { code: ErrorCode.URI_TOO_LONG, message: requestErrorMessages.uriTooLong },
};

export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code] ?? { code: ErrorCode.BAD_REQUEST, message: requestErrorMessages.badRequest };
  request.log.info({ code: error.code }, 'request refused by the router');
  reply
    .headers(API_SECURITY_HEADERS)
    .status(STATUS_BY_CODE[known.code])
    .send({ code: known.code, message: known.message, requestId: request.id } satisfies ApiErrorBody);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`):
 * a request line and headers over the size limit (431), a client too slow to send its request
 * (408), bytes that are not HTTP (400). Answered on the raw socket, in the app's shape.
 */
const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: { code: ErrorCode.HEADERS_TOO_LARGE, message: requestErrorMessages.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { code: ErrorCode.REQUEST_TIMEOUT, message: requestErrorMessages.requestTimeout },
};
const REASON: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && CLIENT_ERRORS[error.code]) || { code: ErrorCode.BAD_REQUEST, message: requestErrorMessages.badRequest };
  const status = STATUS_BY_CODE[known.code];
  // No request object exists yet: the id is made here, and logged, so a user's report still finds it.
  const requestId = `client-${randomUUID()}`;
  this.log.info({ code: error.code, requestId }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify({ code: known.code, message: known.message, requestId } satisfies ApiErrorBody);
    const headers = Object.entries({
      ...API_SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${REASON[status] ?? 'Bad Request'}\r\n${headers}\r\n${body}`);
  }
  socket.destroy(error);
}
