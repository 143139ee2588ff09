import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActorContext, ServiceContext } from '../context.js';
import { requestMeta } from './auth.js';

/**
 * The installation's services as a plain context, read through to the app so a test that moves
 * the clock (`app.clock.now = …`) or a plugin registered later is seen by every service.
 */
export function serviceContext(app: FastifyInstance): ServiceContext {
  return {
    get db() {
      return app.db;
    },
    get config() {
      return app.config;
    },
    get engine() {
      return app.engine;
    },
    get log() {
      return app.log;
    },
    get clock() {
      return app.clock;
    },
    get rateLimiter() {
      return app.rateLimiter;
    },
    get blobStore() {
      return app.blobStore;
    },
    get outbox() {
      return app.outbox;
    },
    inject: (request) => app.inject(request),
  };
}

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
    ctx = { ...serviceContext(app), log: request.log, actor: request.user, ...requestMeta(request), audited: false };
    contexts.set(request, ctx);
  }
  return ctx;
}

/** Whether a service call of this request recorded its own audit entry. */
export function auditedByService(request: FastifyRequest): boolean {
  return contexts.get(request)?.audited === true;
}
