import type { Role } from '@farmacia/contract';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { OutboxWorker } from './notify/outbox.js';
import type { RateLimiter } from './plugins/rate-limit.js';
import type { BlobStore } from './storage/blob-store.js';

/** What services ask the time of: tests move it (decision 0281). */
export interface Clock {
  now(): Date;
}

/** The log calls services make (pino's, narrowed: a service never needs more). */
export interface Logger {
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * Everything a service needs from the running installation, as plain values: no web framework.
 * Routes pass the app itself (it fits) or `actorContext(request)` (`plugins/request-context.ts`); a domain test builds it
 * from a database and a config (`test/service-context.ts`), and a CLI or worker from its own.
 */
export interface ServiceContext {
  readonly db: Db;
  readonly config: Config;
  readonly engine: Config['engine'];
  readonly log: Logger;
  readonly clock: Clock;
  readonly rateLimiter: RateLimiter;
  readonly blobStore: BlobStore;
  /** The notification outbox: channels register their senders on it; services enqueue through `notify/`. */
  readonly outbox: OutboxWorker;
  /**
   * A request to this same server without the network (the payment sandboxes' pages and their
   * notifications to us): works behind any proxy and in tests that do not listen.
   */
  readonly inject: LoopbackHttp;
}

export type LoopbackHttp = (request: {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}) => Promise<{ statusCode: number; headers: Record<string, string | string[] | number | undefined>; body: string }>;

/** The authenticated caller. */
export interface Actor {
  id: number;
  shopId: number;
  role: Role;
  sessionId: number;
}

/** A service call made on behalf of a signed-in caller (a pharmacist's action, a customer's request). */
export interface ActorContext extends ServiceContext {
  readonly actor: Actor;
  /** The caller's address, kept with the audit trail. */
  readonly ip: string | null;
  /** The caller's browser, kept with a session or a consent (first 300 characters). */
  readonly userAgent: string | null;
  /**
   * Set by `audit()` when the service recorded its own, richer entry; the HTTP layer's safety net
   * (every admin mutation is in the trail) then records none.
   */
  audited: boolean;
}
