import { z } from 'zod';
import { DaySchema, dataEnvelope, dataListEnvelope, euroInput, IdSchema, TimestampSchema } from './common/api.js';
import { UploadedFileSchema } from './common/file.js';
import { fillMessage } from './common/messages.js';
import { backofficeShopMessages, validationMessages } from './common/message-groups.js';
import { HTTPS_URL_PATTERN, optionalText, requiredText, URL_CHARACTER } from './common/text.js';
import {
  CONTENT_KEYS,
  type OptionKey,
  type OptionValues,
  PrivacyConsentDefinitionSchema,
  PromotionSchema,
  SelectServiceSchema,
  ShippingConfigurationsSchema,
} from './shop.js';

/**
 * The back office's "Shop" calls (issue 8): options (with payment credentials that are never sent
 * back), content pages, vouchers, loyalty cards and the shop-service info requests inbox. Every
 * call acts on the caller's shop; an admin may name another with `shop_id` (decision 0281).
 */

const m = backofficeShopMessages;
const invalid = validationMessages.invalid;

/**
 * A nested schema whose own messages are English zod defaults, checked with Italian ones: every
 * issue keeps its path (so the form shows it under the right field) and, unless the schema set
 * its own text, says 'Valore non valido.'.
 */
function italian<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .transform((value, ctx): z.output<T> => {
      const result = schema.safeParse(value, { error: () => invalid });
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    })
    .meta(documentedAs(schema));
}

/**
 * The JSON Schema of what `schema` takes, as metadata for the OpenAPI document: a transform from
 * `unknown` is documented as `{}` (any value), which a fuzzer fills with anything (decision 0665).
 * Made when the document reads it, not when this module loads (~40 ms cold, and the web app loads
 * the contract): zod spreads a schema's metadata into its JSON Schema, and a proxy answers then.
 */
function documentedAs(schema: z.ZodType): Record<string, unknown> {
  let json: Record<string, unknown> | undefined;
  const made = () => {
    if (!json) {
      const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' });
      json = rest;
    }
    return json;
  };
  return new Proxy(
    {},
    {
      // zod's registry looks for an `id` when the metadata is added: there is none, and nothing is made for it.
      has: (_target, key) => key !== 'id' && key in made(),
      get: (_target, key) => (key === 'id' || typeof key !== 'string' ? undefined : made()[key]),
      ownKeys: () => Reflect.ownKeys(made()),
      getOwnPropertyDescriptor: (_target, key) =>
        typeof key === 'string' && key in made() ? { value: made()[key], enumerable: true, configurable: true, writable: true } : undefined,
    },
  );
}

const text = (max: number) =>
  z.string({ error: invalid }).trim().max(max, fillMessage(validationMessages.maxLength, { max }));

/**
 * HTTPS_URL_PATTERN, or a path of this server: '/' and what follows it but a second '/' (a
 * protocol-relative link would leave the server). Without a lookahead, which not every JSON Schema
 * tool reads.
 */
const SHOP_LINK_PATTERN = new RegExp(
  `^(?:${HTTPS_URL_PATTERN.source.slice(1, -1)}|\\/(?:${URL_CHARACTER.replace(']', '/]')}${URL_CHARACTER}*)?)$`,
);

/** A link the app may follow or load: https, or a path of this server ('/api/media/…', '/app/…'). */
export const ShopLinkSchema = z
  .string({ error: m.link })
  .trim()
  .max(500, fillMessage(validationMessages.maxLength, { max: 500 }))
  .regex(SHOP_LINK_PATTERN, m.link);

const HttpsUrlSchema = z
  .string({ error: m.httpsUrl })
  .trim()
  .max(500, fillMessage(validationMessages.maxLength, { max: 500 }))
  .regex(HTTPS_URL_PATTERN, m.httpsUrl);

const PhoneSchema = z
  .string({ error: m.phone })
  .trim()
  .regex(/^\+?[0-9][0-9 ./-]{4,18}[0-9]$/, m.phone);

const SwitchSchema = z.enum(['0', '1'], { error: m.switch });

const HhMmSchema = z
  .string({ error: validationMessages.invalidTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, validationMessages.invalidTime);

/** `open_on` (decision 0127) as the back office writes it: one line of text and the week's intervals. */
export const AdminOpeningHoursSchema = z
  .object(
    {
      timezone: z.literal('Europe/Rome', { error: invalid }).default('Europe/Rome'),
      text: requiredText(300),
      week: z
        .array(
          z.object(
            {
              day: z.number({ error: invalid }).int(invalid).min(1, invalid).max(7, invalid),
              label: requiredText(30),
              intervals: z
                .array(
                  z
                    .object({ from: HhMmSchema, to: HhMmSchema }, { error: invalid })
                    .refine((i) => i.to > i.from, { message: m.intervalOrder, path: ['to'] }),
                  { error: invalid },
                )
                .max(4, invalid),
            },
            { error: invalid },
          ),
          { error: invalid },
        )
        .max(7, invalid),
    },
    { error: invalid },
  )
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.week.forEach((d, i) => {
      if (seen.has(d.day)) ctx.addIssue({ code: 'custom', path: ['week', i, 'day'], message: m.dayRepeated });
      seen.add(d.day);
    });
  });

const SlideInputSchema = z.object(
  {
    image: ShopLinkSchema.refine((v) => v.length > 0, validationMessages.required),
    url: z.union([z.literal(''), ShopLinkSchema]).default(''),
    alt: requiredText(150),
  },
  { error: invalid },
);

/**
 * What the back office may write under each public option (spec §3 Options), with Italian
 * messages. The public schemas of `shop.ts` stay the reading contract; these add the limits.
 */
export const AdminOptionSchemas = {
  shop_name: requiredText(100),
  call_number: PhoneSchema,
  whatsapp_number: PhoneSchema,
  whatsapp_text: text(500),
  open_on: AdminOpeningHoursSchema,
  chatbot: SwitchSchema,
  galenica: SwitchSchema,
  turni: ShopLinkSchema,
  volantino: ShopLinkSchema,
  promotions: italian(z.array(PromotionSchema).max(200)),
  ecommerce_link: HttpsUrlSchema,
  ecommerce_logo: ShopLinkSchema,
  select_service: italian(z.array(SelectServiceSchema).max(12)),
  slides_image: z.array(SlideInputSchema, { error: invalid }).max(10, fillMessage(validationMessages.between, { min: 0, max: 10 })),
  cart_note: text(1000),
  order_shipping_configurations: italian(ShippingConfigurationsSchema),
  privacycheck: italian(z.array(PrivacyConsentDefinitionSchema).max(3)),
  prescription_staff_delivery: SwitchSchema,
} as const satisfies Record<OptionKey, z.ZodType>;

/** `PUT /admin/options` `options`: only the keys sent change; `null` removes the option. */
export const AdminOptionsPatchSchema = z
  .object(
    Object.fromEntries(Object.entries(AdminOptionSchemas).map(([k, s]) => [k, s.nullable().optional()])) as {
      [K in OptionKey]: z.ZodOptional<z.ZodNullable<(typeof AdminOptionSchemas)[K]>>;
    },
    { error: invalid },
  )
  .strict();

// --- Payment credentials -------------------------------------------------------------------------

/** Secrets go in; only whether they are set comes out (`*_set`). An empty secret keeps the stored one. */
const secretInput = z.string({ error: invalid }).trim().max(500, fillMessage(validationMessages.maxLength, { max: 500 })).default('');
const endpoint = z.union([z.literal(''), HttpsUrlSchema]).nullish();

export const PaymentProvidersUpdateSchema = z
  .object(
    {
      nexi: z.object({ alias: requiredText(100), macKey: secretInput, url: endpoint }, { error: invalid }).nullable().optional(),
      gestpay: z.object({ shopLogin: requiredText(100), apiKey: secretInput, apiUrl: endpoint }, { error: invalid }).nullable().optional(),
      paypal: z
        .object(
          { clientId: requiredText(200), clientSecret: secretInput, webhookId: requiredText(200), apiUrl: endpoint },
          { error: invalid },
        )
        .nullable()
        .optional(),
    },
    { error: invalid },
  )
  .strict();
export type PaymentProvidersUpdate = z.input<typeof PaymentProvidersUpdateSchema>;

/** A shop's payment credentials as the back office sees them: identifiers, never the secrets. */
export const MaskedPaymentProvidersSchema = z.object({
  nexi: z.object({ alias: z.string(), url: z.string().nullable(), macKey_set: z.boolean() }).nullable(),
  gestpay: z.object({ shopLogin: z.string(), apiUrl: z.string().nullable(), apiKey_set: z.boolean() }).nullable(),
  paypal: z
    .object({ clientId: z.string(), webhookId: z.string(), apiUrl: z.string().nullable(), clientSecret_set: z.boolean() })
    .nullable(),
});
export type MaskedPaymentProviders = z.infer<typeof MaskedPaymentProvidersSchema>;

/** Loyalty rates (private options): points per euro spent (0 = off), points per referred friend. */
export const LoyaltySettingsSchema = z.object(
  {
    points_per_euro: z.number({ error: validationMessages.invalidNumber }).min(0, invalid).max(100, invalid),
    referral_reward_points: z.number({ error: validationMessages.integer }).int(validationMessages.integer).min(0, invalid).max(100_000, invalid),
  },
  { error: invalid },
);
export type LoyaltySettings = z.infer<typeof LoyaltySettingsSchema>;

/** `GET /admin/options`: every public option (null when unset), the masked credentials and the loyalty rates. */
export const AdminOptionsResponseSchema = dataEnvelope(
  z.object({
    shop_id: z.number().int(),
    options: z.record(z.string(), z.unknown()) as unknown as z.ZodType<{ [K in OptionKey]: OptionValues[K] | null }>,
    payment_providers: MaskedPaymentProvidersSchema,
    loyalty: LoyaltySettingsSchema,
  }),
);
export type AdminOptionsResponse = z.infer<typeof AdminOptionsResponseSchema>;

/** `PUT /admin/options`. */
export const AdminOptionsUpdateSchema = z
  .object(
    {
      shop_id: IdSchema.optional(),
      options: AdminOptionsPatchSchema.optional(),
      payment_providers: PaymentProvidersUpdateSchema.optional(),
      loyalty: LoyaltySettingsSchema.partial().optional(),
    },
    { error: invalid },
  )
  .strict();
export type AdminOptionsUpdate = z.input<typeof AdminOptionsUpdateSchema>;

/** What an uploaded shop file is for: a carousel picture, or the shifts / flyer PDF. */
export const ShopUploadTargetSchema = z.enum(['slide', 'turni', 'volantino'], { error: invalid });
export type ShopUploadTarget = z.infer<typeof ShopUploadTargetSchema>;

/** `POST /admin/options/media`: one file, checked by its bytes like every upload (decision 0300). */
export const ShopUploadBodySchema = z.object(
  { shop_id: IdSchema.optional(), target: ShopUploadTargetSchema, file: UploadedFileSchema },
  { error: invalid },
);
export type ShopUploadBody = z.input<typeof ShopUploadBodySchema>;
/** Where the file is served; for turni/volantino the option already points there. */
export const ShopUploadResponseSchema = dataEnvelope(z.object({ url: z.string(), content_type: z.string(), size: z.number().int() }));

// --- Content -----------------------------------------------------------------------------------------

export const AdminContentKeySchema = z.enum(CONTENT_KEYS);
/** One content page as stored (already sanitized on write), null when the shop has not written it. */
export const AdminContentEntrySchema = z.object({
  key: AdminContentKeySchema,
  html: z.string().nullable(),
  updated_at: TimestampSchema.nullable(),
});
export type AdminContentEntry = z.infer<typeof AdminContentEntrySchema>;
export const AdminContentListResponseSchema = dataListEnvelope(AdminContentEntrySchema);
export const AdminContentResponseSchema = dataEnvelope(AdminContentEntrySchema);

/** Shop HTML is at most 200 KB; the server keeps only what its allow-list permits. */
export const CONTENT_HTML_MAX = 200_000;
export const AdminContentBodySchema = z.object(
  {
    shop_id: IdSchema.optional(),
    html: z
      .string({ error: validationMessages.required })
      .max(CONTENT_HTML_MAX, fillMessage(validationMessages.maxLength, { max: CONTENT_HTML_MAX })),
  },
  { error: invalid },
);
export type AdminContentBody = z.input<typeof AdminContentBodySchema>;
/** `POST /admin/content/preview` → the HTML as the app would show it. */
export const ContentPreviewResponseSchema = dataEnvelope(z.object({ html: z.string() }));

// --- Vouchers ----------------------------------------------------------------------------------------

export const AdminVoucherKindSchema = z.enum(['percent', 'fixed', 'free_shipping'], { error: invalid });

export const AdminVoucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: AdminVoucherKindSchema,
  /** percent: 1–100; fixed: euro; free_shipping: 0. */
  value: z.number(),
  /** Rome days, inclusive; null = open. */
  valid_from: DaySchema.nullable(),
  valid_to: DaySchema.nullable(),
  total_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  /** Euro. */
  minimum_cart_total: z.number(),
  include_promo_product: z.boolean(),
  active: z.boolean(),
  uses: z.number().int(),
  updated_at: TimestampSchema,
});
export type AdminVoucher = z.infer<typeof AdminVoucherSchema>;
export const AdminVoucherListResponseSchema = dataListEnvelope(AdminVoucherSchema);
export const AdminVoucherResponseSchema = dataEnvelope(AdminVoucherSchema);

const limit = z.number({ error: validationMessages.integer }).int(validationMessages.integer).min(1, invalid).max(1_000_000, invalid).nullable().default(null);
const euro = euroInput(m.voucherAmount);

/** `POST /admin/vouchers` and `PUT /admin/vouchers/:id`: the whole voucher (rules of decision 0202). */
export const AdminVoucherBodySchema = z
  .object(
    {
      shop_id: IdSchema.optional(),
      code: z
        .string({ error: m.voucherCode })
        .trim()
        .regex(/^[A-Za-z0-9_-]{3,30}$/, m.voucherCode)
        .transform((c) => c.toUpperCase()),
      name: requiredText(100),
      description: optionalText(500, { multiline: true }),
      kind: AdminVoucherKindSchema,
      value: z.number({ error: invalid }).default(0),
      valid_from: DaySchema.nullable().default(null),
      valid_to: DaySchema.nullable().default(null),
      total_limit: limit,
      per_customer_limit: limit,
      minimum_cart_total: euro.default(0),
      include_promo_product: z.boolean({ error: validationMessages.boolean }).default(true),
      active: z.boolean({ error: validationMessages.boolean }).default(true),
    },
    { error: invalid },
  )
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && !(Number.isInteger(v.value) && v.value >= 1 && v.value <= 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: m.voucherPercent });
    if (v.kind === 'fixed' && !(v.value > 0 && v.value <= 100_000 && Math.abs(Math.round(v.value * 100) - v.value * 100) < 1e-6))
      ctx.addIssue({ code: 'custom', path: ['value'], message: m.voucherAmount });
    if (v.valid_from && v.valid_to && v.valid_to < v.valid_from)
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: m.voucherRange });
  });
export type AdminVoucherBody = z.input<typeof AdminVoucherBodySchema>;

export const AdminListQuerySchema = z.object({
  shop_id: IdSchema.optional(),
  q: z.string().trim().max(100, fillMessage(validationMessages.maxLength, { max: 100 })).optional(),
});

// --- Loyalty cards -------------------------------------------------------------------------------------

export const AdminLoyaltyCardSchema = z.object({
  id: z.number().int(),
  card_number: z.string(),
  score: z.number().int(),
  reset_date: DaySchema,
  updated_at: TimestampSchema,
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** When it was blocked (decision 0531); null = active. */
  blocked_at: TimestampSchema.nullable(),
  blocked_reason: z.string().nullable(),
});
export type AdminLoyaltyCard = z.infer<typeof AdminLoyaltyCardSchema>;
export const AdminLoyaltyCardListResponseSchema = dataListEnvelope(AdminLoyaltyCardSchema);

export const LoyaltyMovementSchema = z.object({
  id: z.number().int(),
  points: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  created_at: TimestampSchema,
});
export const AdminLoyaltyCardDetailResponseSchema = dataEnvelope(
  AdminLoyaltyCardSchema.extend({
    movements: z.array(LoyaltyMovementSchema),
    /** Numbers it had before re-issues, newest first: blocked for good (decision 0531). */
    previous_numbers: z.array(z.object({ card_number: z.string(), retired_at: TimestampSchema })),
  }),
);
export type AdminLoyaltyCardDetail = z.infer<typeof AdminLoyaltyCardDetailResponseSchema>['data'];

/** `POST /admin/loyalty-cards/:id/adjust`: points added (or taken, negative) with the reason. */
export const LoyaltyAdjustBodySchema = z.object(
  {
    shop_id: IdSchema.optional(),
    points: z
      .number({ error: validationMessages.integer })
      .int(validationMessages.integer)
      .min(-100_000, invalid)
      .max(100_000, invalid)
      .refine((p) => p !== 0, m.pointsNonZero),
    reason: requiredText(200),
  },
  { error: invalid },
);
export type LoyaltyAdjustBody = z.input<typeof LoyaltyAdjustBodySchema>;

/** `POST /admin/loyalty-cards/:id/reissue`: a new number for a lost card; points stay, the old number stops working. */
export const LoyaltyReissueBodySchema = z.object({ shop_id: IdSchema.optional(), reason: requiredText(200) }, { error: invalid });

/** `POST /admin/loyalty-cards/:id/block`: the card stops earning and its barcode is withdrawn; the reason is optional. */
export const LoyaltyBlockBodySchema = z.object({ shop_id: IdSchema.optional(), reason: optionalText(200) }, { error: invalid });
/** `POST /admin/loyalty-cards/:id/unblock`. */
export const LoyaltyUnblockBodySchema = z.object({ shop_id: IdSchema.optional() }, { error: invalid });

// --- Shop-service info requests --------------------------------------------------------------------

export const InfoRequestStatusSchema = z.enum(['new', 'handled']);
export const AdminInfoRequestSchema = z.object({
  id: z.number().int(),
  status: InfoRequestStatusSchema,
  shop_service_id: z.number().int(),
  shop_service_name: z.string(),
  note: z.string().nullable(),
  reply: z.string().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string(), phone_number: z.string().nullable() }),
  created_at: TimestampSchema,
  handled_at: TimestampSchema.nullable(),
  handled_by_name: z.string().nullable(),
});
export type AdminInfoRequest = z.infer<typeof AdminInfoRequestSchema>;
export const AdminInfoRequestListResponseSchema = z.object({
  data: z.array(AdminInfoRequestSchema),
  /** Requests not handled yet (the inbox badge). */
  new_count: z.number().int(),
});
export const AdminInfoRequestResponseSchema = dataEnvelope(AdminInfoRequestSchema);

export const InfoRequestListQuerySchema = z.object({
  shop_id: IdSchema.optional(),
  status: z.enum(['new', 'handled', 'all'], { error: invalid }).default('all'),
});

/** `POST /admin/info-requests/:id/handle`: marks it handled; a reply is sent to the customer. */
export const InfoRequestHandleBodySchema = z.object({ shop_id: IdSchema.optional(), reply: optionalText(2000, { multiline: true }) }, { error: invalid });
export type InfoRequestHandleBody = z.input<typeof InfoRequestHandleBodySchema>;
