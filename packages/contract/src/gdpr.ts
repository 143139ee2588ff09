import { z } from 'zod';
import { gdprMessages } from './common/message-groups.js';

/**
 * The customer's rights over their data (GDPR art. 15, 17, 20): `GET /profile/export` downloads
 * everything the pharmacy holds about them as JSON; `DELETE /profile` erases the account after
 * the password is confirmed (orders are kept, without personal data, for the legal retention).
 */

/** `DELETE /profile` body: the current password, as a confirmation that the owner is asking. */
export const DeleteAccountRequestSchema = z.object({
  password: z.string({ error: gdprMessages.passwordRequired }).min(1, gdprMessages.passwordRequired).max(128),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;

/** `DELETE /profile` → 200 `{ message }`: the account is erased and every session ended. */
export const DeleteAccountResponseSchema = z.object({ message: z.string() });

/** The export's version tag: a reader can tell which layout it holds. */
export const ACCOUNT_EXPORT_FORMAT = 'farmacia-export/1';

/**
 * `GET /profile/export` → the data as JSON: the profile, then every table row that belongs to the
 * user (`tables`, by table name, secrets such as password hashes and push keys left out), and the
 * uploaded files with the address to download each.
 */
export const AccountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  exported_at: z.string(),
  profile: z.record(z.string(), z.unknown()),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  files: z.array(z.object({ id: z.number(), name: z.string(), mime_type: z.string(), size: z.number(), url: z.string() })),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
