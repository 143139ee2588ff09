import type { ServiceContext } from '../context.js';

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  text: string;
  headers: Record<string, string>;
}

/** How adapters talk to providers: one function, so tests and the sandbox can stand in for the network. */
export type HttpClient = (request: HttpRequest) => Promise<HttpResponse>;

/** The provider could not be reached or did not answer in time. */
export class ProviderUnreachable extends Error {
  constructor(url: string, cause: unknown) {
    super(`payment provider unreachable: ${new URL(url).origin}`, { cause });
    this.name = 'ProviderUnreachable';
  }
}

const TIMEOUT_MS = 15_000;

async function overNetwork(request: HttpRequest): Promise<HttpResponse> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return { status: response.status, text: await response.text(), headers };
  } catch (error) {
    throw new ProviderUnreachable(request.url, error);
  }
}

/**
 * The HTTP client of the payment adapters. Requests to this very server (the sandbox, and the
 * sandbox's notifications to us) are served in-process through `inject`: the sandbox works
 * whatever the public URL is (behind a proxy, not listening in tests) and never leaves the host.
 * Everything else goes over the network with a timeout.
 */
export function createHttpClient(ctx: ServiceContext): HttpClient {
  const self = new URL(ctx.config.publicUrl);
  return async (request) => {
    const target = new URL(request.url);
    if (target.origin !== self.origin) return overNetwork(request);
    const response = await ctx.inject({
      method: request.method,
      url: `${target.pathname}${target.search}`,
      headers: request.headers,
      payload: request.body,
    });
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    return { status: response.statusCode, text: response.body, headers };
  };
}

/** Parses a JSON answer; undefined when it is not JSON. */
export function jsonOf(response: HttpResponse): unknown {
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    return undefined;
  }
}
