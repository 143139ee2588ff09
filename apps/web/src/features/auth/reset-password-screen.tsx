import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, ResetPasswordRequestSchema } from '@farmacia/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast';
import { applyServerErrors } from '../../lib/server-errors';
import { resetPassword } from './auth-api';
import { NewPasswordFields } from '../../components/new-password-fields';
import '../../lib/validation-locale';

type ResetInput = z.input<typeof ResetPasswordRequestSchema>;
type ResetOutput = z.output<typeof ResetPasswordRequestSchema>;

// The route by its id, not by importing routes.tsx: that file imports this screen (lazily), so an
// import back would be a cycle.
const routeApi = getRouteApi('/_app/auth/reset/$token');

/** /auth/reset/{token}?email= (spec §2): email read-only, new password twice, then a link to login. */
export function ResetPasswordScreen() {
  const { token } = routeApi.useParams();
  const { email } = routeApi.useSearch();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput, unknown, ResetOutput>({
    resolver: zodResolver(ResetPasswordRequestSchema),
    defaultValues: { email: email ?? '', token, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await resetPassword(values);
        setDone(true);
      } catch (error) {
        if (applyServerErrors(error, ['password', 'password_confirmation'], setError).length > 0) return;
        if (isApiError(error) && (error.status === 429 || error.status === 0)) return;
        // A wrong, expired or used token (or a link without its email): ask for a new link.
        showToast(authMessages.resetFailed, { tone: 'danger' });
      }
    },
    (invalid) => {
      if (invalid.email || invalid.token) showToast(authMessages.resetFailed, { tone: 'danger' });
    },
  );

  if (done) {
    return (
      <div className="page auth">
        <h1>{authMessages.resetTitle}</h1>
        <p role="status">{authMessages.resetDone}</p>
        <Link to="/auth/login" search={{ segment: 'login' }} className="button button--primary button--block">
          {authMessages.goToLogin}
        </Link>
      </div>
    );
  }

  return (
    <div className="page auth">
      <h1>{authMessages.resetTitle}</h1>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label={authMessages.emailLabel} type="email" readOnly value={email ?? ''} autoComplete="username" />
        <NewPasswordFields
          labels={{ password: authMessages.newPasswordLabel, confirmation: authMessages.newPasswordConfirmationLabel }}
          fields={{ password: register('password'), confirmation: register('password_confirmation') }}
          errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
        />
        <Button type="submit" block busy={isSubmitting}>
          {authMessages.resetSubmit}
        </Button>
      </form>
    </div>
  );
}
