import { z } from 'zod';
import { dataEnvelope, dataListEnvelope } from './common/api.js';
import { optionalBooleanish } from './common/flags.js';
import { addressesMessages } from './common/message-groups.js';
import { optionalText, requiredText } from './common/text.js';
import { ADDRESS_COUNTRY, ADDRESS_MAX } from './constants.js';

/**
 * Addresses (spec §3 Address, §5 Address, §6; calls `/address[/{id}]`). A user address has
 * `system: false`; a pickup point is a `system: true` address the shop publishes: listed for the
 * checkout, hidden in the address book, never editable by the customer.
 */

/** An address as the API answers it. `country` is always 'it'. */
export const AddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address_1: z.string(),
  address_2: z.string().nullable(),
  city: z.string(),
  /** Provincia. */
  state_region: z.string(),
  postal_code: z.string(),
  phone_number: z.string().nullable(),
  country: z.literal(ADDRESS_COUNTRY),
  default: z.boolean(),
  system: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

/**
 * `POST /address` and `PUT /address/{id}` (spec §5): name ≤ 50, address_1 ≤ 60 and city,
 * state_region ≤ 50, postal_code ≤ 20 required; address_2 ≤ 60 and phone_number ≤ 20 optional;
 * every field trimmed, so whitespace-only is empty (required → error, optional → null).
 * `country` may be omitted and is always 'it'; `default: true` makes it the default address.
 */
export const AddressBodySchema = z.object({
  name: requiredText(ADDRESS_MAX.name),
  address_1: requiredText(ADDRESS_MAX.address_1),
  address_2: optionalText(ADDRESS_MAX.address_2).transform((v) => v ?? null),
  city: requiredText(ADDRESS_MAX.city),
  state_region: requiredText(ADDRESS_MAX.state_region),
  postal_code: requiredText(ADDRESS_MAX.postal_code),
  phone_number: optionalText(ADDRESS_MAX.phone_number).transform((v) => v ?? null),
  country: z
    .string({ error: addressesMessages.countryItalyOnly })
    .trim()
    // 'it' in either case: a pattern, so the OpenAPI document states it (decision 0665).
    .regex(new RegExp(`^${[...ADDRESS_COUNTRY].map((c) => `[${c.toUpperCase()}${c}]`).join('')}$`), addressesMessages.countryItalyOnly)
    .nullish()
    .transform(() => ADDRESS_COUNTRY),
  default: optionalBooleanish(),
});
export type AddressBody = z.input<typeof AddressBodySchema>;
export type AddressInput = z.output<typeof AddressBodySchema>;

/** `GET /address` → `{ data: Address[] }` (user addresses and the shop's pickup points). */
export const AddressListResponseSchema = dataListEnvelope(AddressSchema);
export type AddressListResponse = z.infer<typeof AddressListResponseSchema>;

/** `GET /address/{id}`, `POST`, `PUT` → `{ data: Address }`. */
export const AddressResponseSchema = dataEnvelope(AddressSchema);
export type AddressResponse = z.infer<typeof AddressResponseSchema>;

/** The address book's rules (schema-free, decision 0579). */
export * from './address-rules.js';
