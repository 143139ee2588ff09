import type { Selectable } from 'kysely';
import type { Timestamped, WithId } from '../../db/row.js';

/** A payment as the built-in sandbox provider keeps it. `data` is provider-specific JSON. */
export interface PaymentSandboxTable extends WithId, Timestamped {
  /** nexi | gestpay | paypal */
  provider: string;
  /** Nexi codTrans, Axerve paymentID, PayPal order id. */
  ref: string;
  /** Nexi alias, Axerve shopLogin, PayPal client id. */
  merchant: string;
  /** Axerve paymentToken. */
  token: string | null;
  state: string;
  amount_cents: number;
  currency: string;
  data: string;
}
export type PaymentSandboxRow = Selectable<PaymentSandboxTable>;

export interface PaymentSandboxTables {
  payment_sandbox: PaymentSandboxTable;
}
