import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../modules/audit/index.js';
import { actorContext, auditedByService } from './request-context.js';

const MUTATION = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ADMIN = '/api/admin/';

/**
 * The safety net of "every admin action is in the audit log": a successful mutation under
 * /api/admin/ whose handler did not call {@link audit} (the orders module's moves, say) is recorded
 * here with the answer it gave as `after`. Entity and action come from the path
 * (`/api/admin/orders/12/ship` → order 12, 'ship').
 */
export function registerAuditTrail(app: FastifyInstance): void {
  const auditAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (auditedByService(request) || reply.statusCode >= 400 || !request.user) return payload;
    const url = request.url.split('?')[0] ?? '';
    const parts = url.slice(ADMIN.length).split('/').filter(Boolean);
    const [collection = 'admin', id, ...rest] = parts;
    const isId = id !== undefined && /^\d+$/.test(id);
    let after: unknown = null;
    if (typeof payload === 'string' && payload.length > 0 && payload.length < 200_000) {
      try {
        const body = JSON.parse(payload) as { data?: unknown };
        after = body && typeof body === 'object' && 'data' in body ? body.data : body;
      } catch {
        after = null;
      }
    }
    try {
      await audit(app.db, actorContext(request), {
        action: rest.length > 0 ? rest.join('/') : request.method.toLowerCase(),
        entity: collection.replace(/s$/, ''),
        entityId: isId ? id : null,
        after,
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit trail write failed');
    }
    return payload;
  };
  // Every answer passes here: all but an admin mutation leave at once, without the promise and the
  // microtask an async hook costs each time (decision 0597; the customers' writes too, issue 22: the
  // cart set is the busiest). A URL starting with the prefix has a path that does, whatever its query.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!MUTATION.has(request.method) || !request.url.startsWith(ADMIN)) return done(null, payload);
    auditAnswer(request, reply, payload).then((after) => done(null, after), done);
  });
}
