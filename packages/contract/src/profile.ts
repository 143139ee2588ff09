import { z } from 'zod';
import { EmailSchema, INVALID_BODY, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, consentFlag, givenConsent } from './auth.js';
import { FiscalCodeSchema } from './common/fiscal-code.js';
import { fillMessage } from './common/messages.js';
import { privacyMessages, validationMessages } from './common/message-groups.js';
import { ProfilePhoneSchema } from './common/phone.js';
import { filledText, requiredText } from './common/text.js';

/** A 0/1 flag as the profile carries it on the wire. */
export const BinaryFlagSchema = z.union([z.literal(0), z.literal(1)]);
export type BinaryFlag = z.infer<typeof BinaryFlagSchema>;

/**
 * The logged-in user's profile (spec §3 Profile). `phone_number` is in the profile format's
 * digits ('39' + national number, e.g. '393331234567'); `codice_fiscale` is the main fiscal code.
 * `checkprivacy` 1 means the app must gate the user to the privacy pages.
 */
export const ProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  codice_fiscale: z.string().nullable(),
  checkprivacy: BinaryFlagSchema,
  privacy1: BinaryFlagSchema,
  privacy2: BinaryFlagSchema,
  privacy3: BinaryFlagSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** `GET /profile`, `PUT /profile`, `POST /setuserprivacy` → `{ data: Profile }`. */
export const ProfileResponseSchema = z.object({ data: ProfileSchema });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/**
 * `PUT /profile` (spec §5 Profile): name, email, phone (profile format, spaces and dashes
 * stripped) and fiscal code required; a blank password keeps the current one, a new one needs
 * its confirmation.
 */
export const UpdateProfileRequestSchema = z
  .object({
    name: requiredText(NAME_MAX_LENGTH),
    email: EmailSchema,
    password: z.string().nullish().meta({ description: `Vuota: resta quella attuale; altrimenti da ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caratteri.` }),
    password_confirmation: z.string().nullish(),
    phone_number: ProfilePhoneSchema,
    codice_fiscale: FiscalCodeSchema,
  }, INVALID_BODY)
  .superRefine((v, ctx) => {
    const password = v.password ?? '';
    if (password === '') return;
    if (password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: fillMessage(validationMessages.passwordTooShort, { min: PASSWORD_MIN_LENGTH }),
      });
    } else if (password.length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: fillMessage(validationMessages.maxLength, { max: PASSWORD_MAX_LENGTH }),
      });
    }
    if ((v.password_confirmation ?? '') !== password) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: validationMessages.passwordsMismatch });
    }
  });
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

/**
 * `POST /setuserprivacy` (spec §7): privacy1 is mandatory ('Questo consenso è obbligatorio'),
 * privacy2 and privacy3 optional. Booleans or 0/1.
 */
export const SetUserPrivacyRequestSchema = z.object({
  privacy1: givenConsent(privacyMessages.consentRequired),
  privacy2: consentFlag(validationMessages.boolean).optional().default(false),
  privacy3: consentFlag(validationMessages.boolean).optional().default(false),
}, INVALID_BODY);
export type SetUserPrivacyRequest = z.input<typeof SetUserPrivacyRequestSchema>;

/** Longest error message kept by `POST /error-log` (longer ones are cut, not refused). */
export const ERROR_LOG_MESSAGE_MAX = 2000;

/** `POST /error-log` (public): what went wrong in the app, e.g. a failed login or signup. */
export const ErrorLogRequestSchema = z.object({
  message: filledText(validationMessages.required, { multiline: true })
    .transform((m) => m.slice(0, ERROR_LOG_MESSAGE_MAX)),
  /** Optional structured details (route, status, app version...). */
  context: z.record(z.string(), z.unknown()).optional(),
}, INVALID_BODY);
export type ErrorLogRequest = z.input<typeof ErrorLogRequestSchema>;
