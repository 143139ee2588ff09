import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Notes to the pharmacist (reservations, information requests) are health data (GDPR art. 9,
 * ARCHITECTURE §7): stored encrypted with AES-256-GCM under the server's FILE_ENCRYPTION_KEY.
 * Stored form: 'v1:' + base64(iv 12 bytes | tag 16 bytes | ciphertext).
 */
const PREFIX = 'v1:';

export function encryptNote(key: Buffer, plain: string | null | undefined): string | null {
  if (plain === null || plain === undefined || plain === '') return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decryptNote(key: Buffer, stored: string | null): string | null {
  if (stored === null) return null;
  if (!stored.startsWith(PREFIX)) throw new Error('note is not in the encrypted form');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
