import { z } from 'zod';

/** Invite a friend (spec §2 Referrer, §3, §7 `GET /profile/referrer` → data.code). */

/** The user's own friend code. */
export const ReferrerSchema = z.object({ code: z.string() });
export type Referrer = z.infer<typeof ReferrerSchema>;

/** `GET /profile/referrer` → `{ data: { code } }`. */
export const ReferrerResponseSchema = z.object({ data: ReferrerSchema });
export type ReferrerResponse = z.infer<typeof ReferrerResponseSchema>;

/** The share link (spec §2: "a share link with a ref query"): the signup page with `ref`. */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/auth/login?segment=signup&ref=${encodeURIComponent(code)}`;
}
