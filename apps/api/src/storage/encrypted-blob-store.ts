import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { BlobStore } from './blob-store.js';

/**
 * Encryption at rest for health data (ARCHITECTURE §2, GDPR art. 9): AES-256-GCM with a fresh
 * 96-bit nonce per blob. The blob key is authenticated as associated data, so a ciphertext moved
 * under another key (another customer's file) fails to decrypt instead of being served.
 *
 * Layout: 1 byte format version | 12 bytes nonce | 16 bytes tag | ciphertext.
 */
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + NONCE_BYTES + TAG_BYTES;

export class EncryptedBlobStore implements BlobStore {
  constructor(
    private readonly inner: BlobStore,
    private readonly key: Buffer,
  ) {
    if (key.length !== 32) throw new Error('the file encryption key must be 32 bytes (AES-256)');
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.inner.put(key, encryptBlob(this.key, key, data));
  }

  async get(key: string): Promise<Buffer | undefined> {
    const stored = await this.inner.get(key);
    return stored === undefined ? undefined : decryptBlob(this.key, key, stored);
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }
}

export function encryptBlob(secret: Buffer, blobKey: string, plain: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', secret, nonce);
  cipher.setAAD(Buffer.from(blobKey, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), body]);
}

/** Throws when the blob was altered, is stored under another key, or was sealed with another secret. */
export function decryptBlob(secret: Buffer, blobKey: string, sealed: Buffer): Buffer {
  if (sealed.length < HEADER_BYTES || sealed[0] !== VERSION) throw new Error('unknown encrypted blob format');
  const nonce = sealed.subarray(1, 1 + NONCE_BYTES);
  const tag = sealed.subarray(1 + NONCE_BYTES, HEADER_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', secret, nonce);
  decipher.setAAD(Buffer.from(blobKey, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
}
