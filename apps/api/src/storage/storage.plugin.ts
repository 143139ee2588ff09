import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BlobStore } from './blob-store.js';
import { EncryptedBlobStore } from './encrypted-blob-store.js';
import { LocalDiskBlobStore } from './local-disk-blob-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files, encrypted at rest. */
    blobStore: BlobStore;
  }
}

/** Decorates the app with the BlobStore: local disk under DATA_DIR/files, wrapped in AES-256-GCM. */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const disk = new LocalDiskBlobStore(path.join(app.config.dataDir, 'files'));
    app.decorate('blobStore', new EncryptedBlobStore(disk, app.config.fileEncryptionKey));
  },
  { name: 'storage' },
);
