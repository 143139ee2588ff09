import { createHash, randomBytes } from 'node:crypto';
import {
  base64DecodedBytes,
  ErrorCode,
  fillMessage,
  MAX_UPLOAD_BYTES,
  messages,
  requestErrorMessages,
  splitDataUrl,
  type StoredFile,
  type UploadedFile,
} from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import type { AuthContext } from '../auth/index.js';
import { dangerousContent } from './active-content.js';
import { MIME_BY_FILE_TYPE, sniffFileType } from './file-type.js';
import * as repo from './files.repository.js';
import type { FileRow } from './files.table.js';
import type { ServiceContext } from '../../context.js';

/**
 * Uploaded files (prescriptions, product photos — health data, GDPR art. 9; decision 0201):
 * accepted by their bytes, capped in size, stored encrypted through the BlobStore, readable only
 * by their owner and the pharmacists of the shop they were sent to, every staff read logged.
 */

export const FILE_NOT_FOUND = messages.file.notFound;

/** The URL a stored file is downloaded from (bearer token of the owner or of a pharmacist). */
export const fileUrl = (id: number) => `/api/files/${id}`;

export function toStoredFile(row: FileRow): StoredFile {
  return { name: row.name, type: row.mime_type, size: row.size, url: fileUrl(row.id) };
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** 413 with the Italian message naming the file. */
export function fileTooLarge(name: string): AppError {
  return new AppError(
    ErrorCode.PAYLOAD_TOO_LARGE,
    fillMessage(messages.file.tooLarge, { name, max: megabytes(MAX_UPLOAD_BYTES) }),
    { errors: { file: [fillMessage(messages.file.tooLarge, { name, max: megabytes(MAX_UPLOAD_BYTES) })] } },
  );
}

/**
 * Decoded size of a `file` field as it arrives (object or JSON text), before any validation, so
 * an oversize upload answers 413 rather than a generic validation error. Undefined when the field
 * is not an upload.
 */
export function declaredUpload(field: unknown): { name: string; bytes: number } | undefined {
  let value = field;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, base64 } = value as { name?: unknown; base64?: unknown };
  if (typeof base64 !== 'string') return undefined;
  const bytes = base64DecodedBytes(splitDataUrl(base64).data);
  return bytes === undefined ? undefined : { name: typeof name === 'string' ? name : '', bytes };
}

/** Stores a new upload of `owner` for `shopId`; a file whose bytes are not an accepted format answers 422. */
export async function saveUpload(
  ctx: ServiceContext,
  owner: { userId: number; shopId: number },
  upload: UploadedFile,
): Promise<FileRow> {
  const bytes = Buffer.from(splitDataUrl(upload.base64).data, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw fileTooLarge(upload.name);
  const type = sniffFileType(bytes);
  if (!type) throw validationFailed({ file: [fillMessage(messages.file.invalidFormat, { name: upload.name })] });
  // Right format, dangerous content (scripts in a PDF, an image bomb): refused too (decision 0300).
  const danger = await dangerousContent(type, bytes);
  if (danger) {
    ctx.log.warn({ owner: owner.userId, type, danger }, 'upload refused: active or oversized content');
    throw validationFailed({ file: [fillMessage(messages.file.invalidFormat, { name: upload.name })] });
  }
  const blobKey = `f/${randomBytes(1).toString('hex')}/${randomBytes(16).toString('hex')}`;
  await ctx.blobStore.put(blobKey, bytes);
  try {
    return await repo.insertFile(ctx.db, {
      user_id: owner.userId,
      shop_id: owner.shopId,
      name: upload.name,
      mime_type: MIME_BY_FILE_TYPE[type],
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      blob_key: blobKey,
      created_at: nowIso(),
    });
  } catch (error) {
    await ctx.blobStore.delete(blobKey).catch(() => {});
    throw error;
  }
}

/** Deletes files no row points to any more (after the owning row changed or went). Best effort on the blobs. */
export async function deleteFiles(ctx: ServiceContext, ids: ReadonlyArray<number | null | undefined>): Promise<void> {
  for (const id of ids) {
    if (id === null || id === undefined) continue;
    const row = await repo.deleteFileRow(ctx.db, id);
    if (row) {
      await ctx.blobStore.delete(row.blob_key).catch((error) => ctx.log.warn({ err: error, fileId: id }, 'blob not deleted'));
    }
  }
}

export async function storedFilesById(ctx: ServiceContext, ids: ReadonlyArray<number | null>): Promise<Map<number, StoredFile>> {
  const rows = await repo.findFiles(ctx.db, ids.filter((id): id is number => id !== null));
  return new Map(rows.map((row) => [row.id, toStoredFile(row)]));
}

/** Who may read a file: its owner, or a pharmacist of the shop it was sent to (admins of any shop). */
function canRead(reader: AuthContext, row: FileRow): 'owner' | 'staff' | false {
  if (row.user_id === reader.id) return 'owner';
  if (reader.role === 'admin') return 'staff';
  if (reader.role === 'pharmacist' && reader.shopId === row.shop_id) return 'staff';
  return false;
}

/**
 * The file's bytes for `reader`; anyone else gets 404 (never a hint that it exists). Staff reads
 * are logged before the bytes leave. The bytes are checked against the stored hash.
 */
export async function readFile(
  ctx: ServiceContext,
  reader: AuthContext,
  id: number,
  ip: string | null,
): Promise<{ row: FileRow; bytes: Buffer }> {
  const row = await repo.findFile(ctx.db, id);
  const access = row ? canRead(reader, row) : false;
  if (!row || !access) throw notFound(FILE_NOT_FOUND);
  if (access === 'staff') {
    await repo.logAccess(ctx.db, {
      file_id: row.id,
      owner_user_id: row.user_id,
      reader_user_id: reader.id,
      reader_role: reader.role,
      ip,
      created_at: nowIso(),
    });
  }
  const bytes = await ctx.blobStore.get(row.blob_key);
  if (!bytes || createHash('sha256').update(bytes).digest('hex') !== row.sha256) {
    ctx.log.error({ fileId: row.id }, 'stored file missing or altered');
    throw new AppError(ErrorCode.INTERNAL, requestErrorMessages.internal);
  }
  return { row, bytes };
}
