import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

type HTTPMethod = FindMyWay.HTTPMethod;

const METHODS: readonly HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const answered = () => undefined;

/**
 * The methods the server answers at a URL, for the `Allow` header of a 405 (RFC 9110 §15.5.6):
 * a path the server has, asked with a method it does not take there, is not "not found". Fastify
 * keeps its router private, so a second router of the same paths (find-my-way, Fastify's own) is
 * fed by `onRoute`; call this before any route is registered. The apps' catch-all pages (`/app/*`)
 * are left out: a POST to a path under them names nothing the server has.
 */
export function followAllowedMethods(app: FastifyInstance): (url: string) => string[] {
  const router = FindMyWay({ caseSensitive: true, ignoreTrailingSlash: false });
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    // A prefix's own route (`/` under `/api`) is served with and without the slash; Fastify tells
    // `onRoute` of the one without only (its HEAD of both).
    const urls = route.prefix && route.url === route.prefix ? [route.url, `${route.url}/`] : [route.url];
    for (const method of [route.method].flat()) {
      if (!METHODS.includes(method as HTTPMethod)) continue;
      for (const url of urls) if (!router.hasRoute(method as HTTPMethod, url)) router.on(method as HTTPMethod, url, answered);
    }
  });
  return (url) => {
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    return METHODS.filter((method) => router.find(method, path) !== null);
  };
}
