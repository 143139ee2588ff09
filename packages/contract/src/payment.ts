import { z } from 'zod';
import { fillMessage } from './common/messages.js';
import { checkoutMessages, paymentMessages, validationMessages } from './common/message-groups.js';
import { requiredText } from './common/text.js';
import { CARD_EXPIRY_MAX_YEARS_AHEAD, CARD_NUMBER_MAX_LENGTH, CARD_NUMBER_MIN_LENGTH, SHOP_TIME_ZONE } from './constants.js';
import { BinaryFlagSchema } from './profile.js';
import { DeliveryTypeSchema } from './shop.js';
import { type OnlinePaymentType, PAYMENT_TYPES } from './payment-rules.js';

/**
 * Payments (spec §2 Payment screens, §4 Payment outcome, §5 Card form, §7 Orders and payment,
 * §8 Payment; ARCHITECTURE §4/§7 Payments). The card number never reaches our server: the card
 * form posts it to the provider's `submit` URL with the server-made `paymentToken`.
 */

/** The payment types, their labels and the checkout's rules (schema-free, decision 0579). */
export * from './payment-rules.js';

/** A payment type (the list in payment-rules.ts). */
export const PaymentTypeSchema = z.enum(PAYMENT_TYPES, { error: checkoutMessages.selectPaymentType });
export type PaymentType = z.infer<typeof PaymentTypeSchema>;

/** The providers behind the online types (ARCHITECTURE §1 payments adapters). */
export const PAYMENT_PROVIDERS = ['gestpay', 'nexi', 'paypal'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS, { error: validationMessages.invalid });

/** payOnline is the card form of the shop's card acquirer, Axerve/GestPay (decision 0105). */
export const PAYMENT_PROVIDER_OF: Readonly<Record<OnlinePaymentType, PaymentProvider>> = {
  payOnline: 'gestpay',
  gestpay: 'gestpay',
  nexi: 'nexi',
  paypal: 'paypal',
};

/** One entry of the payment methods map (spec §3): its description and the delivery types it allows. */
export const PaymentMethodSchema = z.object({
  type: PaymentTypeSchema,
  /** The name to show (e.g. 'Pagamento in farmacia'). */
  label: z.string(),
  description: z.string(),
  shippingType: z.array(DeliveryTypeSchema),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** `GET /payment/methods` (and the methods of an order) → `{ data: { [type]: PaymentMethod } }`. */
export const PaymentMethodsSchema = z.partialRecord(PaymentTypeSchema, PaymentMethodSchema);
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>;

export const PaymentMethodsResponseSchema = z.object({ data: PaymentMethodsSchema });
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponseSchema>;

/** Path params `/payment/{method}/...`. */
export const PaymentMethodParamsSchema = z.object({ method: PaymentTypeSchema });

/** `GET /payment/{method}/payment-id/{id}` → which order a provider's payment id belongs to, and whether it is paid. */
export const PaymentIdResponseSchema = z.object({
  order_id: z.number().int(),
  valid: BinaryFlagSchema,
});
export type PaymentIdResponse = z.infer<typeof PaymentIdResponseSchema>;

/**
 * `GET /payment/{method}/create/{orderId}` (spec §7): `error.code` '0' means success; `submit` is
 * the URL the app posts to (card form) or redirects to (hosted pages); `payload` the fields to
 * send along (e.g. `paymentToken`, `shopLogin` for GestPay; the signed form fields for Nexi).
 */
export const PaymentCreateResponseSchema = z.object({
  error: z.object({ code: z.string(), description: z.string() }),
  submit: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()).nullable(),
});
export type PaymentCreateResponse = z.infer<typeof PaymentCreateResponseSchema>;

/**
 * The detail of the payment error message (spec §8), or `undefined` when the answer can be used.
 * Takes the raw answer (`unknown`) because it is exactly the malformed answers it must describe.
 */
export function paymentErrorDetail(response: unknown): string | undefined {
  const error = isRecord(response) && isRecord(response.error) ? response.error : undefined;
  const code = error?.code;
  if (code === undefined || code === null || code === '') return paymentMessages.detailInvalidResponse;
  if (String(code) !== '0') {
    return fillMessage(paymentMessages.detailProviderError, {
      description: typeof error?.description === 'string' ? error.description : '',
      code: String(code),
    }).trim();
  }
  const submit = isRecord(response) ? response.submit : undefined;
  if (typeof submit !== 'string' || submit === '') return paymentMessages.detailIncompleteResponse;
  return undefined;
}

/** 'Si è verificato un errore: {detail}. Verifica i dati inseriti e riprova.', or `undefined` when all is well. */
export function paymentErrorMessage(response: unknown): string | undefined {
  const detail = paymentErrorDetail(response);
  return detail === undefined ? undefined : fillMessage(paymentMessages.error, { detail });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// --- Outcome ----------------------------------------------------------------------------------

/**
 * Query of `/app/payment-end` (spec §2): `status` OK or KO, `paymentMethod`, and the provider's
 * reference (`token` PayPal, `paymentID` GestPay, `codTrans` Nexi); `valid` when known.
 */
export const PaymentEndQuerySchema = z.object({
  status: z.string().optional(),
  paymentMethod: z.string().optional(),
  token: z.string().optional(),
  paymentID: z.string().optional(),
  codTrans: z.string().optional(),
  valid: z.union([z.string(), z.number()]).optional(),
});
export type PaymentEndQuery = z.infer<typeof PaymentEndQuerySchema>;

export const PAYMENT_OUTCOMES = ['confirmed', 'pending_processing', 'refused', 'pending_bank'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * Spec §4 Payment outcome: OK with valid 1 → confirmed; OK without valid → sent, pending
 * processing; KO → refused; no status → pending with the bank.
 */
export function paymentOutcome(query: { status?: string | null; valid?: string | number | null }): PaymentOutcome {
  const status = query.status?.trim().toUpperCase();
  if (!status) return 'pending_bank';
  if (status === 'KO') return 'refused';
  if (status === 'OK') return String(query.valid ?? '') === '1' ? 'confirmed' : 'pending_processing';
  return 'pending_bank';
}

/** The Italian text of each outcome. */
export const PAYMENT_OUTCOME_MESSAGES: Readonly<Record<PaymentOutcome, string>> = {
  confirmed: paymentMessages.confirmed,
  pending_processing: paymentMessages.sentPendingProcessing,
  refused: paymentMessages.refused,
  pending_bank: paymentMessages.pending,
};

// --- Card form --------------------------------------------------------------------------------

/** Year and month (1–12) now in the shop's time zone. */
function romeYearMonth(now: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: 'numeric' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

/** The expiry years a card form offers: this year to this year + 20 (spec §5). */
export function cardExpiryYears(now: Date = new Date()): number[] {
  const { year } = romeYearMonth(now);
  return Array.from({ length: CARD_EXPIRY_MAX_YEARS_AHEAD + 1 }, (_, i) => year + i);
}

const requiredField = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((v) => String(v).trim());

/**
 * The card form (spec §5): holder, number, month, year and CVV all required ('Compila questo
 * campo.' for month and year); number 16–22 digits or spaces; CVV three digits 000–999; expiry
 * year from this year to this year + 20 (4 digits, or 2 meaning 20xx), and not a past month.
 * Output: number without spaces, month and year as 2 digits ('07', '29'), as the provider wants.
 * `clock` is injectable for tests; the year is the one in Italy.
 */
export function cardFormSchema(clock: () => Date = () => new Date()) {
  return z
    .object({
      holder: requiredText(100),
      number: requiredField(validationMessages.required).superRefine((value, ctx) => {
        if (value === '') ctx.addIssue({ code: 'custom', message: validationMessages.required });
        else if (!new RegExp(`^[0-9 ]{${CARD_NUMBER_MIN_LENGTH},${CARD_NUMBER_MAX_LENGTH}}$`).test(value)) {
          ctx.addIssue({ code: 'custom', message: paymentMessages.cardNumber });
        }
      }),
      month: requiredField(validationMessages.fillThisField).superRefine((value, ctx) => {
        if (value === '') ctx.addIssue({ code: 'custom', message: validationMessages.fillThisField });
        else if (!/^(0?[1-9]|1[0-2])$/.test(value)) ctx.addIssue({ code: 'custom', message: paymentMessages.expiryMonth });
      }),
      year: requiredField(validationMessages.fillThisField).superRefine((value, ctx) => {
        if (value === '') {
          ctx.addIssue({ code: 'custom', message: validationMessages.fillThisField });
          return;
        }
        const { year } = romeYearMonth(clock());
        const full = /^\d{2}$/.test(value) ? 2000 + Number(value) : /^\d{4}$/.test(value) ? Number(value) : Number.NaN;
        if (!(full >= year && full <= year + CARD_EXPIRY_MAX_YEARS_AHEAD)) {
          ctx.addIssue({ code: 'custom', message: paymentMessages.expiryYear });
        }
      }),
      cvv: requiredField(validationMessages.required).superRefine((value, ctx) => {
        if (value === '') ctx.addIssue({ code: 'custom', message: validationMessages.required });
        else if (!/^\d{3}$/.test(value)) ctx.addIssue({ code: 'custom', message: paymentMessages.cvv });
      }),
    })
    .transform((card) => ({
      holder: card.holder,
      number: card.number.replace(/ /g, ''),
      month: card.month.padStart(2, '0'),
      year: card.year.slice(-2),
      cvv: card.cvv,
    }))
    .superRefine((card, ctx) => {
      const now = romeYearMonth(clock());
      if (2000 + Number(card.year) === now.year && Number(card.month) < now.month) {
        ctx.addIssue({ code: 'custom', path: ['month'], message: paymentMessages.expired });
      }
    });
}

/** The card form with the real clock. */
export const CardFormSchema = cardFormSchema();
export type CardFormValues = z.input<typeof CardFormSchema>;
export type CardForm = z.output<typeof CardFormSchema>;

/**
 * What the card form posts to the provider's `submit` URL (spec §7 "Card provider"), with the
 * `paymentToken` header from the create call's payload.
 */
export const CardSubmitBodySchema = z.object({
  shopLogin: z.string(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  paymentTypeDetails: z.object({
    creditcard: z.object({ number: z.string(), expMonth: z.string(), expYear: z.string(), CVV: z.string() }),
  }),
});
export type CardSubmitBody = z.infer<typeof CardSubmitBodySchema>;

/** Builds the provider body from the parsed card form. */
export function cardSubmitBody(card: CardForm, shopLogin: string, buyer: { name: string; email: string }): CardSubmitBody {
  return {
    shopLogin,
    buyer,
    paymentTypeDetails: { creditcard: { number: card.number, expMonth: card.month, expYear: card.year, CVV: card.cvv } },
  };
}
