import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/build-test-app.js';
import { bearer, createAdmin, createUser, type CreatedUser } from '../../test/factories/users.js';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { buildApp } from '../app.js';
import { audit } from '../modules/audit/index.js';
import { notFound } from '../errors.js';
import { actorContext } from './request-context.js';

/**
 * The audit trail's safety net (plugins/audit-trail.ts): every admin route the app has records its
 * own entry, so only routes made here — which record nothing themselves — show whether a
 * successful admin mutation still leaves its row, and that the net adds none where it must not
 * (a route that recorded its own, a refused call, a read, a path outside /api/admin/).
 */

let db: TestDatabase;
let app: FastifyInstance;
let admin: CreatedUser;

beforeAll(async () => {
  db = await openTestDatabase({ outboxWorker: false });
  app = await buildApp(db.config, { database: db.database, logger: false });
  const onRequest = app.authenticate;
  // Records nothing itself: what the net is for.
  app.post('/api/admin/test-widgets/:id/poke', { onRequest }, async () => ({ data: { id: 12, colore: 'verde', token: 'segretissimo-1234' } }));
  app.delete('/api/admin/test-widgets/:id', { onRequest }, async () => ({ data: null }));
  app.get('/api/admin/test-widgets/:id', { onRequest }, async () => ({ data: { id: 12 } }));
  app.post('/api/admin/test-widgets/refused', { onRequest }, async () => {
    throw notFound();
  });
  app.post('/api/test-widgets/:id/poke', { onRequest }, async () => ({ data: { id: 12 } }));
  // Records its own entry: the net must not add a second.
  app.post('/api/admin/test-widgets/:id/own', { onRequest }, async (request) => {
    await audit(app.db, actorContext(request), { action: 'own', entity: 'widget', entityId: 12, after: { id: 12 } });
    return { data: { id: 12 } };
  });
  await app.ready();
  admin = await createAdmin(app);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const rowsAfter = async (id: number) =>
  app.db.selectFrom('audit_log').selectAll().where('id', '>', id).orderBy('id').execute();
const lastId = async () =>
  Number((await app.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);

describe(`the audit trail's net for admin mutations (${testEngine})`, () => {
  it('records a successful admin mutation whose route recorded nothing, from its path and its answer', async () => {
    const from = await lastId();
    const res = await app.inject({ method: 'POST', url: '/api/admin/test-widgets/12/poke?x=1', headers: bearer(admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsAfter(from);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: admin.user.id,
      role: 'admin',
      action: 'poke',
      entity: 'test-widget',
      entity_id: '12',
      before: null,
      ip: '127.0.0.1',
    });
    // The answer's data as `after`, its secret-looking fields masked as every audit entry's are.
    expect(JSON.parse(rows[0]?.after ?? 'null')).toEqual({ id: 12, colore: 'verde', token: '••••1234' });
  });

  it('names a mutation without a sub-path by its method', async () => {
    const from = await lastId();
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/test-widgets/7', headers: bearer(admin.token) })).statusCode).toBe(200);
    expect(await rowsAfter(from)).toMatchObject([{ action: 'delete', entity: 'test-widget', entity_id: '7', after: null }]);
  });

  it('adds nothing to a route that recorded its own entry, a refused call, a read or a path outside /api/admin/', async () => {
    const from = await lastId();
    const headers = bearer(admin.token);
    expect((await app.inject({ method: 'POST', url: '/api/admin/test-widgets/12/own', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/admin/test-widgets/refused', headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/admin/test-widgets/12', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/test-widgets/12/poke', headers })).statusCode).toBe(200);
    const customer = await createUser(app);
    expect((await app.inject({ method: 'POST', url: '/api/test-widgets/12/poke', headers: bearer(customer.token) })).statusCode).toBe(200);
    expect(await rowsAfter(from)).toMatchObject([{ action: 'own', entity: 'widget' }]);
  });
});
