import { ChatQuerySchema, ChatResponseSchema, messages } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import type { LimitRule } from '../../plugins/rate-limit.js';
import { createProductSearch } from '../../search/create-product-search.js';
import { resolveShopId } from '../shops/index.js';
import { answer, failureReply } from './chatbot.service.js';
import { shopFacts } from './knowledge.js';
import { askLlm } from './llm.js';

/** Per client address: a person chatting never gets near it; a script hammering the catalogue does. */
export const CHATBOT_LIMIT: LimitRule = { bucket: 'chatbot-ip', max: 30, windowMs: 60_000 };

/**
 * `GET /api/chatbot?message=` (spec §7): the virtual assistant. Public (a logged-in customer may
 * send the bearer token to ask about their orders, bookings and card); answers `{ data: ChatReply[] }`.
 */
export async function chatbotRoutes(app: FastifyInstance): Promise<void> {
  const search = createProductSearch(app.engine, app.config.databaseUrl, app.db);
  app.addHook('onClose', () => search.close());

  app.withTypeProvider<ZodTypeProvider>().get(
    '/chatbot',
    {
      config: { openapi: { errors: ['NOT_FOUND', 'RATE_LIMITED'] } },
      preHandler: app.authenticateOptional,
      schema: { tags: ['chat'], querystring: ChatQuerySchema, response: { 200: ChatResponseSchema } },
    },
    async (request) => {
      await app.rateLimiter.consume(CHATBOT_LIMIT, [request.ip]);
      const user = currentUser(request);
      const facts = await shopFacts(app, await resolveShopId(app, user, undefined));
      if (!facts.enabled) throw notFound(messages.chat.disabled);
      const ctx = { services: app, facts, search, user: user ? { id: user.id, shopId: user.shopId } : null, now: app.clock.now() };
      const replies = await answer(ctx, request.query.message);
      if (replies) return { data: replies };
      const llm = app.config.chatbotLlm ? await askLlm(app.config.chatbotLlm, facts, request.query.message) : undefined;
      return { data: [llm ?? failureReply()] };
    },
  );
}
