import { z } from 'zod';
import { dataEnvelope, dataListEnvelope } from './common/api.js';
import { FileFieldSchema, isNewUpload, StoredFileSchema } from './common/file.js';
import { optionalBooleanish } from './common/flags.js';
import { fillMessage } from './common/messages.js';
import { productRequestMessages, validationMessages } from './common/message-groups.js';
import { filledText } from './common/text.js';

/**
 * Product requests in the cart (spec §2 Product-photo and galenica forms, §3, §5; calls
 * `/cart/product_requests[/{id}]`): `search` is "find me this product" with a photo of it,
 * `galenica` a compounded preparation to be made by the pharmacist.
 */

export const PRODUCT_REQUEST_TYPES = ['search', 'galenica'] as const;
export const ProductRequestTypeSchema = z.enum(PRODUCT_REQUEST_TYPES, { error: validationMessages.invalid });
export type ProductRequestType = z.infer<typeof ProductRequestTypeSchema>;

/** Longest note of a request. */
export const PRODUCT_REQUEST_NOTE_MAX_LENGTH = 2000;

/**
 * Body of `POST /cart/product_requests` and `PUT /cart/product_requests/{id}` (spec §7
 * `{type, note, file as a JSON string}`, plus `equivalent`): the note is required, the file
 * optional (a JSON string or an object; see `FileFieldSchema`). `allowKeptFile`: on update the
 * stored file's `{ name }` keeps it; on create a file must be a new upload.
 */
export function productRequestBodySchema(options: { allowKeptFile: boolean }) {
  return z
    .object({
      type: ProductRequestTypeSchema,
      note: filledText(productRequestMessages.noteRequired, { multiline: true })
        .max(
          PRODUCT_REQUEST_NOTE_MAX_LENGTH,
          fillMessage(validationMessages.maxLength, { max: PRODUCT_REQUEST_NOTE_MAX_LENGTH }),
        ),
      equivalent: optionalBooleanish(),
      file: FileFieldSchema,
    })
    .superRefine((body, ctx) => {
      if (!options.allowKeptFile && body.file !== null && !isNewUpload(body.file)) {
        ctx.addIssue({ code: 'custom', path: ['file'], message: productRequestMessages.fileRequired });
      }
    });
}

/** `POST /cart/product_requests`. */
export const ProductRequestCreateBodySchema = productRequestBodySchema({ allowKeptFile: false });
/** `PUT /cart/product_requests/{id}`. */
export const ProductRequestUpdateBodySchema = productRequestBodySchema({ allowKeptFile: true });
export type ProductRequestBody = z.input<typeof ProductRequestCreateBodySchema>;
export type ProductRequestInput = z.output<typeof ProductRequestUpdateBodySchema>;

/** A product request as the API answers it. */
export const ProductRequestSchema = z.object({
  id: z.number().int(),
  type: ProductRequestTypeSchema,
  note: z.string(),
  equivalent: z.boolean(),
  file: StoredFileSchema.nullable(),
});
export type ProductRequest = z.infer<typeof ProductRequestSchema>;

/** `GET /cart/product_requests` → `{ data: ProductRequest[] }`. */
export const ProductRequestListResponseSchema = dataListEnvelope(ProductRequestSchema);
/** `GET /cart/product_requests/{id}`, `POST`, `PUT` → `{ data: ProductRequest }`. */
export const ProductRequestResponseSchema = dataEnvelope(ProductRequestSchema);
