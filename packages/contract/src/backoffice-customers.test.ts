import { describe, expect, it } from 'vitest';
import { BookingCustomerQuerySchema } from './backoffice-bookings.js';
import { AdminCustomerSearchQuerySchema, isCustomerSearchable } from './backoffice-customers.js';
import { messages } from './common/messages.js';

describe('customer look-up text (decision 0481), as a table', () => {
  const TEXTS = ['', ' ', 'a', ' a ', 'ab', ' ab ', 'Rossi', 'x'.repeat(100), 'x'.repeat(101)];
  it('the console sends exactly the texts both look-ups accept, and both refuse the rest alike', () => {
    for (const q of TEXTS) {
      const customers = AdminCustomerSearchQuerySchema.safeParse({ q });
      const booking = BookingCustomerQuerySchema.safeParse({ q });
      expect(customers.success, JSON.stringify(q)).toBe(isCustomerSearchable(q));
      expect(booking.success, JSON.stringify(q)).toBe(isCustomerSearchable(q));
      expect(booking.error?.issues[0]?.message, JSON.stringify(q)).toBe(customers.error?.issues[0]?.message);
    }
    expect(isCustomerSearchable(' ab ')).toBe(true);
    expect(isCustomerSearchable(' a ')).toBe(false);
    expect(AdminCustomerSearchQuerySchema.safeParse({ q: 'a' }).error?.issues[0]?.message).toBe(messages.backofficeCustomers.searchTooShort);
  });
});
