import { appendFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';

/**
 * Every response of the API suites is checked against the published OpenAPI document: its status
 * must be one the operation lists, and a JSON body must validate against that status's schema.
 * A mismatch fails the test file (thrown by the test app's close()). `OPENAPI_CHECK=report` only
 * appends the mismatches to `OPENAPI_CHECK_REPORT` (a file), to measure them; `off` skips the check.
 */
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: object }> }> };
const mode = process.env.OPENAPI_CHECK ?? 'fail';
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
const compiled = new WeakMap<object, ValidateFunction>();

/** `/api/order/:id` → `/api/order/{id}`; `/api/` is documented as `/api`. */
const docPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/^\/api\/$/, '/api');

export function installOpenApiCheck(app: FastifyInstance): { mismatches: string[] } {
  const mismatches: string[] = [];
  if (mode === 'off') return { mismatches };
  let paths: Record<string, Record<string, Operation>> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url || request.is404) return payload;
    paths ??= (app.swagger() as { paths: Record<string, Record<string, Operation>> }).paths;
    const method = request.method.toLowerCase();
    const op = paths[docPath(url)]?.[method];
    if (!op) return payload; // hidden from the document (health, provider callbacks, sandbox)
    const status = String(reply.statusCode);
    const where = `${request.method} ${url} → ${status}`;
    // Report mode also counts the responses checked, for the share of undocumented ones.
    if (mode === 'report' && process.env.OPENAPI_CHECK_REPORT) appendFileSync(process.env.OPENAPI_CHECK_REPORT, `checked ${where}\n`);
    const documented = op.responses?.[status];
    if (!documented) {
      const code = typeof payload === 'string' && payload.startsWith('{') ? (JSON.parse(payload) as { code?: unknown }).code : undefined;
      record(mismatches, `${where}: status not documented${code ? ` (${String(code)})` : ''}`);
      return payload;
    }
    // 204 and 304 go out without a body (Fastify drops it), whatever the serializer made of `null`.
    if ((status === '204' || status === '304') && !documented.content) return payload;
    const type = String(reply.getHeader('content-type') ?? '').split(';')[0] ?? '';
    const schema = documented.content?.[type]?.schema;
    if (type !== 'application/json') {
      if (payload != null && payload !== '' && !documented.content?.[type]) record(mismatches, `${where}: media type ${type} not documented`);
      return payload;
    }
    if (!schema) {
      record(mismatches, `${where}: JSON body not documented`);
      return payload;
    }
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    if (body !== undefined && !validate(JSON.parse(body))) {
      const code = (JSON.parse(body) as { code?: unknown }).code;
      record(mismatches, `${where}: body ${ajv.errorsText(validate.errors)}${typeof code === 'string' ? ` (${code})` : ''}`);
    }
    return payload;
  });
  return { mismatches };
}

function record(mismatches: string[], line: string): void {
  if (mode === 'report') {
    if (process.env.OPENAPI_CHECK_REPORT) appendFileSync(process.env.OPENAPI_CHECK_REPORT, `${line}\n`);
    return;
  }
  mismatches.push(line);
}
