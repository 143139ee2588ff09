import { z } from 'zod';
import { ALLOWED_UPLOAD_EXTENSIONS, ALLOWED_UPLOAD_MIME_TYPES, MAX_UPLOAD_BYTES } from '../constants.js';
import { fillMessage } from './messages.js';
import { fileMessages, validationMessages } from './message-groups.js';
import { filledText } from './text.js';

/**
 * Files sent with prescriptions and product requests (spec §3 Product request file, §5): one file,
 * inside the JSON body, as `{ name, type, lastModified, size, base64 }`. `base64` is what the
 * browser's FileReader gives (`data:<mime>;base64,<data>`) or the bare base64 data.
 * The server checks the bytes themselves too (magic numbers, ARCHITECTURE §2): name and type are
 * only what the browser claims.
 */

/** Longest accepted file name. */
export const UPLOAD_NAME_MAX_LENGTH = 255;

const MIME_TYPES: ReadonlySet<string> = new Set(ALLOWED_UPLOAD_MIME_TYPES);
const EXTENSIONS: ReadonlySet<string> = new Set(ALLOWED_UPLOAD_EXTENSIONS);

/** Lowercased extension of a file name without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True when the name ends with an allowed extension (jpeg, jpg, gif, png, pdf, eps). */
export function isAllowedUploadName(name: string): boolean {
  return EXTENSIONS.has(fileExtension(name.trim()));
}

/**
 * True when the MIME type is allowed. An empty type counts as allowed: browsers leave it empty
 * for formats they do not know (often EPS), and the name and the bytes decide then.
 */
export function isAllowedUploadType(type: string): boolean {
  const clean = type.trim().toLowerCase();
  return clean === '' || MIME_TYPES.has(clean);
}

/** Splits `data:<mime>;base64,<data>` into its MIME type and data; bare base64 has no MIME type. */
export function splitDataUrl(value: string): { mime: string | undefined; data: string } {
  const match = /^data:([^;,]*)(?:;[^,]*)?;base64,/i.exec(value);
  if (!match) return { mime: undefined, data: value };
  return { mime: match[1]?.toLowerCase() || undefined, data: value.slice(match[0].length) };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decoded size in bytes of base64 data (without decoding), or `undefined` when it is not base64. */
export function base64DecodedBytes(data: string): number | undefined {
  const clean = data.replace(/\s/g, '');
  if (clean.length % 4 !== 0 || !BASE64.test(clean)) return undefined;
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return (clean.length / 4) * 3 - padding;
}

/** '10 MB' for the messages. */
function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** What the web form checks before reading a picked file (spec §5): the Italian message, or `undefined`. */
export function uploadFileProblem(file: { name: string; type?: string; size?: number }): string | undefined {
  if (!isAllowedUploadName(file.name) || !isAllowedUploadType(file.type ?? '')) {
    return fillMessage(fileMessages.invalidFormat, { name: file.name });
  }
  if (file.size !== undefined && file.size > MAX_UPLOAD_BYTES) {
    return fillMessage(fileMessages.tooLarge, { name: file.name, max: megabytes(MAX_UPLOAD_BYTES) });
  }
  return undefined;
}

/**
 * A file as the browser reads it (spec §3 Product request file). Checks the name and type
 * against the allowed formats ("Formato file '{name}' non valido.", spec §5), that `base64` is
 * base64 and at most {@link MAX_UPLOAD_BYTES} decoded.
 */
export const UploadedFileSchema = z
  .object(
    {
      name: filledText(validationMessages.required)
        .max(UPLOAD_NAME_MAX_LENGTH, fillMessage(validationMessages.maxLength, { max: UPLOAD_NAME_MAX_LENGTH })),
      type: z.string({ error: validationMessages.invalid }).trim().max(100, validationMessages.invalid).default(''),
      lastModified: z.number({ error: validationMessages.invalid }).int(validationMessages.invalid).nonnegative().optional(),
      size: z.number({ error: validationMessages.invalid }).int(validationMessages.invalid).nonnegative().optional(),
      base64: z.string({ error: fileMessages.unreadable }).min(1, fileMessages.unreadable),
    },
    { error: fileMessages.unreadable },
  )
  .superRefine((file, ctx) => {
    const { mime, data } = splitDataUrl(file.base64);
    if (!isAllowedUploadName(file.name) || !isAllowedUploadType(file.type) || (mime !== undefined && !isAllowedUploadType(mime))) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: fillMessage(fileMessages.invalidFormat, { name: file.name }) });
      return;
    }
    const bytes = base64DecodedBytes(data);
    if (bytes === undefined || bytes === 0) {
      ctx.addIssue({ code: 'custom', path: ['base64'], message: fileMessages.unreadable });
    } else if (bytes > MAX_UPLOAD_BYTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['base64'],
        message: fillMessage(fileMessages.tooLarge, { name: file.name, max: megabytes(MAX_UPLOAD_BYTES) }),
      });
    }
  });
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/**
 * A file field of a request body: a new upload (with `base64`), or — on update only — the
 * `{ name }` of the file already stored on the row, meaning "keep it"; `null`/absent for none.
 * The spec sends it "serialized" (a JSON string): a string is parsed first.
 * Output: `UploadedFile` (new), `{ name }` (keep), or `null`.
 */
export const FileFieldSchema = z.preprocess(
  parseJsonText,
  z
    .union([UploadedFileSchema, z.object({ name: filledText(validationMessages.required), base64: z.undefined().optional() })], {
      error: fileMessages.unreadable,
    })
    .nullish()
    .transform((file) => file ?? null),
);
export type FileField = z.output<typeof FileFieldSchema>;

/** True when a parsed file field carries a new upload rather than a reference to the stored file. */
export function isNewUpload(file: FileField): file is UploadedFile {
  return file !== null && typeof file.base64 === 'string';
}

/** A string that holds JSON is parsed ('' and 'null' are "no file"); anything else passes as is. */
function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '' || text === 'null') return null;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

/**
 * A stored file as responses describe it (spec §3: `file{name}`): its name, MIME type, size in
 * bytes, and the URL its owner (or the shop's pharmacist) downloads it from.
 */
export const StoredFileSchema = z.object({
  name: z.string(),
  type: z.string().optional(),
  size: z.number().int().optional(),
  url: z.string().optional(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;
