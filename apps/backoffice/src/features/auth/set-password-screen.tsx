import { MessageResponseSchema, messages } from '@farmacia/contract';
import { Link, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { errorLink, FieldError, FeedbackLine, useFeedback } from '../../components/feedback';

const M = messages.onboarding;

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
            Email
            <input type="email" name="email" autoComplete="username" value={email} readOnly />
          </label>
          <label>
            {messages.auth.newPasswordLabel}
            <input
              type="password"
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              {...errorLink(errors.password, 'password-error')}
            />
          </label>
          <FieldError errors={errors} name="password" />
          <label>
            {messages.auth.newPasswordConfirmationLabel}
            <input
              type="password"
              name="password_confirmation"
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              required
              {...errorLink(errors.password_confirmation, 'password_confirmation-error')}
            />
          </label>
          <FieldError errors={errors} name="password_confirmation" />
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
