import { fillMessage, messages, PASSWORD_MIN_LENGTH } from '@farmacia/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../components/ui/text-field';

/** An email typed as is: no capital, no spelling correction (signup, password recovery). */
export function EmailField({ error, field }: { error: string | undefined; field: UseFormRegisterReturn }) {
  return (
    <TextField
      label={messages.auth.emailLabel}
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      error={error}
      {...field}
    />
  );
}

/** A new password and its confirmation, the rule as the first one's hint (signup, password reset). */
export function NewPasswordFields({
  labels,
  fields,
  errors,
}: {
  labels: { password: string; confirmation: string };
  fields: { password: UseFormRegisterReturn; confirmation: UseFormRegisterReturn };
  errors: { password: string | undefined; confirmation: string | undefined };
}) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={fillMessage(messages.auth.passwordHint, { min: PASSWORD_MIN_LENGTH })}
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
