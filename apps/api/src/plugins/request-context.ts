import type { FastifyRequest } from 'fastify';
import type { ActorContext } from '../context.js';
import { requestMeta } from './auth.js';

const contexts = new WeakMap<FastifyRequest, ActorContext>();

/**
 * The context of a service call made for the authenticated caller of `request`: one per request,
 * so the audit trail's safety net (plugins) sees what the service recorded. Only on routes that
 * authenticate (`request.user` set).
 */
export function actorContext(request: FastifyRequest): ActorContext {
  let ctx = contexts.get(request);
  if (!ctx) {
    const app = request.server;
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
      ...requestMeta(request),
      audited: false,
    };
    contexts.set(request, ctx);
  }
  return ctx;
}

/** Whether a service call of this request recorded its own audit entry. */
export function auditedByService(request: FastifyRequest): boolean {
  return contexts.get(request)?.audited === true;
}

/** The signed-in customer as the services that act for them take it: who, and in which shop. */
export const customerOf = (user: { id: number; shopId: number }) => ({ id: user.id, shopId: user.shopId });
