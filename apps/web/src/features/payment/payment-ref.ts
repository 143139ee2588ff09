/** The provider's reference of a payment in the outcome URL (spec §4): PayPal's token or paymentID, Nexi's codTrans. */
export function paymentRefOf(search: Record<string, string | undefined>): string {
  return search.token ?? search.paymentID ?? search.codTrans ?? '';
}
