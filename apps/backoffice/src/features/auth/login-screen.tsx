import '../../lib/validation-locale';
import { messages, StaffWhoAmIResponseSchema, TokenResponseSchema, consoleMessages } from '@farmacia/contract';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { setSession } from '../../lib/session';
import { ErrorLine, errorLink } from '../../components/feedback';

/** A login input (named after its type) with the server's message under it, read with the field. */
function CredentialField({
  label,
  type,
  autoComplete,
  value,
  onChange,
  error,
}: {
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <>
      <label>
        {label}
        <input
          type={type}
          name={type}
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...errorLink(error, `${type}-error`)}
          required
        />
      </label>
      {error ? (
        <span id={`${type}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </>
  );
}

/**
 * Staff login with the same /auth/login as the app. A customer's credentials are accepted by the
 * server, so the back office checks the role (/admin/whoami answers 403) and ends that session.
 */
export function LoginScreen() {
  const navigate = useNavigate();
  const { expired } = useSearch({ from: '/login' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    setBusy(true);
    try {
      const { token } = await api('POST', '/auth/login', TokenResponseSchema, { email: email.trim(), password }, null);
      try {
        const { data } = await api('GET', '/admin/whoami', StaffWhoAmIResponseSchema, undefined, token);
        if (data.role === 'customer') throw new ApiError(403, '', 'FORBIDDEN');
        setSession(token, { ...data, role: data.role as 'pharmacist' | 'admin' });
      } catch (e) {
        if (e instanceof ApiError && e.status === 403) {
          await api('POST', '/auth/logout', null, undefined, token).catch(() => undefined);
          setError(messages.backoffice.staffOnly);
          return;
        }
        throw e;
      }
      await navigate({ to: '/ordini' });
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        setFieldErrors({ email: e.field('email'), password: e.field('password') });
      } else {
        setError(e instanceof Error ? e.message : consoleMessages.login.failed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <h1>{consoleMessages.layout.title}</h1>
      <p>{consoleMessages.login.staffOnly}</p>
      {expired ? (
        <p className="notice" role="status">
          {consoleMessages.login.sessionExpired}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        <CredentialField label={consoleMessages.common.email} type="email" autoComplete="username" value={email} onChange={setEmail} error={fieldErrors.email} />
        <CredentialField
          label={consoleMessages.login.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
        />
        <ErrorLine text={error} />
        <button type="submit" disabled={busy}>
          {busy ? consoleMessages.login.signingIn : consoleMessages.login.signIn}
        </button>
      </form>
    </main>
  );
}
