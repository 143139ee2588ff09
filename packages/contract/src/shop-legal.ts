import { z } from 'zod';
import { DAY_PATTERN, dataEnvelope, EXISTING_DAY_DESCRIPTION } from './common/api.js';
import { isCalendarDay } from './common/calendar-day.js';
import { shopLegalMessages, validationMessages } from './common/message-groups.js';
import { HTTPS_URL_PATTERN, IF_NO_ISSUE_YET, optionalText } from './common/text.js';

/**
 * The seller's legal identity (issue 15, decision 0405): what D.Lgs. 219/2006 art. 112-quater and
 * Regulation (EU) 699/2014 want shown on every page that sells medicines at a distance. Read by the
 * app (`GET /shop/legal`), edited by admins (`GET|PUT /admin/shops/{id}/legal`).
 */

const M = shopLegalMessages;

/**
 * True for a valid Italian partita IVA: 11 digits whose last is the check digit of the first 10
 * (the Agenzia delle Entrate's Luhn variant: digits in odd places summed as they are, digits in
 * even places doubled with 9 taken off when over 9; the check digit brings the sum to a multiple
 * of 10). All zeros passes the arithmetic but is no number anyone was given.
 */
export function isValidPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value) || value === '00000000000') return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = value.charCodeAt(i) - 48;
    // i is 0-based: i = 0 is the 1st (odd) place.
    if (i % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10 === value.charCodeAt(10) - 48;
}

/** 'IT 012 345 678 90' → '01234567890': the spaces and the country prefix people copy from invoices. */
export function normalizePartitaIva(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase().replace(/^IT/, '');
}

/** The shop's legal data as the app shows it; every field null until the admin fills it in. */
export const ShopLegalSchema = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  legal_name: z.string().nullable(),
  vat_number: z.string().nullable(),
  registered_office: z.string().nullable(),
  responsible_pharmacist: z.string().nullable(),
  pharmacist_registration: z.string().nullable(),
  ministry_authorization_code: z.string().nullable(),
  /** 'YYYY-MM-DD'. */
  ministry_authorization_date: z.string().nullable(),
  ministry_list_url: z.string().nullable(),
  /** The shop's contacts: the accessibility statement's feedback channel. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ShopLegal = z.infer<typeof ShopLegalSchema>;
export const ShopLegalResponseSchema = dataEnvelope(ShopLegalSchema);

/** The EU common logo's rule (schema-free: the seller strip of every selling page asks it, decision 0579). */
export * from './shop-legal-rules.js';

const nullable = <T extends z.ZodType>(schema: T) => schema.transform((v) => (v === undefined ? null : v));

/**
 * 11 digits, maybe after 'IT', with spaces, dots and dashes anywhere (normalizePartitaIva drops
 * them): the shape as a pattern the OpenAPI document states; the check digit is verified after it.
 */
const VAT_NUMBER_INPUT = /^[\s.-]*(?:[Ii][\s.-]*[Tt][\s.-]*)?(?:\d[\s.-]*){11}$/;

const VatNumberSchema = optionalText(20, { format: { pattern: VAT_NUMBER_INPUT, message: M.vatLength } })
  .transform((v) => (v === undefined ? undefined : normalizePartitaIva(v)))
  .refine((v) => v === undefined || isValidPartitaIva(v), { message: M.vatInvalid, ...IF_NO_ISSUE_YET })
  .meta({ description: 'Partita IVA: 11 cifre, eventualmente precedute da IT; la cifra di controllo è verificata.' });

const AUTHORIZATION_FIELDS = ['ministry_authorization_code', 'ministry_authorization_date', 'ministry_list_url'] as const;

/**
 * `PUT /admin/shops/{id}/legal`: the whole legal block; blank fields clear. The authorization's
 * code, date and list link go together (decision 0405): a logo without its link, or a link
 * without an authorization, would mislead the buyer.
 */
export const ShopLegalBodySchema = z
  .object({
    legal_name: nullable(optionalText(120)),
    vat_number: nullable(VatNumberSchema),
    registered_office: nullable(optionalText(200)),
    responsible_pharmacist: nullable(optionalText(120)),
    pharmacist_registration: nullable(optionalText(120)),
    ministry_authorization_code: nullable(optionalText(40)),
    ministry_authorization_date: nullable(
      optionalText(10, { format: { pattern: DAY_PATTERN, message: validationMessages.invalidDate } })
        .refine((v) => v === undefined || isCalendarDay(v), { message: validationMessages.invalidDate, ...IF_NO_ISSUE_YET })
        .meta({ description: EXISTING_DAY_DESCRIPTION }),
    ),
    ministry_list_url: nullable(optionalText(500, { format: { pattern: HTTPS_URL_PATTERN, message: validationMessages.httpsUrl } })),
  })
  .superRefine((body, ctx) => {
    if (AUTHORIZATION_FIELDS.every((f) => body[f] === null)) return;
    for (const field of AUTHORIZATION_FIELDS) {
      if (body[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: M.authorizationIncomplete });
    }
  });
export type ShopLegalBody = z.output<typeof ShopLegalBodySchema>;
export type ShopLegalInput = z.input<typeof ShopLegalBodySchema>;

/** The day the default accessibility statement was last reviewed against the app (decision 0406). */
export const ACCESSIBILITY_STATEMENT_DATE = '2026-11-27';

/** Where the AgID takes accessibility reports (the enforcement procedure of the statement). */
export const AGID_REPORT_URL = 'https://form.agid.gov.it/';

