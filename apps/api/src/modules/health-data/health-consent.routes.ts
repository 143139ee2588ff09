import { HealthConsentGiveBodySchema, HealthConsentResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { requestMeta } from '../../plugins/auth.js';
import { giveHealthConsent, healthConsentState, withdrawHealthConsent } from './health-consent.service.js';

const response = { 200: HealthConsentResponseSchema };

/** `GET/PUT/DELETE /api/profile/health-consent`: the consent to process health data (decision 0410). */
export async function healthConsentRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'profile');
  const onRequest = app.authenticate;

  r.get('/profile/health-consent', { onRequest, schema: { tags, security, response } }, async (request) => ({
    data: await healthConsentState(app, request.user.id),
  }));
  r.put('/profile/health-consent', { onRequest, schema: { tags, security, body: HealthConsentGiveBodySchema, response } }, async (request) => ({
    data: await giveHealthConsent(app, request.user.id, requestMeta(request)),
  }));
  r.delete('/profile/health-consent', { onRequest, schema: { tags, security, response } }, async (request) => ({
    data: await withdrawHealthConsent(app, request.user.id),
  }));
}
