import { ProfileResponseSchema, SetUserPrivacyRequestSchema, UpdateProfileRequestSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { requestMeta } from '../../plugins/auth.js';
import * as profile from './profile.service.js';

/** `GET/PUT /api/profile`, `POST /api/setuserprivacy` (spec §7 Profile and privacy). */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'profile');

  r.get(
    '/profile',
    { onRequest: app.authenticate, schema: { tags, security, response: { 200: ProfileResponseSchema } } },
    async (request) => ({ data: await profile.getProfile(app, request.user.id) }),
  );

  r.put(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: { tags, security, body: UpdateProfileRequestSchema, response: { 200: ProfileResponseSchema } },
    },
    async (request) => ({ data: await profile.updateProfile(app, request.user, request.body) }),
  );

  r.post(
    '/setuserprivacy',
    {
      onRequest: app.authenticate,
      schema: { tags, security, body: SetUserPrivacyRequestSchema, response: { 200: ProfileResponseSchema } },
    },
    async (request) => ({ data: await profile.setPrivacy(app, request.user.id, request.body, requestMeta(request)) }),
  );
}
