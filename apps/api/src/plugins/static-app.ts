import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets with a long cache, and index.html (never cached) for
 * every client-side route, so a deep link such as /app/product/012745017 opens the app.
 */
export async function registerStaticApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.resolve(webDist),
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // wildcard: false registers one route per built file (assets, manifest, service worker, icons).
  const spa = (_req: unknown, reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown }) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/', spa as never);
  app.get('/app', spa as never);
  app.get('/app/*', spa as never);
  app.get('/auth/*', spa as never);
}
