import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderSet = Readonly<Record<string, string>>;

/**
 * What Helmet's middleware sets with these options, worked out once. Helmet's Fastify plugin
 * rebuilds its middleware from the options on every request, which cost a tenth of a search under
 * load (decision 0170) and as much on every other route; the headers never change at run time.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): HeaderSet {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/**
 * JSON answers of the API (decision 0333): OWASP's REST set. Nothing in a JSON body is a document
 * to run, embed or frame, so its policy allows nothing at all; the HTML-oriented headers Helmet
 * adds for pages (origin isolation, DNS prefetch, IE download options…) say nothing to a fetch.
 */
export const API_SECURITY_HEADERS: HeaderSet = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/**
 * The API's JSON answers. Documents under /api: the documentation pages, and the shop's PDFs,
 * which the app shows in a frame of its own (a policy of 'none' would refuse that frame).
 */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.startsWith('/api/media/');
}

/**
 * Security headers on every answer, errors and 404s included: Helmet's set with the app's policy
 * for documents (the app, the back office, the payment sandbox pages), the REST set for the API.
 * One synchronous hook copying a ready object; a route may still override one (files, SVGs).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { documents: Readonly<HelmetOptions> }) => {
    const documentHeaders = helmetHeaders(options.documents);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? API_SECURITY_HEADERS : documentHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);
