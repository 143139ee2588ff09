import { z } from 'zod';
import { DAY_PATTERN, dataEnvelope, EXISTING_DAY_DESCRIPTION, euroInput, TimestampSchema } from './common/api.js';
import { fillMessage } from './common/messages.js';
import { backofficeCatalogueMessages, catalogueMessages, promotionPeriodMessages, validationMessages } from './common/message-groups.js';
import { asSent, optionalText, orBlank, requiredText } from './common/text.js';
import { CATEGORY_SLUG_MAX_LENGTH, CatalogueImportReportSchema, ProductSchema } from './catalogue.js';
import { promotionPeriodProblem } from './common/promotion-period.js';

/**
 * The back office's catalogue calls (issue 8): upload the catalogue file as an import job whose
 * progress the page polls, read and edit one product, set or clear its promotion. The catalogue
 * is the installation's (decision 0160): any pharmacist edits it, every change is audited.
 */

const M = backofficeCatalogueMessages;

/** Largest catalogue file accepted by the upload (a 250,000-product file is about 45 MB). */
export const CATALOGUE_UPLOAD_MAX_MB = 64;
export const CATALOGUE_UPLOAD_MAX_BYTES = CATALOGUE_UPLOAD_MAX_MB * 1024 * 1024;

// --- Import jobs ---------------------------------------------------------------------------------

export const CATALOGUE_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type CatalogueImportStatus = (typeof CATALOGUE_IMPORT_STATUSES)[number];

/**
 * One upload of the catalogue file: `POST /admin/catalogue/imports` (the file as the body,
 * `text/csv`) answers 202 with it; `GET /admin/catalogue/imports/{id}` answers its progress
 * (`processed_rows` of `total_rows`) and, when done, the import's report.
 */
export const CatalogueImportJobSchema = z.object({
  id: z.number().int(),
  file_name: z.string().nullable(),
  status: z.enum(CATALOGUE_IMPORT_STATUSES),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  report: CatalogueImportReportSchema.nullable(),
  /** Why a failed import stopped (the rows written before stay written). */
  error: z.string().nullable(),
  created_at: TimestampSchema,
  finished_at: TimestampSchema.nullable(),
});
export type CatalogueImportJob = z.infer<typeof CatalogueImportJobSchema>;
export const CatalogueImportJobResponseSchema = dataEnvelope(CatalogueImportJobSchema);

/** `?name=` of the upload: the file's name as the pharmacist picked it, shown back in the report. */
export const CatalogueUploadQuerySchema = z.object({ name: z.string().trim().max(200).optional() });
export type CatalogueUploadQuery = z.infer<typeof CatalogueUploadQuerySchema>;

// --- One product -------------------------------------------------------------------------------------

/** A 9-digit ministerial code in a back-office path. */
export const AdminProductParamsSchema = z.object({ code: z.string().regex(/^\d{9}$/, catalogueMessages.productNotFound) });

/** Euro with at most two decimals, 0 to 99.999,99 (the import's limit). */
const productPrice = euroInput(M.priceInvalid, { max: 99_999.99 });

/** A product as the back office edits it: every stored field, the promotion's prices included. */
export const AdminProductSchema = ProductSchema.pick({
  codice_ministeriale: true,
  nome_prodotto: true,
  descrizione: true,
  descrizione_ditta_1_produttrice: true,
  descrizione_atc: true,
  descrizione_estesa_degrassi: true,
  descrizione_pricipio_attivo: true,
  quantita: true,
  prescription_only: true,
  sop_otc: true,
  promo: true,
}).extend({
  /**
   * A medicine that is neither prescription-only nor SOP/OTC: homeopathic or veterinary (decision
   * 0699). A product with either prescription flag is a medicine whatever this says (`isMedicine`).
   */
  medicine: z.boolean(),
  /** Category names, level 1 first. */
  categorie: z.array(z.string()),
  /** Selling price (the promotional one while `promo` is on). */
  prezzo: z.number(),
  /** Price before the promotion, as stored (kept when the promotion ends): the law's prior price, set by the server (decision 0701). */
  prezzo_pieno: z.number().nullable(),
  /** The stored image; null when none. */
  immagine: z.string().nullable(),
  /** The promotion's first and last day ('YYYY-MM-DD', Rome, inclusive); null = open (decision 0530). */
  promo_inizio: z.string().nullable(),
  promo_fine: z.string().nullable(),
  /** `promo` on and today inside the period: the promotional price applies and the app lists it. */
  promo_in_corso: z.boolean(),
  /** The shop sells it (its offer is on its shelf, issue 18); off, customers see it as not sold there. */
  in_vendita: z.boolean(),
  updated_at: TimestampSchema,
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;
export const AdminProductResponseSchema = dataEnvelope(AdminProductSchema);

/** A text of spec §3: blank clears it. */
const productText = (max: number, options?: { multiline: boolean }) =>
  optionalText(max, options).transform((v) => v ?? null);

/**
 * `PUT /admin/catalogue/products/{code}`: the fields sent change, the others stay (the limits of
 * the catalogue import, decision 0169). The price of a product on promotion is its promotional
 * price; the promotion itself has its own call.
 */
export const AdminProductUpdateSchema = z
  .object({
    nome_prodotto: requiredText(200),
    descrizione: productText(4000, { multiline: true }),
    descrizione_ditta_1_produttrice: productText(200),
    descrizione_atc: productText(200),
    descrizione_estesa_degrassi: productText(200),
    descrizione_pricipio_attivo: productText(500),
    immagine: productText(500),
    categorie: z
      .array(requiredText(CATEGORY_SLUG_MAX_LENGTH), { error: validationMessages.invalid })
      .max(4, M.categoryOrder),
    prezzo: productPrice,
    quantita: z
      .number({ error: validationMessages.integer })
      .int(validationMessages.integer)
      .min(0, fillMessage(validationMessages.between, { min: 0, max: 999_999_999 }))
      .max(999_999_999, fillMessage(validationMessages.between, { min: 0, max: 999_999_999 })),
    prescription_only: z.boolean({ error: validationMessages.boolean }),
    sop_otc: z.boolean({ error: validationMessages.boolean }),
    /** A medicine (homeopathic, veterinary…) also without the two flags above (decision 0699). */
    medicine: z.boolean({ error: validationMessages.boolean }),
    /** The shop's offer on or off its shelf (issue 18): the offer's, never the master's. */
    in_vendita: z.boolean({ error: validationMessages.boolean }),
  })
  .partial();
export type AdminProductUpdate = z.output<typeof AdminProductUpdateSchema>;

/** A day of a promotion's period, 'YYYY-MM-DD'; blank = open (null). */
const promotionDayInput = z
  .string({ error: promotionPeriodMessages.dayInvalid })
  .trim()
  // The shape as a pattern the OpenAPI document states; that the day exists is checked after it.
  .regex(asSent(orBlank(DAY_PATTERN)), promotionPeriodMessages.dayInvalid)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || promotionPeriodProblem({ start: v }) === null, promotionPeriodMessages.dayInvalid)
  .meta({ description: EXISTING_DAY_DESCRIPTION });

/**
 * `PUT /admin/catalogue/products/{code}/promotion`: the product goes on promotion at `prezzo` from
 * `promo_inizio` to `promo_fine`; outside that period it sells at `prezzo_pieno` and
 * `GET /product/promotions` leaves it out (decision 0530). The struck-through `prezzo_pieno` is the
 * law's prior price, computed by the server from the shop's price history (decision 0701): one
 * sent is only checked against it (422 naming it when it differs). `DELETE` on the same path ends
 * the promotion: the price goes back to `prezzo_pieno`.
 */
export const AdminPromotionSchema = z
  .object({
    prezzo: productPrice.meta({
      description:
        'Prezzo in promozione: inferiore al prezzo più basso applicato dalla farmacia nei 30 giorni prima della promozione (art. 17-bis Codice del Consumo), letto dallo storico dei prezzi.',
    }),
    prezzo_pieno: productPrice.optional().meta({
      description: 'Facoltativo: il prezzo barrato lo calcola il server dallo storico dei prezzi; se indicato deve essere quello.',
    }),
    /** First and last day of the promotion (decision 0530); left out, null or '' = open. */
    promo_inizio: promotionDayInput,
    promo_fine: promotionDayInput,
  })
  .refine((b) => b.prezzo_pieno === undefined || b.prezzo_pieno > b.prezzo, { message: M.listPriceBelowPrice, path: ['prezzo_pieno'] })
  .refine((b) => promotionPeriodProblem({ start: b.promo_inizio, end: b.promo_fine }) === null, {
    message: promotionPeriodMessages.endBeforeStart,
    path: ['promo_fine'],
  });
export type AdminPromotion = z.output<typeof AdminPromotionSchema>;
export type AdminPromotionInput = z.input<typeof AdminPromotionSchema>;
