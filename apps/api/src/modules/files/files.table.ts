import type { Insertable, Selectable } from 'kysely';
import type { CreatedAt, WithId } from '../../db/row.js';

/**
 * An uploaded file (prescription, product photo): metadata here, the bytes encrypted in the
 * BlobStore under `blob_key`. Owned by `user_id`, readable by the shop's pharmacists.
 */
export interface FileTable extends WithId, CreatedAt {
  user_id: number;
  shop_id: number;
  /** The name the customer's device gave it (shown, and offered on download). */
  name: string;
  /** From the bytes (magic numbers), never from the client. */
  mime_type: string;
  size: number;
  /** sha256 (hex) of the clear bytes: integrity check on read. */
  sha256: string;
  blob_key: string;
}
export type FileRow = Selectable<FileTable>;
export type NewFileRow = Insertable<FileTable>;

/** Who read a file that is health data, when and from where (GDPR art. 9 accountability). */
export interface FileAccessLogTable extends WithId, CreatedAt {
  /** No foreign key: the log outlives the file. */
  file_id: number;
  owner_user_id: number;
  reader_user_id: number;
  reader_role: string;
  ip: string | null;
}

export interface FileTables {
  files: FileTable;
  file_access_log: FileAccessLogTable;
}
