import { authMessages } from '@farmacia/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../components/ui/text-field';

/** An email typed as is: no capital, no spelling correction (signup, password recovery). */
export function EmailField({ error, field }: { error: string | undefined; field: UseFormRegisterReturn }) {
  return (
    <TextField
      label={authMessages.emailLabel}
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      error={error}
      {...field}
    />
  );
}
