import { z } from 'zod';
import { isValidMinsan } from '../catalogue-rules.js';
import { scanMessages } from '../common/message-groups.js';
import { isValidEan13 } from './gtin.js';

/**
 * `GET /product-codes/{code}` (issue 20, decision 0471): the code a scanned pack gave — a 9-digit
 * AIC or an EAN-13, check digit verified — to the product page's key. A code that fails its check
 * is a 422 on `code`, a valid one no product has is a 404.
 */
export const ProductLookupParamsSchema = z.object({
  code: z
    .string()
    .max(32)
    // The shape as a pattern the OpenAPI document states; the check digit after it, on that shape
    // (beside a length problem, as before: one message for a code, both for a long one).
    .regex(/^(?:\d{9}|\d{13})$/, { error: scanMessages.byCodeInvalid })
    .refine((code) => isValidMinsan(code) || isValidEan13(code), {
      error: scanMessages.byCodeInvalid,
      when: (payload) => payload.issues.every((issue) => issue.code === 'too_big'),
    })
    .meta({ description: 'AIC (9 cifre) o EAN-13, con la cifra di controllo.', example: '012745093' }),
});
export type ProductLookupParams = z.infer<typeof ProductLookupParamsSchema>;

/** The product's code: the key of `GET /product/{code}` and of the product page. */
export const ProductLookupResponseSchema = z.object({ codice_ministeriale: z.string() });
export type ProductLookupResponse = z.infer<typeof ProductLookupResponseSchema>;
