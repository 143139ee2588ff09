import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sha256Hex, verifyRequest } from './s3-signature.js';

/**
 * A small S3-compatible server for development and tests (decision 0325): path-style buckets in
 * a folder, the object calls the app uses (PUT/GET/HEAD/DELETE object), bucket create/head and
 * ListObjectsV2, and — like S3 — every request must carry a valid SigV4 signature with a known
 * key, a fresh date and a matching payload hash, or it is refused with S3's XML error.
 * Not for production: no multipart, versioning, ACLs or policies.
 *
 *   npm run s3:sandbox            # http://127.0.0.1:9000, bucket 'farmacia', data in .data/s3
 *   BLOB_STORE=s3 S3_ENDPOINT=http://127.0.0.1:9000 S3_BUCKET=farmacia \
 *   S3_ACCESS_KEY_ID=farmacia-dev S3_SECRET_ACCESS_KEY=farmacia-dev-secret npm start
 */

export interface S3SandboxOptions {
  root: string;
  port?: number;
  host?: string;
  region?: string;
  credentials: Record<string, string>;
  buckets?: string[];
}

export interface S3Sandbox {
  endpoint: string;
  server: Server;
  /** Requests refused, by S3 error code (tests check that forged requests were seen and refused). */
  refused: string[];
  close(): Promise<void>;
}

const STATUS: Record<string, number> = {
  AccessDenied: 403,
  InvalidAccessKeyId: 403,
  SignatureDoesNotMatch: 403,
  RequestTimeTooSkewed: 403,
  XAmzContentSHA256Mismatch: 400,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  InvalidBucketName: 400,
  InvalidArgument: 400,
  MethodNotAllowed: 405,
};

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
// Object names: what the BlobStore generates, plus common S3 key characters; never '..'.
const KEY = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9!_.*'()\-/]{1,1024}$/;

function xmlEscape(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function readBody(req: IncomingMessage, limit = 64 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) req.destroy(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startS3Sandbox(options: S3SandboxOptions): Promise<S3Sandbox> {
  const region = options.region ?? 'us-east-1';
  const refused: string[] = [];
  await mkdir(options.root, { recursive: true });
  for (const bucket of options.buckets ?? []) await mkdir(path.join(options.root, bucket), { recursive: true });

  const bucketDir = (bucket: string) => path.join(options.root, bucket);
  const objectPath = (bucket: string, key: string) => path.join(options.root, bucket, 'objects', ...key.split('/'));
  const exists = (p: string) => stat(p).then(() => true, () => false);

  const send = (res: ServerResponse, status: number, body?: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'x-amz-request-id': randomBytes(8).toString('hex'), ...headers });
    res.end(body);
  };
  const error = (res: ServerResponse, code: string, resource: string, method: string) => {
    if (!['NoSuchKey'].includes(code)) refused.push(code);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message><Resource>${xmlEscape(resource)}</Resource></Error>`;
    send(res, STATUS[code] ?? 400, method === 'HEAD' ? undefined : xml, { 'content-type': 'application/xml' });
  };

  async function listObjects(res: ServerResponse, bucket: string, prefix: string): Promise<void> {
    const base = path.join(bucketDir(bucket), 'objects');
    const keys: Array<{ key: string; size: number }> = [];
    if (await exists(base)) {
      for (const entry of await readdir(base, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || entry.name.endsWith('.part')) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(base, full).split(path.sep).join('/');
        if (key.startsWith(prefix)) keys.push({ key, size: (await stat(full)).size });
      }
    }
    keys.sort((a, b) => (a.key < b.key ? -1 : 1));
    const contents = keys.map((k) => `<Contents><Key>${xmlEscape(k.key)}</Key><Size>${k.size}</Size></Contents>`).join('');
    send(
      res,
      200,
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
      { 'content-type': 'application/xml' },
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const body = await readBody(req);
    const verdict = verifyRequest({ method, url, headers: req.headers, body }, (id) => options.credentials[id], region);
    if (!verdict.ok) return error(res, verdict.code, url.pathname, method);

    const [, bucket = '', ...rest] = decodeURIComponent(url.pathname).split('/');
    const key = rest.join('/');
    if (!BUCKET.test(bucket)) return error(res, 'InvalidBucketName', url.pathname, method);
    const bucketExists = await exists(bucketDir(bucket));

    if (key === '') {
      if (method === 'PUT') {
        await mkdir(bucketDir(bucket), { recursive: true });
        return send(res, 200, undefined, { location: `/${bucket}` });
      }
      if (!bucketExists) return error(res, 'NoSuchBucket', url.pathname, method);
      if (method === 'HEAD') return send(res, 200, undefined, { 'x-amz-bucket-region': region });
      if (method === 'GET') return listObjects(res, bucket, url.searchParams.get('prefix') ?? '');
      return error(res, 'MethodNotAllowed', url.pathname, method);
    }

    if (!bucketExists) return error(res, 'NoSuchBucket', url.pathname, method);
    if (!KEY.test(key)) return error(res, 'InvalidArgument', url.pathname, method);
    const file = objectPath(bucket, key);
    switch (method) {
      case 'PUT': {
        await mkdir(path.dirname(file), { recursive: true });
        const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
        await writeFile(temp, body);
        await rename(temp, file);
        return send(res, 200, undefined, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
      }
      case 'GET':
      case 'HEAD': {
        const data = await readFile(file).catch(() => undefined);
        if (!data) return error(res, 'NoSuchKey', url.pathname, method);
        return send(res, 200, method === 'HEAD' ? undefined : data, {
          'content-type': 'application/octet-stream',
          'content-length': String(data.length),
          etag: `"${sha256Hex(data).slice(0, 32)}"`,
        });
      }
      case 'DELETE':
        await rm(file, { force: true });
        return send(res, 204);
      default:
        return error(res, 'MethodNotAllowed', url.pathname, method);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, '<Error><Code>InternalError</Code></Error>', { 'content-type': 'application/xml' });
      else res.destroy();
    });
  });
  // Longer than clients' idle keep-alive, so the server is not the side closing a reused socket.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port, address } = server.address() as AddressInfo;
  return {
    endpoint: `http://${address}:${port}`,
    server,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `npm run s3:sandbox`: a long-running sandbox for development.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  const sandbox = await startS3Sandbox({
    root: path.resolve(env.S3_SANDBOX_DIR ?? '.data/s3'),
    port: Number(env.S3_SANDBOX_PORT ?? 9000),
    host: env.S3_SANDBOX_HOST ?? '127.0.0.1',
    region: env.S3_REGION ?? 'us-east-1',
    credentials: { [env.S3_ACCESS_KEY_ID ?? 'farmacia-dev']: env.S3_SECRET_ACCESS_KEY ?? 'farmacia-dev-secret' },
    buckets: [env.S3_BUCKET ?? 'farmacia'],
  });
  console.log(`S3 sandbox on ${sandbox.endpoint} (bucket '${env.S3_BUCKET ?? 'farmacia'}')`);
}
