import { z } from 'zod';
import { FiscalCodeSchema } from './common/fiscal-code.js';
import { fillMessage } from './common/messages.js';
import { authMessages, shopMessages, validationMessages } from './common/message-groups.js';
import { SignupPhoneSchema } from './common/phone.js';
import { filledText, IF_NO_ISSUE_YET, optionalText, requiredText } from './common/text.js';
import { positiveId } from './common/api.js';

/**
 * Accounts and sessions: the bodies of `/api/auth/*` (spec §7 "Authentication", §5 "Login",
 * "Signup", "Reset password"). Server behaviour: ARCHITECTURE §4 Auth and docs/api-accounts.md.
 */

/** Decision 0121: at least 8 characters (NIST SP 800-63B), at most 128 (bounds the hashing cost). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Longest accepted email (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest accepted name of a person. */
export const NAME_MAX_LENGTH = 100;
/** Login by phone: the app sends a purely numeric identifier as `<digits>@phonenumber` (spec §5). */
export const PHONE_LOGIN_SUFFIX = '@phonenumber';

/** Message of a request body that is not a JSON object at all (e.g. an array). */
export const INVALID_BODY = { error: validationMessages.invalid };

/** The roles of ARCHITECTURE §4: customers use the app, pharmacists (per shop) and admins the back office. */
export const RoleSchema = z.enum(['customer', 'pharmacist', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

/** An email address: trimmed, lowercased (emails are unique case-insensitively), required, valid. */
export const EmailSchema = z
  .string({ error: validationMessages.required })
  .trim()
  .toLowerCase()
  .min(1, validationMessages.required)
  .max(EMAIL_MAX_LENGTH, fillMessage(validationMessages.maxLength, { max: EMAIL_MAX_LENGTH }))
  // z.email()'s own pattern, as a check the OpenAPI document states; only on a value of the right length.
  .regex(z.regexes.email, { message: validationMessages.email, ...IF_NO_ISSUE_YET })
  .meta({ example: 'cliente@farmacia.demo' });

/** Checks a new password and reports one message (the most useful) when it is not acceptable. */
function passwordProblem(value: string): string | undefined {
  if (value.length === 0) return validationMessages.required;
  if (value.length < PASSWORD_MIN_LENGTH) return fillMessage(validationMessages.passwordTooShort, { min: PASSWORD_MIN_LENGTH });
  if (value.length > PASSWORD_MAX_LENGTH) return fillMessage(validationMessages.maxLength, { max: PASSWORD_MAX_LENGTH });
  return undefined;
}

/**
 * A new password (signup, reset, profile): 8 to 128 characters, spaces kept as typed. The lengths
 * are told to the OpenAPI document beside the check that reports one message for them.
 */
export const NewPasswordSchema = z
  .string({ error: validationMessages.required })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

/**
 * Accepts the ways a checkbox travels (true/false, 1/0, '1'/'0') and gives a boolean.
 * `missingMessage` is shown when the value is absent or of another kind.
 */
export function consentFlag(missingMessage: string) {
  return z
    .union([z.boolean(), z.literal(1), z.literal(0), z.literal('1'), z.literal('0')], { error: missingMessage })
    .transform((v) => v === true || v === 1 || v === '1');
}

/**
 * A consent that must be given: only its "yes" forms (true, 1, '1') are valid, so the document says
 * so and a refused "no" is not a surprise to a client reading it. `message` for a "no", an absent
 * value or another kind alike.
 */
export function givenConsent(message: string) {
  // One literal of three values, not a union: one issue with `message`, which form resolvers show as is.
  return z.literal([true, 1, '1'], { error: message }).transform((): boolean => true);
}

/** `POST /auth/login`. `email` is an email or `<digits>@phonenumber` (spec §5). */
export const LoginRequestSchema = z.object({
  email: filledText(authMessages.identifierRequired)
    .max(EMAIL_MAX_LENGTH, fillMessage(validationMessages.maxLength, { max: EMAIL_MAX_LENGTH })),
  // Not trimmed: a password is compared exactly as typed.
  password: z
    .string({ error: validationMessages.required })
    .min(1, validationMessages.required)
    .max(1024, fillMessage(validationMessages.maxLength, { max: 1024 })),
}, INVALID_BODY);
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** Turns what the user typed in the login field into what is sent: digits become `<digits>@phonenumber`. */
export function loginIdentifier(typed: string): string {
  const value = typed.trim().replace(/[\s-]/g, '');
  if (/^\+?\d+$/.test(value)) return `${value.replace('+', '')}${PHONE_LOGIN_SUFFIX}`;
  return typed.trim();
}

/**
 * `POST /auth/register` (spec §3 Registration, §5 Signup). `privacy` must be accepted;
 * `referral` is another user's friend code; `shop_id` picks the shop (default: the first one).
 */
export const RegisterRequestSchema = z
  .object({
    name: requiredText(NAME_MAX_LENGTH),
    email: EmailSchema,
    password: NewPasswordSchema,
    password_confirmation: z.string({ error: validationMessages.required }).min(1, validationMessages.required),
    codice_fiscale: FiscalCodeSchema,
    phone_number: SignupPhoneSchema,
    privacy: givenConsent(authMessages.termsRequired),
    referral: optionalText(32),
    shop_id: positiveId(z.number({ error: shopMessages.select }), shopMessages.select).optional(),
  }, INVALID_BODY)
  .refine((v) => !v.password_confirmation || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: validationMessages.passwordsMismatch,
  });
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** Answer of login, register and refresh: the bearer token and when it expires (ISO-8601 UTC, = JWT `exp`). */
export const TokenResponseSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** The user a valid token belongs to, as `POST /auth/check` describes it. */
export const AuthUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  shop_id: z.number().int(),
  /** 1: the shop changed its terms, the app must gate the user to the privacy pages. */
  checkprivacy: z.union([z.literal(0), z.literal(1)]),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

/** `POST /auth/check` → 200 with the user; 401 when the token is missing, expired or revoked. */
export const CheckResponseSchema = z.object({
  valid: z.literal(true),
  user: AuthUserSchema,
});
export type CheckResponse = z.infer<typeof CheckResponseSchema>;

/** `POST /auth/recovery`: always answered 200 with a message, whether the account exists or not. */
export const RecoveryRequestSchema = z.object({ email: EmailSchema }, INVALID_BODY);
export type RecoveryRequest = z.input<typeof RecoveryRequestSchema>;

/** A plain confirmation. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** `POST /auth/reset` with the token of the mailed link `/auth/reset/{token}?email=`. */
export const ResetPasswordRequestSchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    password_confirmation: z.string({ error: validationMessages.required }).min(1, validationMessages.required),
    token: z.string({ error: authMessages.resetFailed }).trim().min(1, authMessages.resetFailed).max(200, authMessages.resetFailed),
  }, INVALID_BODY)
  .refine((v) => !v.password_confirmation || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: validationMessages.passwordsMismatch,
  });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;
