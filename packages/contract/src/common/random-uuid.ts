/**
 * A version 4 UUID (RFC 9562 §5.4) drawn with `crypto.getRandomValues`, for the ids the apps send
 * to make a submission idempotent (a withdrawal, a refund). Not `crypto.randomUUID`: browsers give it
 * only in a secure context, and a pharmacy's back office on a LAN address is not one.
 */
export function randomUuid(): string {
  // Web Crypto, global in browsers and in Node ≥ 19; the contract is built without the DOM's types.
  const { crypto } = globalThis as unknown as { crypto: { getRandomValues(array: Uint8Array): Uint8Array } };
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // variant 10
  const hex = Array.from(bytes, (b: number) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
