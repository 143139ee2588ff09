import { assertBlobKey, type BlobStore } from './blob-store.js';
import { type S3Credentials, signRequest } from './s3-signature.js';

export interface S3BlobStoreOptions extends S3Credentials {
  /** Service URL, e.g. https://s3.eu-south-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  /** Per-request time limit: a hanging object store fails the request instead of holding it. */
  timeoutMs?: number;
}

/** The `<Code>` of an S3 XML error body, for the error message. */
function s3ErrorCode(body: string): string {
  return /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? 'UnknownError';
}

/**
 * BlobStore on any S3-compatible object store (AWS S3, MinIO, Ceph, R2, Scaleway, the local
 * sandbox), speaking plain S3 REST with SigV4 — no SDK. Path-style URLs
 * (`<endpoint>/<bucket>/<key>`), which every S3-compatible service accepts. The bytes are the
 * EncryptedBlobStore's ciphertext: the bucket never holds health data in clear (decision 0325).
 */
export class S3BlobStore implements BlobStore {
  private readonly base: URL;

  constructor(private readonly options: S3BlobStoreOptions) {
    this.base = new URL(options.endpoint.endsWith('/') ? options.endpoint : `${options.endpoint}/`);
  }

  private urlOf(key?: string): URL {
    if (key !== undefined) assertBlobKey(key);
    return new URL(`${this.options.bucket}${key === undefined ? '' : `/${key}`}`, this.base);
  }

  private async send(method: string, url: URL, body?: Buffer, extra: Record<string, string> = {}): Promise<Response> {
    const attempt = () => {
      const headers = signRequest({ method, url, headers: extra, ...(body ? { body } : {}) }, this.options);
      // `host` is computed by fetch itself from the URL (it is signed with the same value).
      const { host: _host, ...sent } = headers;
      return fetch(url, { method, headers: sent, ...(body ? { body } : {}), signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
    };
    try {
      return await attempt();
    } catch (error) {
      // A kept-alive connection the store closed meanwhile fails at once: every call here is
      // idempotent (PUT/GET/DELETE/HEAD of one key), so one retry on a fresh connection is safe.
      if ((error as Error).name === 'TimeoutError') throw error;
      return attempt();
    }
  }

  private async fail(what: string, res: Response): Promise<never> {
    const text = await res.text().catch(() => '');
    throw new Error(`S3 ${what} failed: ${res.status} ${s3ErrorCode(text)}`);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const res = await this.send('PUT', this.urlOf(key), data, { 'content-type': 'application/octet-stream' });
    if (!res.ok) await this.fail(`PUT ${key}`, res);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<Buffer | undefined> {
    const res = await this.send('GET', this.urlOf(key));
    if (res.status === 404) {
      const code = s3ErrorCode(await res.text());
      // A missing bucket is a configuration error, not a missing file.
      if (code === 'NoSuchBucket') throw new Error(`S3 bucket '${this.options.bucket}' does not exist`);
      return undefined;
    }
    if (!res.ok) await this.fail(`GET ${key}`, res);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', this.urlOf(key));
    if (!res.ok && res.status !== 404) await this.fail(`DELETE ${key}`, res);
    await res.arrayBuffer();
  }

  /** HEAD bucket: for readiness checks and start-up ("is the bucket there and are the keys right?"). */
  async checkBucket(): Promise<void> {
    const res = await this.send('HEAD', this.urlOf());
    if (!res.ok) throw new Error(`S3 bucket '${this.options.bucket}' not reachable: ${res.status}`);
  }
}
