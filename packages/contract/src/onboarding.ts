import { z } from 'zod';
import { dataEnvelope, dataListEnvelope, IdSchema, TimestampSchema } from './common/api.js';
import { messages } from './common/messages.js';
import { optionalText, requiredText } from './common/text.js';
import { EmailSchema, NewPasswordSchema } from './auth.js';

/** Going live without SQL (issue 15): the first set-up and the invitations of pharmacists. */

const M = messages.onboarding;

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

const blankToNull = <T extends z.ZodType>(schema: T) => schema.transform((v) => (v === undefined ? null : v));

/**
 * The shop's legal identity as `npm run setup` takes it (columns of migration 0100). Every field
 * may be left for the back office; what is given must be well formed.
 */
export const SetupLegalDataSchema = z.object({
  legal_name: blankToNull(optionalText(200)),
  vat_number: blankToNull(optionalText(11).refine((v) => v === undefined || /^\d{11}$/.test(v), M.vatNumber)),
  registered_office: blankToNull(optionalText(200)),
  responsible_pharmacist: blankToNull(optionalText(100)),
  pharmacist_registration: blankToNull(optionalText(60)),
  ministry_authorization_code: blankToNull(optionalText(60)),
  ministry_authorization_date: blankToNull(
    optionalText(10).refine((v) => v === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), M.isoDate),
  ),
  ministry_list_url: blankToNull(optionalText(500).refine((v) => v === undefined || /^https:\/\/\S+$/.test(v), M.httpsUrl)),
});
export type SetupLegalData = z.output<typeof SetupLegalDataSchema>;

/** The first admin: a password now, or none and a one-time set-password link. */
export const SetupAdminSchema = z.object({
  name: requiredText(100),
  email: EmailSchema,
  password: NewPasswordSchema.optional(),
});
export type SetupAdmin = z.output<typeof SetupAdminSchema>;
