/** The public entry of the files module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { dangerousContent } from './active-content.js';
export { MIME_BY_FILE_TYPE, sniffFileType, type SniffedFileType } from './file-type.js';
export { deleteFiles, fileTooLarge, fileUrl, saveUpload, storedFilesById } from './files.service.js';
export type { FileTables } from './files.table.js';
export { UPLOAD_BODY_LIMIT, rejectOversizeUpload, uploadRouteOptions } from './upload-route.js';
