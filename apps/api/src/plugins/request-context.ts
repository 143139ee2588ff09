import type { FastifyRequest } from 'fastify';
import type { ActorContext } from '../context.js';
import { requestMeta } from './auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The context of this request's service calls ({@link actorContext}), made on first use. A field
     * of the request, not a WeakMap by request: V8's scavenges keep a WeakMap's values alive whatever
     * their keys, so every context since the last scavenge was copied again (decision 0641).
     */
    actorContext: ActorContext | null;
  }
}

/**
 * The context of a service call made for the authenticated caller of `request`: one per request,
 * so the audit trail's safety net (plugins) sees what the service recorded. Only on routes that
 * authenticate (`request.user` set).
 */
export function actorContext(request: FastifyRequest): ActorContext {
  let ctx = request.actorContext;
  if (!ctx) {
    const app = request.server;
    const meta = requestMeta(request);
    ctx = {
      db: app.db,
      config: app.config,
      engine: app.engine,
      clock: app.clock,
      rateLimiter: app.rateLimiter,
      blobStore: app.blobStore,
      outbox: app.outbox,
      inject: (call) => app.inject(call),
      log: request.log,
      actor: request.user,
      // Written out, not spread: an object spread and then given more properties outlived the
      // scavenges on Node 20 (decision 0638).
      ip: meta.ip,
      userAgent: meta.userAgent,
      audited: false,
    };
    request.actorContext = ctx;
  }
  return ctx;
}

/** Whether a service call of this request recorded its own audit entry. */
export function auditedByService(request: FastifyRequest): boolean {
  return request.actorContext?.audited === true;
}

/** The signed-in customer as the services that act for them take it: who, and in which shop. */
export const customerOf = (user: { id: number; shopId: number }) => ({ id: user.id, shopId: user.shopId });
