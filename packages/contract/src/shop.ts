import { z } from 'zod';
import { INVALID_BODY, RoleSchema } from './auth.js';
import { promotionPeriodMessages, shopMessages } from './common/message-groups.js';
import { promotionPeriodProblem } from './common/promotion-period.js';
// The list lives in a schema-free module (decision 0579); delivery.ts exports it.
import { DELIVERY_TYPES } from './delivery-rules.js';
import { MAX_ROW_ID } from './common/route-params.js';
import { DAY_PATTERN, EXISTING_DAY_DESCRIPTION, positiveId } from './common/api.js';
import { IF_NO_ISSUE_YET, orBlank } from './common/text.js';

/**
 * Shops, their options and content, the logo and the API version (spec §3 Shop, Options,
 * Content keys; §7 "Options, content and shops"). Server behaviour: docs/api-accounts.md.
 */

export const ShopSchema = z.object({ id: z.number().int(), name: z.string() });
export type Shop = z.infer<typeof ShopSchema>;

/** `GET /shops` and `PUT /shops`: the user's linked shops and the associated one. */
export const ShopsResponseSchema = z.object({
  data: z.array(ShopSchema),
  userShop: ShopSchema.nullable(),
});
export type ShopsResponse = z.infer<typeof ShopsResponseSchema>;

/** `PUT /shops`: associate the user with one of their linked shops. */
export const SetShopRequestSchema = z.object({
  shop_id: positiveId(z.coerce.number({ error: shopMessages.select }), shopMessages.select),
}, INVALID_BODY);
export type SetShopRequest = z.input<typeof SetShopRequestSchema>;

// --- Option values ------------------------------------------------------------------------------

const HhMm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * `open_on` (decision 0127): the week as ISO weekdays (1 = lunedì … 7 = domenica), each with its
 * opening intervals in the shop's time zone (none = closed), plus the human line to show.
 */
export const OpeningHoursSchema = z.object({
  timezone: z.string(),
  text: z.string(),
  week: z.array(
    z.object({
      day: z.number().int().min(1).max(7),
      label: z.string(),
      intervals: z.array(z.object({ from: HhMm, to: HhMm })),
    }),
  ),
});
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/** '' or a day: the shape is a pattern the OpenAPI document states, that the day exists is checked after it. */
const promotionDay = z
  .string()
  .regex(orBlank(DAY_PATTERN), promotionPeriodMessages.dayInvalid)
  .refine((d) => d === '' || promotionPeriodProblem({ start: d }) === null, { message: promotionPeriodMessages.dayInvalid, ...IF_NO_ISSUE_YET })
  .meta({ description: EXISTING_DAY_DESCRIPTION });

/** One entry of the `promotions` option; its array length is the Offerte tab badge (spec §2). */
export const PromotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** `YYYY-MM-DD`, inclusive; '' = open (decision 0530): the app shows and counts it only while it runs. */
  valid_from: promotionDay,
  valid_to: promotionDay,
  url: z.string().nullable(),
}).refine((p) => promotionPeriodProblem({ start: p.valid_from, end: p.valid_to })?.problem !== 'order', {
  message: promotionPeriodMessages.endBeforeStart,
  path: ['valid_to'],
});
export type Promotion = z.infer<typeof PromotionSchema>;

/** One featured service of the home page (`select_service`): the id of a bookable service. */
export const SelectServiceSchema = z.object({ id: z.number().int(), name: z.string() });
export type SelectService = z.infer<typeof SelectServiceSchema>;

/** One carousel slide (`slides_image`, spec §2 Home). */
export const SlideSchema = z.object({ image: z.string(), url: z.string(), alt: z.string() });
export type Slide = z.infer<typeof SlideSchema>;

/** Delivery types of spec §4 Checkout. */
export const DeliveryTypeSchema = z.enum(DELIVERY_TYPES);
export { DELIVERY_TYPES };
export type DeliveryType = z.infer<typeof DeliveryTypeSchema>;

/** A delivery method of a delivery type; `price` and `free_above` in euro, `free_above: null` = never free. */
export const ShippingMethodOptionSchema = z.object({
  type: z.string(),
  label: z.string(),
  price: z.number(),
  free_above: z.number().nullable(),
});
export type ShippingMethodOption = z.infer<typeof ShippingMethodOptionSchema>;

/**
 * `order_shipping_configurations` (ARCHITECTURE §4 Delivery): per delivery type its methods, and
 * per payment type the delivery types it allows.
 */
export const ShippingConfigurationsSchema = z.object({
  deliveryTypes: z.record(
    DeliveryTypeSchema,
    z.object({ enabled: z.boolean(), label: z.string(), methods: z.array(ShippingMethodOptionSchema) }),
  ),
  paymentTypes: z.record(
    z.string(),
    z.object({ label: z.string(), description: z.string(), shippingTypes: z.array(DeliveryTypeSchema) }),
  ),
});
export type ShippingConfigurations = z.infer<typeof ShippingConfigurationsSchema>;

/** One consent of the `privacycheck` option: privacy1 is the mandatory one. */
export const PrivacyConsentDefinitionSchema = z.object({
  key: z.enum(['privacy1', 'privacy2', 'privacy3']),
  label: z.string(),
  mandatory: z.boolean(),
  /** App path of the text to read (e.g. /app/privacy), or null. */
  link: z.string().nullable(),
});
export type PrivacyConsentDefinition = z.infer<typeof PrivacyConsentDefinitionSchema>;

/**
 * Every public option and the shape of its value (spec §3 Options; the EU logo's link is the
 * shop's `ministry_list_url` since decision 0405). A key that is not listed here is private (e.g. payment credentials) and
 * never answered by `/option/{key}` or `/optionsClean`.
 */
export const PublicOptionSchemas = {
  shop_name: z.string(),
  call_number: z.string(),
  whatsapp_number: z.string(),
  whatsapp_text: z.string(),
  open_on: OpeningHoursSchema,
  /** '1' shows the virtual assistant. */
  chatbot: z.string(),
  /** '1' enables galenica requests. */
  galenica: z.string(),
  /** Path or URL of the on-duty shifts PDF; unset = 'Al momento non ci sono turni disponibili.'. */
  turni: z.string(),
  /** Path or URL of the flyer PDF. */
  volantino: z.string(),
  promotions: z.array(PromotionSchema),
  ecommerce_link: z.string(),
  ecommerce_logo: z.string(),
  select_service: z.array(SelectServiceSchema),
  slides_image: z.array(SlideSchema),
  cart_note: z.string(),
  order_shipping_configurations: ShippingConfigurationsSchema,
  privacycheck: z.array(PrivacyConsentDefinitionSchema),
  /** '1': the shop's own staff may deliver prescription orders home (decision 0400); off when unset. */
  prescription_staff_delivery: z.string(),
} as const;

export type OptionKey = keyof typeof PublicOptionSchemas;
export const OPTION_KEYS = Object.keys(PublicOptionSchemas) as OptionKey[];
export const OptionKeySchema = z.enum(OPTION_KEYS as [OptionKey, ...OptionKey[]]);
/** Options stored as JSON text and answered parsed. */
export const JSON_OPTION_KEYS = [
  'open_on',
  'promotions',
  'select_service',
  'slides_image',
  'order_shipping_configurations',
  'privacycheck',
] as const satisfies readonly OptionKey[];

export type OptionValues = { [K in OptionKey]: z.infer<(typeof PublicOptionSchemas)[K]> };

/** `GET /option/{key}` → `{ data: value }`, `null` when the shop has not set it. */
export const OptionResponseSchema = z.object({ data: z.unknown() });
export function optionResponseSchema<K extends OptionKey>(
  key: K,
): z.ZodObject<{ data: z.ZodNullable<(typeof PublicOptionSchemas)[K]> }> {
  return z.object({ data: PublicOptionSchemas[key].nullable() }) as never;
}

/** `GET /optionsClean` → every public option the shop has set. */
export const OptionsCleanResponseSchema = z.object({
  data: z.object(
    Object.fromEntries(OPTION_KEYS.map((k) => [k, PublicOptionSchemas[k].optional()])) as {
      [K in OptionKey]: z.ZodOptional<(typeof PublicOptionSchemas)[K]>;
    },
  ),
});
export type OptionsClean = z.infer<typeof OptionsCleanResponseSchema>['data'];

/** Query of the public shop-scoped calls: which shop to read when not logged in (default: the first). */
export const ShopQuerySchema = z.object({
  shop_id: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
});

// --- Content ---------------------------------------------------------------------------------------

/** Content keys of spec §3: HTML the shop writes. */
export const CONTENT_KEYS = [
  'faq',
  'privacy',
  'tos',
  'privacycheck',
  'thankyou_note',
  'orderconfirmed_note',
  'shop_name',
  'shop_legal',
  'shop_url',
] as const;
export const ContentKeySchema = z.enum(CONTENT_KEYS);
export type ContentKey = z.infer<typeof ContentKeySchema>;

/** `GET /content/{key}` → sanitized HTML, `null` when the shop has not written it. */
export const ContentResponseSchema = z.object({ data: z.string().nullable() });
export type ContentResponse = z.infer<typeof ContentResponseSchema>;

// --- Version and staff -----------------------------------------------------------------------------

/** `GET /api/` → the API version; the app reloads when it changes (spec §4). */
export const VersionResponseSchema = z.object({
  version: z.string(),
  /** Changes when a shop's options or content are edited: the app refetches them (no reload). */
  data_version: z.string().optional(),
});
export type VersionResponse = z.infer<typeof VersionResponseSchema>;

/** `GET /admin/whoami` (pharmacist or admin). */
export const StaffWhoAmIResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: RoleSchema,
    shop_id: z.number().int(),
  }),
});
export type StaffWhoAmIResponse = z.infer<typeof StaffWhoAmIResponseSchema>;
