import '../../lib/validation-locale';
import { MessageResponseSchema, messages, consoleMessages } from '@farmacia/contract';
import { Link, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { errorLink, FieldError, FeedbackLine, useFeedback } from '../../components/feedback';

const M = messages.onboarding;

/** A new password (`name` as the server names the field), its error under it. */
function NewPasswordField({
  label,
  name,
  value,
  onChange,
  errors,
}: { label: string; name: string; value: string; onChange: (value: string) => void; errors: Record<string, string[]> }) {
  return (
    <>
      <label>
        {label}
        <input
          type="password"
          name={name}
          autoComplete="new-password"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required
          {...errorLink(errors[name], `${name}-error`)}
        />
      </label>
      <FieldError errors={errors} name={name} />
    </>
  );
}

/**
 * The page of a one-time set-password link (a pharmacist's invitation, the first admin's set-up
 * link, decision 0418): the token and email come from the link, the password is chosen here and
 * `POST /auth/reset` uses the token up. Then the staff member logs in.
 */
export function SetPasswordScreen() {
  const { token, email } = useSearch({ from: '/password' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const { feedback, errors, fail, notice, clear } = useFeedback();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    setBusy(true);
    try {
      const res = await api('POST', '/auth/reset', MessageResponseSchema, { token, email, password, password_confirmation: confirmation }, null);
      notice(res.message);
      setDone(true);
    } catch (e) {
      fail(e as Error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <h1>{M.setPasswordTitle}</h1>
      {!token || !email ? (
        <p className="error" role="alert">
          {M.setPasswordInvalidLink}
        </p>
      ) : done ? (
        <>
          <FeedbackLine feedback={feedback} />
          <p>
            <Link to="/login">{messages.auth.loginSubmit}</Link>
          </p>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{M.setPasswordIntro}</p>
          <label>
            {consoleMessages.common.email}
            <input type="email" name="email" autoComplete="username" value={email} readOnly />
          </label>
          <NewPasswordField label={messages.auth.newPasswordLabel} name="password" value={password} onChange={setPassword} errors={errors} />
          <NewPasswordField
            label={messages.auth.newPasswordConfirmationLabel}
            name="password_confirmation"
            value={confirmation}
            onChange={setConfirmation}
            errors={errors}
          />
          <FieldError errors={errors} name="token" />
          <FeedbackLine feedback={feedback} />
          <button type="submit" disabled={busy}>
            {M.setPasswordSubmit}
          </button>
        </form>
      )}
    </main>
  );
}
