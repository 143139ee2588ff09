import { ErrorCode, requestErrorMessages } from '@farmacia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler } from 'fastify';
import { AppError } from '../errors.js';

type Payload = Parameters<preParsingHookHandler>[2];

/**
 * A request body in a content coding (`Content-Encoding: gzip`, `br`…) is refused with 415 and
 * `Accept-Encoding: identity` (RFC 9110 §8.4 and §15.5.16): the server reads bodies only as they
 * are. Before (decision 0692) a compressed JSON body got the 400 of a malformed one, and a
 * compressed catalogue file reached the importer as bytes it could not read. Added to each route
 * that takes a body, so the reads (most requests) run no extra hook. Call before any route.
 */
export function refuseCodedBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preParsing = [refuseCodedBody, ...[route.preParsing ?? []].flat()];
  });
}

function refuseCodedBody(request: FastifyRequest, reply: FastifyReply, payload: Payload, done: (error: Error | null, payload?: Payload) => void): void {
  const coding = request.headers['content-encoding'];
  if (coding === undefined || !hasBody(request) || /^\s*identity\s*$/i.test(coding)) {
    done(null, payload);
    return;
  }
  reply.header('accept-encoding', 'identity');
  done(new AppError(ErrorCode.UNSUPPORTED_MEDIA, requestErrorMessages.unsupportedCoding));
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
