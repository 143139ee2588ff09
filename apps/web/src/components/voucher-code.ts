import { VoucherCodeSchema } from '@farmacia/contract';
import '../lib/validation-locale';

/**
 * The discount code's check, in its own chunk: the schema needs zod, which the cart and checkout
 * screens must not evaluate on a phone's start (issue 22, decision 0579). VoucherBox imports this
 * when the code is first focused or submitted.
 */
export function parseVoucherCode(code: string): { code: string; error?: undefined } | { code?: undefined; error: string | undefined } {
  const parsed = VoucherCodeSchema.safeParse(code);
  return parsed.success ? { code: parsed.data } : { error: parsed.error.issues[0]?.message };
}
