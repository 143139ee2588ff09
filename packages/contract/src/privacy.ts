import { privacyMessages } from './common/message-groups.js';
import type { PrivacyConsentDefinition } from './shop.js';

/**
 * Privacy consents (spec §2 /app/privacycheck, §5 Privacy consents, §7 `POST /setuserprivacy`).
 * The body schema is `SetUserPrivacyRequestSchema` (profile.ts) and the consents' definition the
 * `privacycheck` option (`PrivacyConsentDefinitionSchema`, shop.ts); these are the form's rules.
 */

export const PRIVACY_KEYS = ['privacy1', 'privacy2', 'privacy3'] as const;
export type PrivacyKey = (typeof PRIVACY_KEYS)[number];
export type PrivacyValues = Record<PrivacyKey, boolean>;

/** 'Questo consenso è obbligatorio' under each mandatory consent that is not given. */
export function privacyConsentErrors(
  definitions: readonly PrivacyConsentDefinition[],
  values: Partial<PrivacyValues>,
): Partial<Record<PrivacyKey, string>> {
  const errors: Partial<Record<PrivacyKey, string>> = {};
  for (const definition of definitions) {
    if (definition.mandatory && values[definition.key] !== true) errors[definition.key] = privacyMessages.consentRequired;
  }
  return errors;
}

/** The accept-all toggle (spec §5): every defined consent given. */
export function acceptAllConsents(definitions: readonly PrivacyConsentDefinition[]): PrivacyValues {
  const values: PrivacyValues = { privacy1: false, privacy2: false, privacy3: false };
  for (const definition of definitions) values[definition.key] = true;
  return values;
}

/** The accept-all toggle shows on when every defined consent is given. */
export function allConsentsGiven(definitions: readonly PrivacyConsentDefinition[], values: Partial<PrivacyValues>): boolean {
  return definitions.length > 0 && definitions.every((d) => values[d.key] === true);
}

/** Profile flags (0/1) → form values. */
export function privacyValuesOf(profile: Record<PrivacyKey, number | boolean>): PrivacyValues {
  return {
    privacy1: Number(profile.privacy1) === 1,
    privacy2: Number(profile.privacy2) === 1,
    privacy3: Number(profile.privacy3) === 1,
  };
}
