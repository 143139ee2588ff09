import type { Role } from '@farmacia/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../errors.js';
import {
  type AccessClaims,
  type AuthContext,
  authenticateClaims,
  authenticateToken,
  authenticateTokenReading,
  callerOfSession,
  type SessionWithUser,
  sessionAdmits,
  verifiedClaims,
} from '../modules/auth/index.js';
import { pruneExpiredSessions } from '../modules/auth/index.js';
import { RateLimitedError, RateLimiter } from './rate-limit.js';

export type { AuthContext } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 UNAUTHENTICATED without a valid bearer token of a live session; sets `request.user`. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: sets `request.user` when a valid token is present, carries on anonymously otherwise. */
    authenticateOptional: preHandlerHookHandler;
    /**
     * preHandler factory: {@link FastifyInstance.authenticate} whose session read is `readSession`'s statement,
     * which reads the route's own rows with it (decision 0629); `keep` gets that row once the caller passed.
     */
    authenticateReading<R extends SessionWithUser>(
      readSession: (db: FastifyInstance['db'], sessionId: number) => Promise<R | undefined>,
      keep: (request: FastifyRequest, session: R) => void,
    ): preHandlerAsyncHookHandler;
    /** For a route whose handler reads its session in a write of its own (decision 0683): {@link TokenFirst}. */
    tokenFirst: TokenFirst;
    /** preHandler factory: authenticates, then 403 unless the role is one of `roles` (admin always passes). */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
    rateLimiter: RateLimiter;
  }
  interface FastifyRequest {
    /** The caller; set by `app.authenticate` (always) or `app.authenticateOptional` (when logged in). */
    user: AuthContext;
    /** The claims of a token {@link TokenFirst}'s `onRequest` verified, while its session is not checked yet (then null). */
    tokenClaims: AccessClaims | null;
  }
}

/**
 * Authentication for a route whose handler reads its session in the statement that writes, the write
 * guarded by the session's rules in SQL (decision 0683: PostgreSQL's cart set, one round trip and one
 * commit). Every answer is `authenticate`'s: without a valid token 401 first; a dead session 401
 * whatever the body, also when the body or its validation fails.
 */
export interface TokenFirst {
  /** onRequest: 401 without a valid token (the signature and the claims; no statement), the claims kept on the request. */
  onRequest: preHandlerAsyncHookHandler;
  /** The route's error handler: an error raised before the session was checked (the body, its validation) waits for the check (401 when it fails). */
  errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The session row the handler's statement read (undefined: none) checked at `nowMs`, with the rules its SQL applied: `request.user` set, or 401. */
  pass(request: FastifyRequest, session: SessionWithUser | undefined, nowMs: number): AuthContext;
}

/** The caller as routes see it on `request.user`. */
function setCaller(request: FastifyRequest, caller: AuthContext): AuthContext {
  request.user = { id: caller.id, shopId: caller.shopId, role: caller.role, sessionId: caller.sessionId };
  return request.user;
}

/** The caller on a route with optional authentication, or null when anonymous. */
export function currentUser(request: FastifyRequest): AuthContext | null {
  return (request.user as AuthContext | null) ?? null;
}

/** Request facts kept with a session or a consent (never the token). */
export function requestMeta(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

const HOUR_MS = 60 * 60_000;

/**
 * A URL as it may appear in a log: the password-reset token of `/auth/reset/<token>` and the
 * values of query parameters that carry secrets or personal data are masked.
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(/(\/auth\/reset\/)[^/]+/i, '$1[redacted]');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [key = ''] = pair.split('=', 1);
      return /^(email|token|password|code|ref|q|message)$/i.test(decodeURIComponent(key)) ? `${key}=[redacted]` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Pino serializer for requests: Fastify's usual fields with the URL passed through {@link redactUrl}. */
export function serializeRequest(request: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Authentication and roles for every module (ARCHITECTURE §4): bearer JWT checked against its
 * session on every request, roles customer / pharmacist / admin, the shared rate limiter,
 * Retry-After on 429, and an hourly clean-up of expired sessions, reset tokens and counters.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null as unknown as AuthContext);
    // request-context.ts's, declared with the request's other fields so every request has one shape.
    app.decorateRequest('actorContext', null);
    app.decorate('rateLimiter', new RateLimiter(app.db));

    /** `authenticate`'s rules, with `find` reading the token's session (and whatever a route reads with it). */
    const authenticating =
      <R>(find: (token: string) => Promise<{ caller: AuthContext; session: R } | undefined>, keep?: (request: FastifyRequest, session: R) => void): preHandlerAsyncHookHandler =>
      async (request: FastifyRequest, _reply: FastifyReply) => {
        if (currentUser(request)) return;
        const token = bearerToken(request);
        const found = token ? await find(token) : undefined;
        if (!found) throw unauthenticated();
        setCaller(request, found.caller);
        keep?.(request, found.session);
      };
    const authenticate = authenticating((token) => authenticateTokenReading(app, token));
    const authenticateReading = <R extends SessionWithUser>(
      readSession: (db: FastifyInstance['db'], sessionId: number) => Promise<R | undefined>,
      keep: (request: FastifyRequest, session: R) => void,
    ): preHandlerAsyncHookHandler => authenticating((token) => authenticateTokenReading(app, token, (sessionId) => readSession(app.db, sessionId)), keep);

    // A callback, not an async hook: most public calls carry no token, and an async hook costs them a
    // promise and a turn of the microtask queue for nothing (decision 0597; the search, issue 18).
    const authenticateOptional: preHandlerHookHandler = (request, _reply, done) => {
      const token = currentUser(request) ? undefined : bearerToken(request);
      if (!token) return done();
      // A stale token on a public call is treated as anonymous rather than refused.
      authenticateToken(app, token).then((caller) => {
        if (caller) request.user = { id: caller.id, shopId: caller.shopId, role: caller.role, sessionId: caller.sessionId };
        done();
      }, done);
    };

    app.decorateRequest('tokenClaims', null);
    const tokenFirst: TokenFirst = {
      onRequest: async (request) => {
        if (currentUser(request)) return;
        const token = bearerToken(request);
        const claims = token ? await verifiedClaims(app, token) : undefined;
        if (!claims) throw unauthenticated();
        request.tokenClaims = claims;
      },
      errorHandler: async (error, request) => {
        const claims = request.tokenClaims;
        if (claims !== null) {
          // The session is not checked yet: a dead one answers 401, whatever else went wrong.
          request.tokenClaims = null;
          const found = await authenticateClaims(app, claims);
          if (!found) throw unauthenticated();
          setCaller(request, found.caller);
        }
        // Thrown on: the app's error handler answers it, as for any route.
        throw error;
      },
      pass(request, session, nowMs) {
        const claims = request.tokenClaims as AccessClaims;
        request.tokenClaims = null;
        if (!sessionAdmits(session, claims, nowMs)) throw unauthenticated();
        return setCaller(request, callerOfSession(session));
      },
    };
    app.decorate('tokenFirst', tokenFirst);
    app.decorate('authenticate', authenticate);
    app.decorate('authenticateOptional', authenticateOptional);
    app.decorate('authenticateReading', authenticateReading);
    app.decorate('requireRole', (...roles: Role[]): preHandlerAsyncHookHandler => {
      return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        await authenticate.call(this, request, reply);
        const role = request.user.role;
        if (role !== 'admin' && !roles.includes(role)) throw forbidden();
      };
    });

    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    });

    const prune = async () => {
      try {
        await pruneExpiredSessions(app.db, new Date().toISOString());
        await app.rateLimiter.prune();
      } catch (error) {
        app.log.warn({ err: error }, 'housekeeping failed');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (app.config.outboxWorker) timer = setInterval(prune, HOUR_MS).unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'auth' },
);
