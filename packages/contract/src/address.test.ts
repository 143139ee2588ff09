import { describe, expect, it } from 'vitest';
import { type Address, AddressBodySchema, AddressSchema, addressBookEntries, pickupPoints } from './address.js';
import { fieldErrors } from './common/api.js';
import { messages } from './common/messages.js';
import { ADDRESS_MAX } from './constants.js';

const valid = {
  name: 'Casa',
  address_1: 'Via Roma 1',
  city: 'Milano',
  state_region: 'MI',
  postal_code: '20121',
};

const errorsOf = (value: unknown) => {
  const result = AddressBodySchema.safeParse(value);
  return result.success ? undefined : fieldErrors(result.error);
};

describe('AddressBodySchema maxima 50/60/60/50/50/20/20', () => {
  it.each(Object.entries(ADDRESS_MAX))('%s: accepts %i characters, refuses one more', (field, max) => {
    expect(errorsOf({ ...valid, [field]: 'x'.repeat(max) })).toBeUndefined();
    expect(errorsOf({ ...valid, [field]: 'x'.repeat(max + 1) })).toEqual({ [field]: [`Massimo ${max} caratteri.`] });
  });

  it('uses the spec maxima', () => {
    expect(Object.values(ADDRESS_MAX)).toEqual([50, 60, 60, 50, 50, 20, 20]);
  });

  it('counts the length after trimming', () => {
    expect(AddressBodySchema.parse({ ...valid, name: `  ${'x'.repeat(50)}  ` }).name).toBe('x'.repeat(50));
  });
});

describe('AddressBodySchema required and optional fields', () => {
  it('requires name, address_1, city, state_region, postal_code', () => {
    expect(errorsOf({})).toEqual({
      name: [messages.validation.required],
      address_1: [messages.validation.required],
      city: [messages.validation.required],
      state_region: [messages.validation.required],
      postal_code: [messages.validation.required],
    });
  });

  it('treats whitespace-only as empty: required fields fail, optional become null', () => {
    expect(errorsOf({ ...valid, city: '   ' })).toEqual({ city: [messages.validation.required] });
    const parsed = AddressBodySchema.parse({ ...valid, address_2: '   ', phone_number: ' ' });
    expect(parsed.address_2).toBeNull();
    expect(parsed.phone_number).toBeNull();
  });

  it('fixes the country to it and defaults default to false', () => {
    expect(AddressBodySchema.parse(valid)).toEqual({
      ...valid,
      address_2: null,
      phone_number: null,
      country: 'it',
      default: false,
    });
    expect(AddressBodySchema.parse({ ...valid, country: 'IT', default: 1 })).toMatchObject({ country: 'it', default: true });
    expect(errorsOf({ ...valid, country: 'fr' })).toEqual({ country: [messages.addresses.countryItalyOnly] });
  });
});

describe('address lists', () => {
  const make = (id: number, extra: Partial<Address>): Address =>
    AddressSchema.parse({
      id,
      ...valid,
      address_2: null,
      phone_number: null,
      country: 'it',
      default: false,
      system: false,
      ...extra,
    });
  const list = [make(1, {}), make(2, { system: true }), make(3, { default: true })];

  it('the address book hides system addresses and puts the default first', () => {
    expect(addressBookEntries(list).map((a) => a.id)).toEqual([3, 1]);
  });

  it('pickup points are the system addresses', () => {
    expect(pickupPoints(list).map((a) => a.id)).toEqual([2]);
  });
});
