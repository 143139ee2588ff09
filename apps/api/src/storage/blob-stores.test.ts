import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testEngine } from '../../test/build-test-app.js';
import type { BlobStore } from './blob-store.js';
import { EncryptedBlobStore } from './encrypted-blob-store.js';
import { LocalDiskBlobStore } from './local-disk-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';
import { startS3Sandbox, type S3Sandbox } from './s3-sandbox.js';
import { signature, signRequest } from './s3-signature.js';

/**
 * The BlobStore port's contract, run against every adapter (local disk and S3 through the local
 * S3-compatible sandbox), plus SigV4 checked against AWS's own published example — so the signer
 * and the sandbox's verifier cannot simply agree on a mistake — and the sandbox refusing what S3
 * refuses (decision 0325).
 */

const root = mkdtempSync(path.join(tmpdir(), 'farmacia-blob-stores-'));
const CREDENTIALS = { accessKeyId: 'farmacia-test', secretAccessKey: randomBytes(20).toString('hex'), region: 'eu-south-1' };
let sandbox: S3Sandbox;
beforeAll(async () => {
  sandbox = await startS3Sandbox({
    root: path.join(root, 's3'),
    region: CREDENTIALS.region,
    credentials: { [CREDENTIALS.accessKeyId]: CREDENTIALS.secretAccessKey },
    buckets: ['farmacia-files'],
  });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

const s3 = (over: Partial<ConstructorParameters<typeof S3BlobStore>[0]> = {}) =>
  new S3BlobStore({ endpoint: sandbox.endpoint, bucket: 'farmacia-files', ...CREDENTIALS, ...over });

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

const adapters: Array<{ name: string; make: () => BlobStore; folder: () => string }> = [
  { name: 'local disk', make: () => new LocalDiskBlobStore(path.join(root, 'disk')), folder: () => path.join(root, 'disk') },
  { name: 'S3 (sandbox)', make: () => s3(), folder: () => path.join(root, 's3', 'farmacia-files') },
];

describe.each(adapters)('BlobStore contract: $name', ({ make, folder }) => {
  it('writes, reads back, replaces and deletes (idempotently); a missing key is undefined', async () => {
    const store = make();
    const data = randomBytes(70_000);
    await store.put('aa/bb/contract-1', data);
    expect(await store.get('aa/bb/contract-1')).toEqual(data);
    await store.put('aa/bb/contract-1', Buffer.from('seconda versione'));
    expect((await store.get('aa/bb/contract-1'))?.toString()).toBe('seconda versione');
    expect(await store.get('aa/bb/missing')).toBeUndefined();
    await store.delete('aa/bb/contract-1');
    await store.delete('aa/bb/contract-1');
    expect(await store.get('aa/bb/contract-1')).toBeUndefined();
    await store.put('aa/empty', Buffer.alloc(0));
    expect(await store.get('aa/empty')).toEqual(Buffer.alloc(0));
  });

  it('refuses keys that could escape (never sent anywhere)', async () => {
    const store = make();
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/invalid blob key/);
    await expect(store.get('a/../../b')).rejects.toThrow(/invalid blob key/);
  });

  it('behind the encryption wrapper, only ciphertext reaches the adapter', async () => {
    const store = new EncryptedBlobStore(make(), randomBytes(32));
    const plain = Buffer.from('%PDF-1.7 ricetta RSSMRA85T10A562S');
    await store.put('cc/ricetta', plain);
    expect(await store.get('cc/ricetta')).toEqual(plain);
    const stored = filesUnder(folder()).map((f) => readFileSync(f));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((b) => b.includes(Buffer.from('RSSMRA85T10A562S')))).toBe(false);
  });
});

describe('SigV4 and the S3 sandbox', () => {
  it('signs exactly as AWS documents it (the GET Object example of the S3 SigV4 reference)', () => {
    const headers = {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
    };
    const signed = signature(
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers, payloadHash: headers['x-amz-content-sha256'] },
      'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'us-east-1',
    );
    expect(signed.signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
    expect(signed.scope).toBe('20130524/us-east-1/s3/aws4_request');
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

  it('refuses a wrong secret, an unknown key, a tampered body and a stale date, like S3', async () => {
    await expect(s3({ secretAccessKey: 'not-the-secret' }).put('dd/x', Buffer.from('x'))).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(s3({ accessKeyId: 'someone-else' }).get('dd/x')).rejects.toThrow(/403 InvalidAccessKeyId/);

    const url = new URL(`${sandbox.endpoint}/farmacia-files/dd/tampered`);
    const signed = signRequest({ method: 'PUT', url, body: Buffer.from('originale') }, CREDENTIALS);
    const { host: _h, ...sent } = signed;
    const tampered = await fetch(url, { method: 'PUT', headers: sent, body: 'modificato' });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');

    const stale = signRequest({ method: 'GET', url }, CREDENTIALS, new Date(Date.now() - 60 * 60_000));
    const { host: _s, ...staleSent } = stale;
    const old = await fetch(url, { headers: staleSent });
    expect(old.status).toBe(403);
    expect(await old.text()).toContain('<Code>RequestTimeTooSkewed</Code>');

    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(403);
    expect(sandbox.refused).toEqual(expect.arrayContaining(['SignatureDoesNotMatch', 'InvalidAccessKeyId', 'XAmzContentSHA256Mismatch', 'RequestTimeTooSkewed', 'AccessDenied']));
    // Nothing was written by the refused requests.
    expect(await s3().get('dd/tampered')).toBeUndefined();
  });

  it('a missing bucket is a configuration error, not a missing file; HEAD bucket checks the set-up', async () => {
    await expect(s3({ bucket: 'no-such-bucket' }).get('ee/x')).rejects.toThrow(/does not exist/);
    await expect(s3({ bucket: 'no-such-bucket' }).checkBucket()).rejects.toThrow(/404/);
    await expect(s3().checkBucket()).resolves.toBeUndefined();
  });

  it(`the app stores uploads in the bucket with BLOB_STORE=s3 (${testEngine})`, async () => {
    const t = await buildTestApp({
      outboxWorker: false,
      blobStore: { kind: 's3', endpoint: sandbox.endpoint, bucket: 'farmacia-files', ...CREDENTIALS },
    });
    try {
      await t.app.blobStore.put('ff/app-upload', Buffer.from('foto della confezione'));
      expect((await t.app.blobStore.get('ff/app-upload'))?.toString()).toBe('foto della confezione');
      const object = readFileSync(path.join(root, 's3', 'farmacia-files', 'objects', 'ff', 'app-upload'));
      expect(object.includes(Buffer.from('foto della confezione'))).toBe(false);
      expect(filesUnder(t.config.dataDir).some((f) => f.includes(`${path.sep}files${path.sep}`))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
