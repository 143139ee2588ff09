import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPageHints } from './app-page-hints.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page built per request is compressed here (the built files come precompressed). */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  // The previews are the shop of the visitor's cookie (decision 0544).
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) {
    return reply.header('content-encoding', 'br').send(await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gzipAsync(html));
  return reply.send(html);
}

/**
 * What both built apps serve the same way: one route per built file (`wildcard: false`), no
 * directory index, hashed assets (`/assets/`) cached for a year, anything else revalidated;
 * `noindex` adds the header that keeps a page out of search engines.
 */
function builtFiles(root: string, prefix: string, noindex: boolean) {
  return {
    root,
    prefix,
    wildcard: false,
    index: false,
    setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (noindex) reply.header('x-robots-tag', 'noindex');
    },
  } as const;
}

/**
 * Serves the built web app: hashed assets with a long cache, and index.html (never cached) for
 * every client-side route, so a deep link such as /app/product/012745017 opens the app.
 */
export async function registerStaticApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    ...builtFiles(path.resolve(webDist), '/', false),
    // The build writes .br and .gz next to each text file (apps/web/vite.config.ts, decision 0331).
    preCompressed: true,
  });
  // wildcard: false registers one route per built file (assets, manifest, service worker, icons).
  const pageWithHints = createPageHints(app, webDist);
  const spa = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = await pageWithHints(request);
    if (html !== undefined) return sendHtml(request, reply, html);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  // Browsers and tools that ask for /favicon.ico without reading the page's <link rel="icon">
  // (the back office, a bookmark manager) get the one icon there is instead of a 404.
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  app.get('/', spa as never);
  app.get('/app', spa as never);
  app.get('/app/*', spa as never);
  app.get('/auth/*', spa as never);
}

/**
 * Serves the built back office (apps/backoffice) under /backoffice: its assets, and its
 * index.html for every client-side route. Never cached by a service worker (the customer app's
 * worker skips /backoffice), never indexed.
 */
export async function registerBackofficeApp(app: FastifyInstance, backofficeDist: string): Promise<void> {
  const root = path.resolve(backofficeDist);
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      ...builtFiles(root, '/backoffice/', true),
      // The customer app's registration already decorated reply.sendFile.
      decorateReply: false,
    });
    const html = readFileSync(path.join(root, 'index.html'));
    const spa = (_req: unknown, reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8').send(html);
    scope.get('/backoffice', spa);
    scope.get('/backoffice/*', spa);
  });
}
