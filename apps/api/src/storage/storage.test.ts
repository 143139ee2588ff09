import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EncryptedBlobStore } from './encrypted-blob-store.js';
import { LocalDiskBlobStore } from './local-disk-blob-store.js';

describe('BlobStore: local disk, encrypted at rest', () => {
  let root: string;
  const key = randomBytes(32);
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'farmacia-blobs-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const listFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));

  it('round-trips the bytes and never writes them in clear', async () => {
    const store = new EncryptedBlobStore(new LocalDiskBlobStore(root), key);
    const plain = Buffer.from('%PDF-1.7 ricetta di Mario Rossi RSSMRA85T10A562S');
    await store.put('ab/cd/file-1', plain);
    expect(await store.get('ab/cd/file-1')).toEqual(plain);
    const files = listFiles(root);
    expect(files).toHaveLength(1);
    const onDisk = readFileSync(files[0]!);
    expect(onDisk.includes(Buffer.from('RSSMRA85T10A562S'))).toBe(false);
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
    expect(onDisk.length).toBe(plain.length + 29);
  });

  it('answers undefined for a missing key and deletes idempotently', async () => {
    const store = new EncryptedBlobStore(new LocalDiskBlobStore(root), key);
    expect(await store.get('zz/none')).toBeUndefined();
    await store.put('zz/one', Buffer.from('x'));
    await store.delete('zz/one');
    await store.delete('zz/one');
    expect(await store.get('zz/one')).toBeUndefined();
  });

  it('refuses a blob moved under another key, altered, or read with another secret', async () => {
    const disk = new LocalDiskBlobStore(root);
    const store = new EncryptedBlobStore(disk, key);
    await store.put('aa/first', Buffer.from('prima ricetta'));
    const sealed = (await disk.get('aa/first'))!;
    await disk.put('aa/second', sealed);
    await expect(store.get('aa/second')).rejects.toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    await disk.put('aa/first', altered);
    await expect(store.get('aa/first')).rejects.toThrow();
    await disk.put('aa/first', sealed);
    await expect(new EncryptedBlobStore(disk, randomBytes(32)).get('aa/first')).rejects.toThrow();
  });

  it('rejects keys that could escape the folder', async () => {
    const store = new LocalDiskBlobStore(root);
    await expect(store.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/invalid blob key/);
    await expect(store.get('/abs')).rejects.toThrow(/invalid blob key/);
  });
});
