import { MAX_UPLOAD_BYTES } from '@farmacia/contract';
import type { FastifyRequest } from 'fastify';
import { declaredUpload, fileTooLarge } from './files.service.js';

/**
 * Body limit of the routes that carry one file in JSON: the largest accepted file, base64-encoded
 * (4/3), once more escaped inside a JSON string (the spec's "file as a JSON string" adds only
 * quotes), plus room for the other fields. Larger bodies answer Fastify's 413.
 */
export const UPLOAD_BODY_LIMIT = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 256 * 1024;

/**
 * preValidation of an upload route: a file over MAX_UPLOAD_BYTES answers 413 with the Italian
 * message naming it, before schema validation would call it a mere invalid field.
 */
export async function rejectOversizeUpload(request: FastifyRequest): Promise<void> {
  const body = request.body as { file?: unknown } | null | undefined;
  const upload = declaredUpload(body?.file);
  if (upload && upload.bytes > MAX_UPLOAD_BYTES) throw fileTooLarge(upload.name);
}

/** The options every upload route shares. */
export const uploadRouteOptions = { bodyLimit: UPLOAD_BODY_LIMIT, preValidation: rejectOversizeUpload } as const;
