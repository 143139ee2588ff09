import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BlobStore } from './blob-store.js';
import { EncryptedBlobStore } from './encrypted-blob-store.js';
import { LocalDiskBlobStore } from './local-disk-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files, encrypted at rest. */
    blobStore: BlobStore;
  }
}

/**
 * Decorates the app with the BlobStore: local disk under DATA_DIR/files (default) or an
 * S3-compatible bucket (BLOB_STORE=s3), wrapped in AES-256-GCM either way.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const where = app.config.blobStore;
    const inner: BlobStore =
      where.kind === 's3' ? new S3BlobStore(where) : new LocalDiskBlobStore(path.join(app.config.dataDir, 'files'));
    app.decorate('blobStore', new EncryptedBlobStore(inner, app.config.fileEncryptionKey));
  },
  { name: 'storage' },
);
