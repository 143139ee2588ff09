import { fillMessage, authMessages, PASSWORD_MIN_LENGTH } from '@farmacia/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './ui/text-field';

/**
 * A new password and its confirmation (signup, password reset, profile), the first one's hint the
 * password rule unless told otherwise.
 */
export function NewPasswordFields({
  labels,
  hint = fillMessage(authMessages.passwordHint, { min: PASSWORD_MIN_LENGTH }),
  fields,
  errors,
}: {
  labels: { password: string; confirmation: string };
  hint?: string;
  fields: { password: UseFormRegisterReturn; confirmation: UseFormRegisterReturn };
  errors: { password: string | undefined; confirmation: string | undefined };
}) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={hint}
        error={errors.password}
        {...fields.password}
      />
      <TextField
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
        error={errors.confirmation}
        {...fields.confirmation}
      />
    </>
  );
}
