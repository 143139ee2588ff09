import { ErrorCode, requestErrorMessages } from '@farmacia/contract';

/**
 * What services throw. They know nothing of HTTP: the error handler turns `code` into a status
 * through STATUS_BY_CODE. Domain codes (e.g. RESERVATION_SLOT_TAKEN) map through `kind`.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly options: {
      kind?: ErrorCode;
      /** Per-field messages, keyed by the wire field name. */
      errors?: Record<string, string[]>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get kind(): ErrorCode {
    return this.options.kind ?? (this.code in STATUS_BY_CODE ? (this.code as ErrorCode) : ErrorCode.BAD_REQUEST);
  }
}

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 422,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Shorthands for the common cases. */
export const notFound = (message: string = requestErrorMessages.notFound) => new AppError(ErrorCode.NOT_FOUND, message);
export const conflict = (code: string, message: string) => new AppError(code, message, { kind: ErrorCode.CONFLICT });
export const forbidden = (message: string = requestErrorMessages.forbidden) => new AppError(ErrorCode.FORBIDDEN, message);
export const unauthenticated = (message: string = requestErrorMessages.authenticationRequired) =>
  new AppError(ErrorCode.UNAUTHENTICATED, message);
export const validationFailed = (errors: Record<string, string[]>, message?: string) =>
  new AppError(ErrorCode.VALIDATION_FAILED, message ?? Object.values(errors)[0]?.at(-1) ?? requestErrorMessages.validationFailed, {
    errors,
  });
