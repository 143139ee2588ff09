/**
 * The texts of a request that failed before any feature's own rule could speak: a body the server
 * cannot read, a path it does not have, too many requests, the server down. The API's error
 * handler answers with them, and the apps show the same words for a status whose answer carried
 * no text of its own (a proxy's HTML 502, a body cut short) — before decision 0692 the server and
 * the apps each wrote their own, and said two different things for a 413 and a 429.
 *
 * Not quoted by the spec. A module of its own: the apps' API clients are in their first load.
 */
export const requestErrorMessages = {
  badRequest: 'Richiesta non valida.',
  invalidJson: 'Il corpo della richiesta non è un JSON valido.',
  emptyBody: 'Il corpo della richiesta è vuoto.',
  invalidContentLength: 'Lunghezza della richiesta non valida.',
  badUrl: "L'indirizzo della richiesta non è valido.",
  uriTooLong: "L'indirizzo della richiesta è troppo lungo.",
  headersTooLarge: "L'indirizzo o le intestazioni della richiesta sono troppo lunghi.",
  requestTimeout: 'La richiesta non è arrivata in tempo. Riprova.',
  /** A call that needs a signed-in user came without a valid token. */
  authenticationRequired: 'Autenticazione richiesta.',
  /** What the apps say for a 401 that brought no text: the session they had is over. */
  unauthenticated: 'Sessione scaduta. Accedi di nuovo.',
  forbidden: 'Operazione non consentita.',
  notFound: 'Risorsa non trovata.',
  methodNotAllowed: 'Metodo non consentito per questo indirizzo.',
  payloadTooLarge: 'Il contenuto inviato è troppo grande.',
  unsupportedMedia: 'Formato della richiesta non supportato.',
  /** A body sent compressed (Content-Encoding: gzip…): the server reads bodies only as they are (RFC 9110 §8.4). */
  unsupportedCoding: 'Contenuto compresso non supportato: invia la richiesta senza compressione.',
  validationFailed: 'Dati non validi.',
  tooManyRequests: 'Troppe richieste. Riprova tra qualche istante.',
  internal: 'Si è verificato un errore imprevisto. Riprova più tardi.',
  unavailable: 'Servizio momentaneamente non disponibile. Riprova tra qualche istante.',
  /** The app could not reach the server at all (no answer). */
  offline: 'Connessione non disponibile. Riprova.',
} as const;

const BY_STATUS: Readonly<Record<number, string>> = {
  400: requestErrorMessages.badRequest,
  401: requestErrorMessages.unauthenticated,
  403: requestErrorMessages.forbidden,
  404: requestErrorMessages.notFound,
  405: requestErrorMessages.methodNotAllowed,
  408: requestErrorMessages.requestTimeout,
  413: requestErrorMessages.payloadTooLarge,
  414: requestErrorMessages.uriTooLong,
  415: requestErrorMessages.unsupportedMedia,
  422: requestErrorMessages.validationFailed,
  429: requestErrorMessages.tooManyRequests,
  431: requestErrorMessages.headersTooLarge,
  502: requestErrorMessages.unavailable,
  503: requestErrorMessages.unavailable,
  504: requestErrorMessages.unavailable,
};

/**
 * The text for an error answer that brought none: its status's, else the generic one (a 4xx the
 * server never sends is still the request's fault; any other 5xx is the server's).
 */
export function requestErrorMessageForStatus(status: number): string {
  return BY_STATUS[status] ?? (status >= 400 && status < 500 ? requestErrorMessages.badRequest : requestErrorMessages.internal);
}
