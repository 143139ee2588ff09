import type { FastifyInstance } from 'fastify';

export interface ServedRoute {
  method: string;
  /** Full path with Fastify `:param` placeholders (alternative names joined by `|`). */
  path: string;
}

/**
 * Every route the server serves, read back from Fastify's own route tree (`printRoutes`), so the
 * suites see routes no table lists (the back office's `/api/admin/*`). The tree prints one path
 * segment per line, indented four columns per level, with the methods in parentheses.
 */
export function servedRoutes(app: FastifyInstance): ServedRoute[] {
  const stack: string[] = [];
  const routes: ServedRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const segment = match[2] ?? '';
    stack.length = depth;
    stack.push(segment);
    const methods = match[3];
    if (!methods) continue;
    const path = stack.join('').replace(/\/+/g, '/');
    for (const method of methods.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
}
