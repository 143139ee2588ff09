import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginRequest, LoginRequestSchema, authMessages, RecoveryRequestSchema } from '@farmacia/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { reportError } from '../../app/error-log';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast';
import { applyServerErrors } from '../../lib/server-errors';
import { login, requestPasswordRecovery } from './auth-api';
import { EmailField } from './auth-fields';
import { useFinishLogin } from './use-finish-login';
import { formField } from '../../components/form-field';
import '../../lib/validation-locale';

type Mode = 'login' | 'recovery' | 'recovery-sent';

/** The Accedi tab: the login form, or the password recovery form and its 'Mail inviata' state. */
export function LoginPanel({ redirect }: { redirect: string | undefined }) {
  const [mode, setMode] = useState<Mode>('login');
  const [identifier, setIdentifier] = useState('');

  if (mode === 'recovery-sent') {
    return (
      <section className="auth__panel" aria-labelledby="recovery-sent-title">
        <h2 id="recovery-sent-title">{authMessages.mailSent}</h2>
        <p>{authMessages.recoveryRequested}</p>
        <Button variant="secondary" block onClick={() => setMode('login')}>
          {authMessages.backToLogin}
        </Button>
      </section>
    );
  }
  if (mode === 'recovery') {
    return (
      <RecoveryForm
        initialEmail={identifier.includes('@') ? identifier : ''}
        onSent={() => setMode('recovery-sent')}
        onCancel={() => setMode('login')}
      />
    );
  }
  return (
    <LoginForm
      redirect={redirect}
      onForgotPassword={(typed) => {
        setIdentifier(typed);
        setMode('recovery');
      }}
    />
  );
}

function LoginForm({ redirect, onForgotPassword }: { redirect: string | undefined; onForgotPassword: (typed: string) => void }) {
  const finishLogin = useFinishLogin(redirect);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({ resolver: zodResolver(LoginRequestSchema), defaultValues: { email: '', password: '' } });
  const field = formField(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { token } = await login(values);
      finishLogin(token);
    } catch (error) {
      reportError('login', error);
      if (applyServerErrors(error, ['email', 'password'], setError).length > 0) return;
      // 429 already has its own toast (the API client's event); no network shows the offline notice.
      if (isApiError(error) && (error.status === 429 || error.status === 0)) return;
      showToast(authMessages.wrongCredentials, { tone: 'danger' });
      setError('password', { type: 'server', message: authMessages.wrongCredentials });
    }
  });

  return (
    <form className="form auth__panel" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
      <h2 id="login-title" className="form__title">
        {authMessages.loginTitle}
      </h2>
      <TextField
        label={authMessages.identifierLabel}
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        {...field('email')}
      />
      <TextField
        label={authMessages.passwordLabel}
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <Button type="submit" block busy={isSubmitting}>
        {authMessages.loginSubmit}
      </Button>
      <Button variant="link" block onClick={() => onForgotPassword(getValues('email'))}>
        {authMessages.forgotPassword}
      </Button>
    </form>
  );
}

type RecoveryValues = z.input<typeof RecoveryRequestSchema>;

function RecoveryForm({ initialEmail, onSent, onCancel }: { initialEmail: string; onSent: () => void; onCancel: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RecoveryValues, unknown, z.output<typeof RecoveryRequestSchema>>({
    resolver: zodResolver(RecoveryRequestSchema),
    defaultValues: { email: initialEmail },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestPasswordRecovery(values.email);
      onSent();
    } catch (error) {
      reportError('recovery', error);
      if (applyServerErrors(error, ['email'], setError).length > 0) return;
      // Refused by the hourly limit: said on the field, where it stays, not only in the brief
      // toast (issue 19: the refusal looked like nothing happened).
      if (isApiError(error) && error.status === 429) {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (isApiError(error) && error.status === 0) return;
      showToast(authMessages.wrongCredentials, { tone: 'danger' });
    }
  });

  return (
    <form className="form auth__panel" onSubmit={onSubmit} noValidate aria-labelledby="recovery-title">
      <h2 id="recovery-title" className="form__title">
        {authMessages.recoveryTitle}
      </h2>
      <p>{authMessages.recoveryIntro}</p>
      <EmailField error={errors.email?.message} field={register('email')} />
      <Button type="submit" block busy={isSubmitting}>
        {authMessages.recoverySubmit}
      </Button>
      <Button variant="link" block onClick={onCancel}>
        {authMessages.backToLogin}
      </Button>
    </form>
  );
}
