import { z } from 'zod';
import { dataEnvelope, dataListEnvelope, IdSchema, TimestampSchema } from './common/api.js';
import { requiredText } from './common/text.js';
import { EmailSchema, NewPasswordSchema } from './auth.js';
import { ShopLegalBodySchema } from './shop-legal.js';

/** Going live without SQL (issue 15): the first set-up and the invitations of pharmacists. */

/** An invited pharmacist's set-password link is valid this long (decision 0418). */
export const STAFF_INVITATION_TTL_DAYS = 7;
/** The first admin's set-password link printed by `npm run setup` (decision 0417). */
export const SETUP_LINK_TTL_HOURS = 24;

/** `POST /admin/staff-invitations` (admins): who to invite and to which shop. */
export const StaffInvitationBodySchema = z.object({
  shop_id: IdSchema,
  name: requiredText(100),
  email: EmailSchema,
});
export type StaffInvitationBody = z.input<typeof StaffInvitationBodySchema>;

/** A pending invitation: the link was mailed and not used yet; `expired` once its time is over. */
export const StaffInvitationSchema = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  invited_at: TimestampSchema,
  expires_at: TimestampSchema,
  expired: z.boolean(),
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;
export const StaffInvitationResponseSchema = dataEnvelope(StaffInvitationSchema);
export const StaffInvitationListResponseSchema = dataListEnvelope(StaffInvitationSchema);

/**
 * The shop's legal identity as `npm run setup` takes it: the back office's own rule (check digit of
 * the partita IVA, a real calendar date, the authorization's code, date and link together), so a
 * value setup accepts is one the back office would accept too. Every field may be left blank.
 */
export const SetupLegalDataSchema = ShopLegalBodySchema;
export type SetupLegalData = z.output<typeof SetupLegalDataSchema>;

/** The first admin: a password now, or none and a one-time set-password link. */
export const SetupAdminSchema = z.object({
  name: requiredText(100),
  email: EmailSchema,
  password: NewPasswordSchema.optional(),
});
export type SetupAdmin = z.output<typeof SetupAdminSchema>;
