import { z } from 'zod';
import { AddressSchema } from './address.js';
import { dataEnvelope, IdSchema } from './common/api.js';
import { cartMessages, checkoutMessages, validationMessages } from './common/message-groups.js';
import { filledText } from './common/text.js';
import { CART_QUANTITY_MAX } from './constants.js';
import { ShippingMethodSchema } from './delivery.js';
import { PaymentTypeSchema } from './payment.js';
import { PrescriptionSchema } from './prescription.js';
import { ProductRequestSchema } from './product-request.js';
import type { ShippingRestriction } from './sale-rules.js';
import { DeliveryTypeSchema } from './shop.js';
import { ApplyVoucherSchema, VoucherSchema } from './voucher.js';

/** The cart's `shipping_restriction` (the rule and its type are in the schema-free sale-rules.ts). */
export const ShippingRestrictionSchema = z.object({
  /** Each refused delivery type with the Italian reason; a type not listed is allowed. */
  refusedTypes: z.partialRecord(DeliveryTypeSchema, z.string()),
  /** When set, home delivery (`address`) is allowed with these method types only, for `reason`. */
  methodsOnly: z.object({ types: z.array(z.string()), reason: z.string() }).nullable(),
}) satisfies z.ZodType<ShippingRestriction>;

/**
 * The cart (spec §2 Cart, §3 Cart, §4 Checkout, §5 Cart quantity; calls under `/cart`).
 * One open cart per customer and shop. Amounts in euro.
 */

/** A product line: `amount` is the unit price, `total` the line total. */
export const CartProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  amount: z.number(),
  quantity: z.number().int(),
  total: z.number(),
  image: z.string().nullable(),
  /** The product is on promotion (vouchers with include_promo_product 0 skip it). */
  promo: z.boolean(),
  /** A prescription-only medicine: a request the pharmacy settles, never paid online. */
  prescription_only: z.boolean(),
  /**
   * The product left the catalogue after it was added: kept on the line so the customer sees it and
   * can remove it, out of the totals (`amount` and `total` 0); the checkout refuses it.
   */
  unavailable: z.boolean(),
  /**
   * Why it is unavailable, when the catalogue still has it: this shop does not sell it (the customer
   * switched shop, or the shop took it off sale). Its page still opens and offers to request it.
   */
  not_sold_here: z.boolean(),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

/**
 * The cart as `GET /cart` answers it (`{ data: Cart }`). `shippingType` is the checkout's delivery
 * type; `address` the chosen delivery address (address) and `pickuppoint` the chosen pickup
 * point (pickupPoint), both `null` otherwise. `total` includes delivery, before the voucher
 * discount (`apply_voucher.discount_amount`).
 */
export const CartSchema = z.object({
  id: z.number().int(),
  products: z.array(CartProductSchema),
  prescriptions: z.array(PrescriptionSchema),
  product_requests: z.array(ProductRequestSchema),
  subTotal: z.number(),
  total: z.number(),
  totalQuantity: z.number().int(),
  shippingType: DeliveryTypeSchema.nullable(),
  shippingMethod: ShippingMethodSchema.nullable(),
  address: AddressSchema.nullable(),
  pickuppoint: AddressSchema.nullable(),
  paymentType: PaymentTypeSchema.nullable(),
  vouchers: z.array(VoucherSchema),
  apply_voucher: ApplyVoucherSchema.nullable(),
  /** The delivery the online-sale rules allow for what the cart holds (decision 0400). */
  shipping_restriction: ShippingRestrictionSchema,
});
export type Cart = z.infer<typeof CartSchema>;

/** What a new cart and a cleared one both show: no line, no total, no delivery or payment chosen. */
export const EMPTY_CART_CONTENT: Pick<
  Cart,
  'products' | 'prescriptions' | 'product_requests' | 'subTotal' | 'total' | 'totalQuantity' | 'shippingType' | 'shippingMethod' | 'paymentType'
> = {
  products: [],
  prescriptions: [],
  product_requests: [],
  subTotal: 0,
  total: 0,
  totalQuantity: 0,
  shippingType: null,
  shippingMethod: null,
  paymentType: null,
};

/** A new cart as `GET /cart` answers it (but its id): empty, nothing chosen, no voucher, no delivery restricted. */
export const NEW_CART: Omit<Cart, 'id'> = {
  ...EMPTY_CART_CONTENT,
  address: null,
  pickuppoint: null,
  vouchers: [],
  apply_voucher: null,
  shipping_restriction: { refusedTypes: {}, methodsOnly: null },
};

/** `GET /cart`, `PUT /cart` and the cart-changing calls → `{ data: Cart }`. */
export const CartResponseSchema = dataEnvelope(CartSchema);
export type CartResponse = z.infer<typeof CartResponseSchema>;

/** Spec §2: the Carrello tab badge (defined in a zod-free module, decision 0145). */
export { cartBadgeCount, isCartEmpty } from './cart-badge.js';

/** Spec §5: the quantity choices and the removal rule (schema-free, decision 0579). */
export * from './cart-rules.js';

/**
 * `POST /cart/products/{code}` body `{ quantity }` (add and set): an integer up to 10; 0 or less
 * removes the product (spec §5), so negative integers are accepted and mean "remove".
 */
export const CartQuantityBodySchema = z.object({
  quantity: z
    .number({ error: cartMessages.quantityRange })
    .int(cartMessages.quantityRange)
    .max(CART_QUANTITY_MAX, cartMessages.quantityRange)
    .min(-1_000_000, cartMessages.quantityRange),
});
export type CartQuantityBody = z.input<typeof CartQuantityBodySchema>;


/** Path params `/cart/products/{code}`: the product's ministerial code (or another shop code). */
export const CartProductParamsSchema = z.object({
  code: z
    .string({ error: validationMessages.invalid })
    .trim()
    .regex(/^[0-9A-Za-z]{1,20}$/, validationMessages.invalid),
});

/** A shipping method in a body: an object or its JSON text (spec §7 "shippingMethod as JSON"). */
const ShippingMethodInputSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return null;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z
    .object(
      {
        type: filledText(checkoutMessages.selectDeliveryMethod),
        label: z.string().optional(),
        price: z.number().optional(),
      },
      { error: checkoutMessages.selectDeliveryMethod },
    )
    .nullable(),
);

/**
 * `PUT /cart` (spec §7 `{shippingType, address, shippingMethod as JSON, paymentType}`): each key
 * present changes that choice (`null` clears it), an absent key keeps it. `address` is the id of
 * a user address (address) or of a pickup point (pickupPoint). Only the method's `type` is used:
 * its label and price are read from the shop's configuration, never trusted from the client.
 */
export const CartUpdateBodySchema = z.object({
  shippingType: DeliveryTypeSchema.nullable().optional(),
  address: IdSchema.nullable().optional(),
  shippingMethod: ShippingMethodInputSchema.optional(),
  paymentType: PaymentTypeSchema.nullable().optional(),
});
export type CartUpdateBody = z.input<typeof CartUpdateBodySchema>;
export type CartUpdate = z.output<typeof CartUpdateBodySchema>;
